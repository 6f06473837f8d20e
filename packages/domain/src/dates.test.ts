import { describe, expect, it } from 'vitest';
import {
  LOAN_STATEMENT_WINDOW_DAYS,
  addDays,
  currentMonthIn,
  formatDate,
  todayIn,
} from './dates.ts';

describe('dates', () => {
  it("formats a calendar date as '22 Nov 2026'", () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
  });

  it('formats an instant as its date in the business time zone', () => {
    // 19:00 UTC on the 21st is already the 22nd in India.
    expect(formatDate(new Date('2026-11-21T19:00:00Z'))).toBe('22 Nov 2026');
    expect(formatDate('2026-11-21T19:00:00Z', 'UTC')).toBe('21 Nov 2026');
  });

  it('refuses a date that does not exist', () => {
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it("takes 'today' in the given IANA time zone", () => {
    const now = new Date('2026-11-21T19:00:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-11-22');
    expect(todayIn('America/New_York', now)).toBe('2026-11-21');
  });

  it("takes 'the current month' in the given time zone", () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(currentMonthIn('Asia/Kolkata', now)).toEqual({ year: 2027, month: 1 });
    expect(currentMonthIn('UTC', now)).toEqual({ year: 2026, month: 12 });
  });

  it('adds and subtracts calendar days across months, leap days and years', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', -LOAN_STATEMENT_WINDOW_DAYS)).toBe('2025-11-22');
  });
});
