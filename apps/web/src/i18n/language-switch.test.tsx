import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppHeader } from '../components/app-header';
import { renderWithProviders } from '../test/render';
import { setLanguage } from './i18n';

afterEach(() => setLanguage('en'));

describe('LanguageSwitch', () => {
  it('shows every screen in Hindi at once, and remembers the choice on this browser', () => {
    renderWithProviders(
      <MemoryRouter>
        <AppHeader />
      </MemoryRouter>,
    );
    expect(screen.getByText('Borrower Portal')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(screen.getByText('ऋणी पोर्टल')).toBeTruthy();
    expect(screen.queryByText('Borrower Portal')).toBeNull();
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem('portal.language')).toBe('hi');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByText('Borrower Portal')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
