import { describe, expect, it } from 'vitest';
import { collateralCheckerLabel, unitCheckerLabel } from './approval-status.ts';
import { formatDate } from './dates.ts';
import { fraudFlagMessage } from './fraud-flags.ts';
import { FREQUENCY_LABELS, frequencyCodeLabel, monthLabel, MONTH_LABELS } from './frequency.ts';
import { REJECTION_REASON_LABELS, rejectionReasonLabel } from './rejection-reasons.ts';
import { CALENDAR_STATE_LABELS, calendarStateLabel } from './rules/monitoring-calendar.ts';
import { acceptedLanguage, translateEnglish } from './translate.ts';

describe('domain texts in English and Hindi', () => {
  it('reads the same English as the label tables, and Hindi when asked', () => {
    expect(unitCheckerLabel('PENDING_APPROVAL')).toBe('PENDING FOR APPROVAL');
    expect(unitCheckerLabel('PENDING_APPROVAL', true, 'hi')).toBe('दूसरी स्वीकृति की प्रतीक्षा');
    expect(unitCheckerLabel('APPROVED', false, 'hi')).toBe('स्वीकृत');
    expect(collateralCheckerLabel('NOT_RAISED')).toBe('NOT_RAISED');
    expect(collateralCheckerLabel('NOT_RAISED', 'hi')).toBe('जमा नहीं');
    expect(frequencyCodeLabel(3, 'hi')).toBe('तिमाही');
    expect(frequencyCodeLabel(6)).toBe('Every 6 months');
    expect(frequencyCodeLabel(6, 'hi')).toBe('हर 6 महीने');
    expect(monthLabel(11, 'hi')).toBe('नवंबर');
    expect(rejectionReasonLabel('UNSIGNED', 'hi')).toBe('दस्तावेज़ पर हस्ताक्षर नहीं हैं');
    expect(calendarStateLabel('OVERDUE', 'hi')).toBe('अतिदेय');
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('2026-11-22', undefined, 'hi')).toBe('22 नवंबर 2026');
    for (const [code, label] of Object.entries(FREQUENCY_LABELS))
      expect(frequencyCodeLabel(Number(code))).toBe(label);
    MONTH_LABELS.forEach((label, index) => expect(monthLabel(index + 1)).toBe(label));
    for (const [reason, label] of Object.entries(REJECTION_REASON_LABELS))
      expect(rejectionReasonLabel(reason as keyof typeof REJECTION_REASON_LABELS)).toBe(label);
    for (const [state, label] of Object.entries(CALENDAR_STATE_LABELS))
      expect(calendarStateLabel(state as keyof typeof CALENDAR_STATE_LABELS)).toBe(label);
  });

  it('explains fraud flags in either language, with their details', () => {
    const reused = { code: 'REUSED_DOCUMENT', detail: 'ACC-2' } as const;
    expect(fraudFlagMessage(reused, '2026-05-01')).toBe(
      "The same file was uploaded for another borrower's account (ACC-2)",
    );
    expect(fraudFlagMessage(reused, '2026-05-01', 'hi')).toContain('(ACC-2)');
    const old = { code: 'OLD_PHOTO', detail: '2024-01-05' } as const;
    expect(fraudFlagMessage(old, '2026-05-01T10:00:00Z', 'hi')).toBe(
      'यह फ़ोटो 5 जनवरी 2024 को ली गई थी, अपलोड से काफ़ी पहले',
    );
  });

  it('translates an English message the API answers, keeping a field name, and leaves unknown ones', () => {
    expect(translateEnglish('hi', 'No such unit')).toBe('ऐसी कोई यूनिट नहीं मिली');
    expect(translateEnglish('hi', 'month: Month must be 1 to 12')).toBe(
      'month: महीना 1 से 12 के बीच होना चाहिए',
    );
    expect(translateEnglish('hi', 'key: not a known key')).toBe('key: not a known key');
    // Messages with values are read back by their fixed words.
    expect(translateEnglish('hi', 'No borrower signs in as ACC1 (x)')).toBe(
      'ACC1 (x) के नाम से कोई ऋणी साइन इन नहीं करता',
    );
    expect(translateEnglish('hi', 'fromDate: Start date must be within the last 365 days')).toBe(
      'fromDate: आरंभ की तारीख पिछले 365 दिनों के भीतर होनी चाहिए',
    );
    expect(translateEnglish('en', 'No such unit')).toBe('No such unit');
    expect(
      translateEnglish(
        'hi',
        'password: Use 8 or more characters with a mix of letters, numbers & symbols',
      ),
    ).toBe('password: कम से कम 8 अक्षर रखें, जिनमें अक्षर, अंक और चिह्न तीनों हों');
  });

  it('reads the language of an Accept-Language header by its weights', () => {
    expect(acceptedLanguage('hi')).toBe('hi');
    expect(acceptedLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(acceptedLanguage('fr, en;q=0.5, hi;q=0.7')).toBe('hi');
    expect(acceptedLanguage('fr')).toBeUndefined();
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });
});
