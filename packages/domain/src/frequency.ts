import { z } from 'zod';
import { invalid, translate, type Language } from './translate.ts';

/** SPEC §3: 1 Monthly, 3 Quarterly; DESIGN §4: 2 is accepted too. */
export const FrequencyCodeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  // SPEC §5: 'Frequency is required'
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? invalid('domain.error.VALIDATION_FAILED.frequencyRequired')
      : invalid('domain.error.VALIDATION_FAILED.frequencyCode'),
});
export type FrequencyCode = z.infer<typeof FrequencyCodeSchema>;

/** DESIGN §4: code 2 is shown as 'Every 2 months'. */
export const FREQUENCY_LABELS = {
  1: 'Monthly',
  2: 'Every 2 months',
  3: 'Quarterly',
} as const satisfies Record<FrequencyCode, string>;

/** SPEC §2: the frequency select offers Monthly=1 and Quarterly=3 only. */
export const FREQUENCY_OPTIONS = [
  { value: 1, label: FREQUENCY_LABELS[1] },
  { value: 3, label: FREQUENCY_LABELS[3] },
] as const satisfies ReadonlyArray<{ value: FrequencyCode; label: string }>;

/** SPEC §9: month labels run January to December (index 0 = January). */
export const MONTH_LABELS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `month` counts from 1, as stored on a frequency. */
export function monthLabel(month: number, language: Language = 'en'): string {
  if (MONTH_LABELS[month - 1] === undefined) {
    throw new RangeError(`Month must be an integer from 1 to 12, got ${month}`);
  }
  return translate(language, `domain.month.${month}`);
}

/** A frequency code in words ('Monthly'); a code outside the table reads 'Every n months'. */
export function frequencyCodeLabel(code: number, language: Language = 'en'): string {
  return code in FREQUENCY_LABELS
    ? translate(language, `domain.frequency.${code}`)
    : translate(language, 'domain.frequency.every', { count: code });
}
