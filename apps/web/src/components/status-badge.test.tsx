import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { StatusBadge } from './status-badge';

describe('StatusBadge (DESIGN §7: colour is never the only signal)', () => {
  it('writes the status out', () => {
    renderWithProviders(<StatusBadge status="PENDING_APPROVAL" />);
    expect(screen.getByText('PENDING FOR APPROVAL')).toBeTruthy();
  });

  it('says when there is no file', () => {
    renderWithProviders(<StatusBadge status={null} />);
    expect(screen.getByText('NO FILE')).toBeTruthy();
  });

  it("uses a screen's own wording when given", () => {
    renderWithProviders(<StatusBadge status="NOT_RAISED" label="NOT_RAISED" />);
    expect(screen.getByText('NOT_RAISED')).toBeTruthy();
  });
});
