import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { openConfirmModal } from './confirm';

const dialog = (onConfirm: () => void) => ({
  title: 'Discard this file?',
  labels: { confirm: 'Discard', cancel: 'Keep' },
  onConfirm,
});

describe('openConfirmModal', () => {
  it('opens a dialog asked for before the host listens once the host is there', async () => {
    const onConfirm = vi.fn();
    openConfirmModal(dialog(onConfirm));
    expect(screen.queryByRole('dialog')).toBeNull();

    renderWithProviders(<p>Files</p>);
    expect(await screen.findByRole('dialog', { name: 'Discard this file?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('waits again once the host is gone, and opens with the next host', async () => {
    const first = renderWithProviders(<p>Files</p>);
    first.unmount();
    openConfirmModal(dialog(vi.fn()));
    expect(screen.queryByRole('dialog')).toBeNull();

    renderWithProviders(<p>Files</p>);
    expect(await screen.findByRole('dialog', { name: 'Discard this file?' })).toBeTruthy();
  });
});
