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

/**
 * The language asked for last: a switch to Hindi still waiting for its font gives way to it, and
 * a screen whose code arrives meanwhile loads its Hindi at once.
 */
let requestedLanguage: Language | null = null;

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
  if (i18n.locale === 'hi' || requestedLanguage === 'hi') void loadHindi();
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

/** The Devanagari faces the screens draw with: body text, buttons and labels, headings. */
const DEVANAGARI_WEIGHTS = [400, 600, 700];
/** How long a switch to Hindi waits for the font before showing Hindi in the meantime's font. */
const DEVANAGARI_WAIT_MS = 3_000;
let devanagariLoaded = false;
let devanagariWait: Promise<void> | null = null;

/**
 * Settles once the Devanagari faces have arrived (or after DEVANAGARI_WAIT_MS); null when they
 * are here already, or the browser has no font loading API. Hindi text laid out while its face was
 * still loading stayed, in Chromium on a busy phone, in the fallback's empty boxes after the face
 * arrived (headings and buttons); laid out after, it is drawn in it from the start.
 */
function devanagariFontPending(): Promise<void> | null {
  if (devanagariLoaded || !('fonts' in document)) return null;
  devanagariWait ??= Promise.race([
    Promise.all(
      DEVANAGARI_WEIGHTS.map((weight) =>
        document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क'),
      ),
    ).then(
      () => {
        devanagariLoaded = true;
      },
      () => {
        // Shown in the system's font this time; fetched again at the next switch.
        devanagariWait = null;
      },
    ),
    new Promise<void>((resolve) => setTimeout(resolve, DEVANAGARI_WAIT_MS)),
  ]);
  return devanagariWait;
}

/** Settles once the screens' texts and their font are in the chosen language (at once for English). */
export const languageReady = (): Promise<void> =>
  i18n.locale === 'hi'
    ? Promise.all([loadHindi(), devanagariFontPending()]).then(() => undefined)
    : Promise.resolve();

/**
 * Shows every screen in `language` and remembers it on this browser: at once, or for Hindi on a
 * browser without its font yet, once the font has arrived (the returned promise settles then).
 */
export function setLanguage(language: Language): Promise<void> {
  requestedLanguage = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered on this browser; the signed-in user's choice is kept on the server.
  }
  const show = () => {
    if (requestedLanguage !== language) return;
    if (i18n.locale !== language) i18n.activate(language);
    document.documentElement.lang = language;
  };
  if (language !== 'hi') return Promise.resolve(show());
  void loadHindi();
  const font = devanagariFontPending();
  if (!font) return Promise.resolve(show());
  return font.then(show);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
