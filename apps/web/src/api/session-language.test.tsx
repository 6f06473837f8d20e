import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@portal/domain';
import { currentLanguage, setLanguage } from '../i18n';
import { renderApp, stubApi } from '../test/render';

const borrower: SessionUser = {
  username: 'ACC1',
  email: 'asha@example.com',
  role: 'client',
  accountKey: 'ACC1',
  name: 'Asha Homes',
};

afterEach(() => {
  setLanguage('en');
  vi.unstubAllGlobals();
});

describe('the signed-in user’s language', () => {
  it('shows the screens in the language saved with the session', async () => {
    stubApi({
      '/api/auth/session': { status: 200, body: { user: { ...borrower, language: 'hi' } } },
    });
    renderApp('/opportunities');
    expect(await screen.findByText('ऋणी पोर्टल')).toBeTruthy();
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('saves a choice made in the header as the signed-in user’s', async () => {
    const fetchMock = stubApi({
      '/api/auth/session': { status: 200, body: { user: { ...borrower, language: 'en' } } },
      '/api/auth/language': { status: 200, body: { user: { ...borrower, language: 'hi' } } },
    });
    renderApp('/opportunities');
    await screen.findByRole('button', { name: 'Logout' });
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/auth/language',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'hi' }) }),
      ),
    );
    expect(screen.getByText('ऋणी पोर्टल')).toBeTruthy();
  });
});
