import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { ErrorPopup, updateFailedMessage } from './error-popup';

afterEach(() => setLanguage('en'));

describe('ErrorPopup', () => {
  it("shows docs/product.md#screens's generic message and reports Close", async () => {
    const onClose = vi.fn();
    renderWithProviders(<ErrorPopup opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Error.!' });
    expect(dialog.textContent).toContain('Something went wrong Please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks Hindi, the failed update too, when Hindi is chosen', async () => {
    setLanguage('hi');
    renderWithProviders(<ErrorPopup opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'त्रुटि!' });
    expect(dialog.textContent).toContain('कुछ गड़बड़ हो गई। कृपया दोबारा कोशिश करें');
    expect(screen.getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(updateFailedMessage()).toContain('हम सर्वर पर डेटा अपडेट नहीं कर सके');
  });
});
