import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { Select } from './select';

/** Mantine's Select arrives when the test says, so the closed look-alike can be used first. */
const comboboxChunk = vi.hoisted(() => {
  let load = () => {};
  const loaded = new Promise<void>((resolve) => {
    load = resolve;
  });
  return { loaded, load };
});
vi.mock('./select-combobox', async (importOriginal) => {
  await comboboxChunk.loaded;
  return importOriginal();
});

describe('Select', () => {
  it('shows the chosen option at once; a click meanwhile opens Mantine’s Select once loaded', async () => {
    renderWithProviders(
      <Select
        label="Sort"
        data={[
          { value: 'newest', label: 'Newest first' },
          { value: 'oldest', label: 'Oldest first' },
        ]}
        value="oldest"
        onChange={vi.fn()}
      />,
    );
    const closed = screen.getByLabelText<HTMLInputElement>('Sort');
    expect(closed.value).toBe('Oldest first');
    fireEvent.click(closed);
    expect(screen.queryByRole('combobox')).toBeNull();

    comboboxChunk.load();
    const combobox = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Sort' });
    expect(combobox.value).toBe('Oldest first');
    expect(document.activeElement).toBe(combobox);
    expect(await screen.findByRole('option', { name: 'Newest first' })).toBeTruthy();
  });
});
