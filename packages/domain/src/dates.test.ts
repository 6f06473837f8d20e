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

  it("takes an instant's date as Intl does, in every kind of zone and across offset changes", () => {
    const zones = [
      'Asia/Kolkata',
      'UTC',
      'America/New_York', // DST, changes at 02:00 local
      'Europe/London',
      'Australia/Lord_Howe', // a half-hour DST
      'Asia/Kathmandu', // +05:45
      'Pacific/Chatham', // +12:45 / +13:45
      'America/St_Johns', // -03:30 / -02:30
      'Pacific/Apia', // skipped 30 December 2011 whole
    ];
    const reference = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    const instants = [
      // Every 37 minutes through two years (past every change of these zones in 2025 and 2026).
      ...Array.from(
        { length: Math.floor((2 * 366 * 24 * 60) / 37) },
        (_, i) => Date.UTC(2025, 0, 1) + i * 37 * 60_000,
      ),
      // Each minute either side of a few changes, and Samoa's skipped day.
      ...[
        Date.UTC(2026, 2, 8, 7),
        Date.UTC(2026, 10, 1, 6),
        Date.UTC(2026, 3, 4, 15),
        Date.UTC(2011, 11, 29, 10),
      ].flatMap((at) => Array.from({ length: 241 }, (_, i) => at + (i - 120) * 60_000)),
    ];
    for (const timeZone of zones) {
      const expected = reference(timeZone);
      const wrong = instants
        .map((ms) => new Date(ms))
        .filter((instant) => todayIn(timeZone, instant) !== expected.format(instant));
      expect(
        wrong.map((instant) => instant.toISOString()),
        timeZone,
      ).toEqual([]);
    }
  });

  it('reads only dates that exist', () => {
    expect(addDays('2024-02-29', 0)).toBe('2024-02-29');
    expect(addDays('2000-02-29', 0)).toBe('2000-02-29');
    for (const date of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0099-01-01',
      '2026-1-01',
    ]) {
      expect(() => addDays(date, 0), date).toThrow(RangeError);
    }
  });

  it('adds and subtracts calendar days across months, leap days and years', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', -LOAN_STATEMENT_WINDOW_DAYS)).toBe('2025-11-22');
  });
});
