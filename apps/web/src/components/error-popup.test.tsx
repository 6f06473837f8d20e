import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { ErrorPopup } from './error-popup';

describe('ErrorPopup', () => {
  it("shows SPEC §2's generic message and reports Close", () => {
    const onClose = vi.fn();
    renderWithProviders(<ErrorPopup opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Error.!' });
    expect(dialog.textContent).toContain('Something went wrong Please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
