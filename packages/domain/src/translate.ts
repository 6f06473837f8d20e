import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { z } from 'zod';
import { messages } from './messages.ts';

/** The languages every screen, message and e-mail is written in; a user's is `users.language`. */
export const LanguageSchema = z.enum(['en', 'hi'], { error: 'Choose English (en) or Hindi (hi)' });
export type Language = z.infer<typeof LanguageSchema>;

/** The domain's compiled catalogs, for a translator that shows the domain's labels itself. */
export const domainMessages: Record<Language, Messages> = messages;

export type MessageValues = Record<string, string | number>;
export type Translate = (language: Language, id: string, values?: MessageValues) => string;

/**
 * A translator over compiled catalogs, with one Lingui instance per language: the API answers
 * requests and writes e-mails in different languages at once.
 */
export function translatorFor(catalogs: Record<Language, Messages>): Translate {
  const translators = Object.fromEntries(
    LanguageSchema.options.map((language) => [
      language,
      setupI18n({ locale: language, messages: { [language]: catalogs[language] } }),
    ]),
  ) as Record<Language, I18n>;
  // A label function handed to `map` is given an index where its language goes: English then.
  return (language, id, values) => (translators[language] ?? translators.en)._(id, values);
}

/** A domain message (`domain.…` key of messages.en.json / messages.hi.json) in `language`. */
export const translate: Translate = translatorFor(messages);

/** English message text → its key, for the messages without placeholders. */
const keysOfEnglish = new Map(
  Object.entries(messages.en).flatMap(([id, compiled]) =>
    Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === 'string'
      ? [[compiled[0], id] as const]
      : [],
  ),
);

/**
 * An English message the API answers (a domain error's, a schema's validation message, one a
 * service throws) in `language`; a `field: message` keeps its field name. Texts the catalog does
 * not hold (those naming keys or values) stay English.
 */
export function translateEnglish(language: Language, english: string): string {
  if (language === 'en') return english;
  const id = keysOfEnglish.get(english);
  if (id) return translate(language, id);
  const split = english.indexOf(': ');
  if (split > 0) {
    const detail = keysOfEnglish.get(english.slice(split + 2));
    if (detail) return `${english.slice(0, split)}: ${translate(language, detail)}`;
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
    const parsed = LanguageSchema.safeParse(tag);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}
