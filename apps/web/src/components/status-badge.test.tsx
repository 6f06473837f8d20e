import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { StatusBadge } from './status-badge';

afterEach(() => setLanguage('en'));

describe('StatusBadge (docs/product.md#look-and-feel: colour is never the only signal)', () => {
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

  it('writes the status in Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    renderWithProviders(<StatusBadge status={null} />);
    expect(screen.getByText('कोई फ़ाइल नहीं')).toBeTruthy();
    renderWithProviders(<StatusBadge status="PENDING_APPROVAL" />);
    expect(screen.queryByText('PENDING FOR APPROVAL')).toBeNull();
  });
});
