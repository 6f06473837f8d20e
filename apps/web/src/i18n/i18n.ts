import { setupI18n, type Messages } from '@lingui/core';

/** The languages every screen, message and e-mail is written in. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** How each language names itself in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

const STORAGE_KEY = 'portal.language';

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.includes(value as Language);

/** The language chosen on this browser, else the browser's own preference, else English. */
function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be refused (private modes); the browser's preference still applies.
  }
  const preferred = (globalThis.navigator?.languages ?? []).map((tag) => tag.slice(0, 2));
  return preferred.find(isLanguage) ?? 'en';
}

/**
 * The app's one translator. Each screen's compiled catalogs (`messages.ts`, generated from its
 * `messages.en.json` and `messages.hi.json`) are added as its code loads, so a screen carries
 * only its own messages.
 */
export const i18n = setupI18n({ locale: initialLanguage(), messages: { en: {}, hi: {} } });
document.documentElement.lang = i18n.locale;

export function addMessages(messages: Record<Language, Messages>): void {
  for (const language of LANGUAGES) i18n.load(language, messages[language]);
}

/** Shows every screen in `language` at once, and remembers it on this browser. */
export function setLanguage(language: Language): void {
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered on this browser; the signed-in user's choice is kept on the server.
  }
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
