import { describe, expect, it } from 'vitest';
import { collateralCheckerLabel, unitCheckerLabel } from './approval-status.ts';
import { formatDate } from './dates.ts';
import { fraudFlagMessage } from './fraud-flags.ts';
import { frequencyCodeLabel, monthLabel } from './frequency.ts';
import { REJECTION_REASONS, rejectionReasonLabel } from './rejection-reasons.ts';
import { CALENDAR_STATES, calendarStateLabel } from './rules/monitoring-calendar.ts';
import { FileCreateBodySchema } from './schemas/requests.ts';
import { acceptedLanguage, issueText } from './translate.ts';

describe('domain texts in English and Hindi', () => {
  it('reads English, and Hindi when asked', () => {
    expect(unitCheckerLabel('PENDING_APPROVAL')).toBe('PENDING FOR APPROVAL');
    expect(unitCheckerLabel('PENDING_APPROVAL', true, 'hi')).toBe('दूसरे अनुमोदन की प्रतीक्षा');
    expect(unitCheckerLabel('APPROVED', false, 'hi')).toBe('अनुमोदित');
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
    expect(Array.from({ length: 12 }, (_, index) => monthLabel(index + 1))).toEqual([
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
    ]);
    expect(REJECTION_REASONS.map((reason) => rejectionReasonLabel(reason))).toEqual([
      'The document cannot be read',
      'The document has expired',
      'This is not the document asked for',
      'The details do not match our records',
      'Pages or parts of the document are missing',
      'The document is not signed',
      'Another reason, given in the remarks',
    ]);
    expect(CALENDAR_STATES.map((state) => calendarStateLabel(state))).toEqual([
      'Due',
      'Overdue',
      'Submitted',
      'Approved',
      'Rejected',
    ]);
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

  it('words a validation issue by its key, with the schema’s values and the issue’s own', () => {
    const fileName = FileCreateBodySchema.safeParse({
      fileType: 'OTHER',
      fileName: 'x'.repeat(300),
      fileHash: 'a'.repeat(64),
      size: 1,
    });
    const [tooLong] = fileName.error!.issues;
    expect(tooLong!.message).toBe('domain.error.VALIDATION_FAILED.fileNameTooLong');
    expect(issueText('en', tooLong!)).toBe('File name must be at most 255 characters');
    expect(issueText('hi', tooLong!)).toBe('फ़ाइल का नाम अधिकतम 255 अक्षरों का हो सकता है');
    const [missing] = FileCreateBodySchema.safeParse({
      fileType: 'OTHER',
      fileName: 'a.pdf',
      size: 1,
    }).error!.issues;
    expect(issueText('en', missing!)).toBe('fileHash is required with fileName and size');
    expect(issueText('hi', { message: 'Invalid input: expected string' })).toBe(
      'Invalid input: expected string',
    );
  });

  it('reads the language of an Accept-Language header by its weights', () => {
    expect(acceptedLanguage('hi')).toBe('hi');
    expect(acceptedLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(acceptedLanguage('fr, en;q=0.5, hi;q=0.7')).toBe('hi');
    expect(acceptedLanguage('fr')).toBeUndefined();
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });
});
