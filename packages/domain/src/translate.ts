import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { eagerHindi } from '@portal/domain/hindi';
import { messages } from './messages.ts';

// Free of zod (LanguageSchema is in language.ts): the web app loads this with its Hindi.

/** The languages every screen, message and e-mail is written in; a user's is `users.language`. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (value: string): value is Language => LANGUAGES.includes(value as Language);

export type MessageValues = Record<string, string | number>;
export type Translate = (language: Language, id: string, values?: MessageValues) => string;

/**
 * A translator over compiled catalogs, with one Lingui instance per language: the API answers
 * requests and writes e-mails in different languages at once.
 */
export function translatorFor(catalogs: Record<Language, Messages>): Translate {
  const translators = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      setupI18n({ locale: language, messages: { [language]: catalogs[language] } }),
    ]),
  ) as Record<Language, I18n>;
  // A label function handed to `map` is given an index where its language goes: English then.
  return (language, id, values) => (translators[language] ?? translators.en)._(id, values);
}

// Until the domain's Hindi has loaded (the browser, loadDomainHindi) its messages read in English.
const translators: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: messages.en } }),
  hi: setupI18n({ locale: 'hi', messages: { hi: eagerHindi ?? messages.en } }),
};

/** A domain message (`domain.…` key of messages.en.json / messages.hi.json) in `language`. */
export const translate: Translate = (language, id, values) =>
  (translators[language] ?? translators.en)._(id, values);

let hindiLoading: Promise<void> | undefined;

/**
 * Settles once `translate` writes Hindi: at once where the Hindi came with the English (the API),
 * else when its catalog has loaded (the web app, when Hindi is chosen); a failed load is tried
 * again on the next call.
 */
export function loadDomainHindi(): Promise<void> {
  if (eagerHindi) return Promise.resolve();
  hindiLoading ??= messages.hi().then(
    (hindi) => translators.hi.load('hi', hindi),
    (error: unknown) => {
      hindiLoading = undefined;
      throw error;
    },
  );
  return hindiLoading;
}

type Compiled = ReadonlyArray<string | readonly unknown[]>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How to read a message's values back out of its English text: a pattern for each message whose
 * placeholders are plain `{name}`s between enough fixed words to tell messages apart.
 */
function englishPattern(id: string, compiled: Compiled) {
  const names: string[] = [];
  let source = '';
  let fixed = 0;
  for (const part of compiled) {
    if (typeof part === 'string') {
      source += escapeRegExp(part);
      fixed += part.length;
    } else if (part.length === 1 && typeof part[0] === 'string') {
      names.push(part[0]);
      source += '(.+?)';
    } else return undefined;
  }
  return fixed >= 12 ? { id, names, pattern: new RegExp(`^${source}$`, 's') } : undefined;
}

const englishMessages = Object.entries(messages.en as Record<string, Compiled>);
/** English message text → its key, for the messages without placeholders. */
const keysOfEnglish = new Map(
  englishMessages.flatMap(([id, compiled]) =>
    compiled.length === 1 && typeof compiled[0] === 'string' ? [[compiled[0], id] as const] : [],
  ),
);
const englishPatterns = englishMessages.flatMap(([id, compiled]) => {
  if (!compiled.some((part) => typeof part !== 'string')) return [];
  const found = englishPattern(id, compiled);
  return found ? [found] : [];
});

function translateWhole(language: Language, english: string): string | undefined {
  const id = keysOfEnglish.get(english);
  if (id) return translate(language, id);
  for (const { id: patternId, names, pattern } of englishPatterns) {
    const match = pattern.exec(english);
    if (match)
      return translate(
        language,
        patternId,
        Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])),
      );
  }
  return undefined;
}

/**
 * An English message the API answers (a domain error's, a schema's validation message, one a
 * service throws, with its values) in `language`; a `field: message` keeps its field name. Texts
 * the catalog does not hold stay English.
 */
export function translateEnglish(language: Language, english: string): string {
  if (language === 'en') return english;
  const whole = translateWhole(language, english);
  if (whole !== undefined) return whole;
  const split = english.indexOf(': ');
  if (split > 0) {
    const detail = translateWhole(language, english.slice(split + 2));
    if (detail !== undefined) return `${english.slice(0, split)}: ${detail}`;
  }
  return english;
}

/** The language of an `Accept-Language` header that the portal writes in, if any (`hi-IN` is Hindi). */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (isLanguage(tag)) return tag;
  }
  return undefined;
}
