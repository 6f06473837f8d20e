import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { Select } from './select';

describe('Select', () => {
  it('shows the chosen option at once, then opens as Mantine’s Select', async () => {
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
    expect(screen.getByLabelText<HTMLInputElement>('Sort').value).toBe('Oldest first');
    const combobox = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Sort' });
    expect(combobox.value).toBe('Oldest first');
  });
});
