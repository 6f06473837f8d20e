import { z } from 'zod';
import { invalid, LANGUAGES } from './translate.ts';

/** A language the portal writes in, as a request or a stored user gives it. */
export const LanguageSchema = z.enum(LANGUAGES, {
  error: invalid('domain.error.VALIDATION_FAILED.languageChoice'),
});
