import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
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

  it('on a browser without the Devanagari font yet, shows Hindi once its three faces have arrived', async () => {
    // The test DOM has no font loading API: a browser's, whose fetches finish when the test says.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.fn((_font: string) => arrived.then(() => []));
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    try {
      renderWithProviders(
        <MemoryRouter>
          <AppHeader />
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
      expect(load.mock.calls.map(([font]) => font)).toEqual([
        '400 1em "Noto Sans Devanagari"',
        '600 1em "Noto Sans Devanagari"',
        '700 1em "Noto Sans Devanagari"',
      ]);
      // Still English meanwhile, the switch busy; chosen on this browser already.
      expect(screen.getByText('Borrower Portal')).toBeTruthy();
      expect(document.documentElement.lang).toBe('en');
      expect(window.localStorage.getItem('portal.language')).toBe('hi');

      await act(async () => arrive());
      expect(await screen.findByText('ऋणी पोर्टल')).toBeTruthy();
      expect(document.documentElement.lang).toBe('hi');

      // Here now: later switches are at once, with nothing fetched again.
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
      expect(screen.getByText('ऋणी पोर्टल')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      Reflect.deleteProperty(document, 'fonts');
    }
  });

  it('shows in Hindi a screen whose code arrived while the switch waited for the font', async () => {
    // A browser that has never drawn Devanagari: this module as a fresh page loads it.
    vi.resetModules();
    const fresh = await import('./i18n');
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { load: () => arrived.then(() => []) },
    });
    try {
      const shown = fresh.setLanguage('hi');
      // A lazily loaded page registers its catalog during the wait, the page still in English.
      const hindi = vi.fn(() => Promise.resolve({ 'late.heading': 'देर से आया शीर्षक' }));
      fresh.addMessages({ en: { 'late.heading': 'A late heading' }, hi: hindi });
      expect(fresh.i18n._('late.heading')).toBe('A late heading');

      arrive();
      await shown;
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(hindi).toHaveBeenCalledTimes(1);
      expect(fresh.i18n._('late.heading')).toBe('देर से आया शीर्षक');
    } finally {
      Reflect.deleteProperty(document, 'fonts');
      await fresh.setLanguage('en');
    }
  });
});
