import { z } from 'zod';
import { LANGUAGES } from './translate.ts';

/** A language the portal writes in, as a request or a stored user gives it. */
export const LanguageSchema = z.enum(LANGUAGES, { error: 'Choose English (en) or Hindi (hi)' });
