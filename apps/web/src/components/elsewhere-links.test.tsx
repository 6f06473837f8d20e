import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { ElsewhereLinks } from './elsewhere-links';

describe('ElsewhereLinks', () => {
  it('offers each other filter that holds something, with its count, and chooses it', () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <ElsewhereLinks
        lead="Other units:"
        choices={[
          { value: 'APPROVED', label: 'APPROVED', count: 3 },
          { value: 'REJECTED', label: 'REJECTED', count: 0 },
          { value: 'NOT_RAISED', label: 'NOT RAISED', count: undefined },
        ]}
        onChoose={onChoose}
        none="Choose another status."
      />,
    );
    expect(screen.getByText('Other units:')).toBeTruthy();
    // A filter with nothing, or not yet counted, is left out.
    expect(screen.queryByRole('button', { name: /REJECTED|NOT RAISED/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'APPROVED (3)' }));
    expect(onChoose).toHaveBeenCalledWith('APPROVED');
  });

  it('says `none` while no other filter holds anything', () => {
    renderWithProviders(
      <ElsewhereLinks
        lead="Other units:"
        choices={[{ value: 'APPROVED', label: 'APPROVED', count: 0 }]}
        onChoose={() => {}}
        none="Choose another status."
      />,
    );
    expect(screen.getByText('Choose another status.')).toBeTruthy();
    expect(screen.queryByText('Other units:')).toBeNull();
  });
});
