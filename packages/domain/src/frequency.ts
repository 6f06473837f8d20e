import { z } from 'zod';
import { invalid, translate, type Language } from './translate.ts';

/** docs/product.md#records: 1 Monthly, 3 Quarterly; docs/product.md#api: 2 is accepted too. */
export const FrequencyCodeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  // docs/product.md#validation: 'Frequency is required'
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? invalid('domain.error.VALIDATION_FAILED.frequencyRequired')
      : invalid('domain.error.VALIDATION_FAILED.frequencyCode'),
});
export type FrequencyCode = z.infer<typeof FrequencyCodeSchema>;

/** docs/product.md#screens: the frequency select offers Monthly=1 and Quarterly=3 only. */
export const FREQUENCY_OPTIONS = [1, 3] as const satisfies readonly FrequencyCode[];

/** docs/product.md#limits: month labels run January to December (`domain.month.1` … `domain.month.12`). */
export function monthLabel(month: number, language: Language = 'en'): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be an integer from 1 to 12, got ${month}`);
  }
  return translate(language, `domain.month.${month}`);
}

/**
 * A frequency code in words ('Monthly'; docs/product.md#api: 2 is 'Every 2 months'); another code reads
 * 'Every n months'.
 */
export function frequencyCodeLabel(code: number, language: Language = 'en'): string {
  return FrequencyCodeSchema.safeParse(code).success
    ? translate(language, `domain.frequency.${code}`)
    : translate(language, 'domain.frequency.every', { count: code });
}
