import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { eagerHindi } from '@portal/domain/hindi';
import { messages, type MessageKey } from './messages.ts';

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

/** A key of the domain's catalogs (messages.en.json), as a guard. */
export const isMessageKey = (id: string): id is MessageKey => Object.hasOwn(messages.en, id);

/** The catalog keys a validation message may be. */
export type ValidationMessageKey = Extract<MessageKey, `domain.error.VALIDATION_FAILED.${string}`>;

/** Values a schema fixes for its messages where it is defined (a limit, the choices). */
const schemaValues = new Map<string, MessageValues>();

/**
 * A schema's validation message: its catalog key, which `issueText` words in the reader's
 * language, with `values` fixed where the schema is defined (`.max(2000, invalid(key, {max: 2000}))`).
 */
export function invalid(key: ValidationMessageKey, values?: MessageValues): string {
  if (values) schemaValues.set(key, values);
  return key;
}

/** What a schema says of a refused value: zod's issue, or the API's validation entry. */
export interface ValidationIssue {
  message: string;
  params?: unknown;
}

/**
 * A validation issue in `language`: a catalog key with the schema's values and the issue's own
 * `params` (a refinement's), or zod's own English for a check that names no message.
 */
export function issueText(language: Language, issue: ValidationIssue): string {
  if (!isMessageKey(issue.message)) return issue.message;
  const params = typeof issue.params === 'object' ? (issue.params as MessageValues) : {};
  return translate(language, issue.message, { ...schemaValues.get(issue.message), ...params });
}

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
