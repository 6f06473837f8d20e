import { setupI18n, type Messages } from '@lingui/core';
// The Hindi letters' font: its faces are declared for every page, but a browser fetches a face's
// file only to draw text in it, which only a Hindi page does (devanagari-font.css).
import './devanagari-font.css';

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

/** A folder's compiled messages: the web app's load their Hindi on demand, the domain's hold both. */
export interface Catalog {
  en: Messages;
  hi: Messages | (() => Promise<Messages>);
}

/** Hindi catalogs registered but not loaded yet (an English page never loads them). */
const unloadedHindi = new Set<() => Promise<Messages>>();
let hindiLoaded: Promise<void> = Promise.resolve();

/** Every module of a folder adds the folder's one catalog; only the first adding counts. */
const added = new WeakSet<Catalog>();

export function addMessages(catalog: Catalog): void {
  if (added.has(catalog)) return;
  added.add(catalog);
  i18n.load('en', catalog.en);
  if (typeof catalog.hi !== 'function') {
    i18n.load('hi', catalog.hi);
    return;
  }
  // Until its Hindi arrives a part shows its English, never its message keys.
  i18n.load('hi', catalog.en);
  unloadedHindi.add(catalog.hi);
  if (i18n.locale === 'hi') void loadHindi();
}

/** Loads every registered Hindi catalog not yet loaded; a chunk that fails is tried again next time. */
export function loadHindi(): Promise<void> {
  const loaders = [...unloadedHindi];
  unloadedHindi.clear();
  if (loaders.length === 0) return hindiLoaded;
  const loading = loaders.map((load) =>
    load().then(
      (messages) => i18n.load('hi', messages),
      () => {
        unloadedHindi.add(load);
      },
    ),
  );
  hindiLoaded = Promise.all([hindiLoaded, ...loading]).then(() => undefined);
  return hindiLoaded;
}

// The domain's labels (statuses, months, its errors) turn Hindi with the screens' texts; its
// translator (without zod) loads only then. It keeps its own catalogs, so nothing is added here.
addMessages({
  en: {},
  hi: () =>
    import('@portal/domain/translate').then((domain) => domain.loadDomainHindi()).then(() => ({})),
});

/** Settles once the screens' texts are in the chosen language (at once for English). */
export const languageReady = (): Promise<void> =>
  i18n.locale === 'hi' ? loadHindi() : Promise.resolve();

/** Shows every screen in `language` at once, and remembers it on this browser. */
export function setLanguage(language: Language): void {
  if (language === 'hi') void loadHindi();
  if (i18n.locale !== language) i18n.activate(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered on this browser; the signed-in user's choice is kept on the server.
  }
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
