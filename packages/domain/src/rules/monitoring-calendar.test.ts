import { describe, expect, it } from 'vitest';
import { ImportCollateralSchema } from '../schemas/requests.ts';
import { issueText } from '../translate.ts';
import {
  calendarState,
  daysSubmittedLate,
  dueDateOf,
  expectedPeriods,
  monitoringCalendar,
  packLateness,
  reminderOwed,
  type PeriodRow,
} from './monitoring-calendar.ts';

const IST = 'Asia/Kolkata';
const monthly = { monitoringFrequency: 1, dueDay: 15, since: '2026-10' } as const;
const quarterly = { monitoringFrequency: 3, dueDay: 10, since: '2026-01' } as const;
const names = (periods: { month: number; year: number }[]) =>
  periods.map((p) => `${p.year}-${String(p.month).padStart(2, '0')}`);

describe('expected periods', () => {
  it('runs monthly from since to the current month, newest first, due the month after', () => {
    const periods = expectedPeriods(monthly, { year: 2027, month: 1 });
    expect(names(periods)).toEqual(['2027-01', '2026-12', '2026-11', '2026-10']);
    expect(periods.map((p) => p.dueDate)).toEqual([
      '2027-02-15',
      '2027-01-15',
      '2026-12-15',
      '2026-11-15',
    ]);
  });

  it('names a quarter by its last month and expects it once that month has begun', () => {
    expect(names(expectedPeriods(quarterly, { year: 2026, month: 2 }))).toEqual([]);
    const periods = expectedPeriods(quarterly, { year: 2027, month: 2 });
    expect(names(periods)).toEqual(['2026-12', '2026-09', '2026-06', '2026-03']);
    // The December quarter is due in January of the next year.
    expect(periods[0]).toEqual({ frequency: 3, month: 12, year: 2026, dueDate: '2027-01-10' });
  });

  it('expects nothing before since', () => {
    expect(expectedPeriods(monthly, { year: 2026, month: 9 })).toEqual([]);
    expect(names(expectedPeriods(monthly, { year: 2026, month: 10 }))).toEqual(['2026-10']);
  });

  it('accepts the stored first of the month as since', () => {
    expect(
      names(expectedPeriods({ ...monthly, since: '2026-10-01' }, { year: 2026, month: 11 })),
    ).toEqual(['2026-11', '2026-10']);
  });
});

describe('a pack’s lateness', () => {
  it('is due on the due day of the month after the period, December’s in January', () => {
    expect(dueDateOf({ month: 3, year: 2026 }, 15)).toBe('2026-04-15');
    expect(dueDateOf({ month: 12, year: 2026 }, 10)).toBe('2027-01-10');
  });

  it('counts the days from the due date to the submission’s date in the business time zone', () => {
    // 170 days after 15 Apr 2026; 20:00 UTC on 1 Oct is already 2 Oct in India.
    expect(daysSubmittedLate('2026-04-15', '2026-10-01T20:00:00Z', IST)).toBe(170);
    expect(daysSubmittedLate('2026-04-15', '2026-10-01T20:00:00Z', 'UTC')).toBe(169);
    expect(daysSubmittedLate('2026-04-15', new Date('2026-04-15T12:00:00Z'), IST)).toBe(0);
    expect(daysSubmittedLate('2026-04-15', '2026-03-01T00:00:00Z', IST)).toBe(0);
    expect(daysSubmittedLate('2026-04-15', null, IST)).toBeNull();
  });

  it('tells a late submission, else the days a pack never submitted is overdue', () => {
    expect(packLateness({ dueDate: '2026-04-15', daysLate: 170 }, '2026-11-27')).toEqual({
      kind: 'late',
      days: 170,
    });
    expect(packLateness({ dueDate: '2026-04-15', daysLate: 0 }, '2026-11-27')).toBeNull();
    expect(packLateness({ dueDate: '2026-11-15', daysLate: null }, '2026-11-27')).toEqual({
      kind: 'overdue',
      days: 12,
    });
    expect(packLateness({ dueDate: '2026-11-27', daysLate: null }, '2026-11-27')).toBeNull();
  });
});

describe('calendar state', () => {
  it('is due on the due date itself and overdue from the day after', () => {
    expect(calendarState('2027-01-15', undefined, '2027-01-15')).toEqual({
      state: 'DUE',
      daysOverdue: 0,
    });
    expect(calendarState('2027-01-15', 'NOT_RAISED', '2027-01-16')).toEqual({
      state: 'OVERDUE',
      daysOverdue: 1,
    });
  });

  it('follows the frequency once its pack was submitted, however late', () => {
    expect(calendarState('2026-01-15', 'PENDING_APPROVAL', '2027-01-16').state).toBe('SUBMITTED');
    expect(calendarState('2026-01-15', 'APPROVED', '2027-01-16').state).toBe('APPROVED');
    expect(calendarState('2026-01-15', 'REJECTED', '2027-01-16')).toEqual({
      state: 'REJECTED',
      daysOverdue: 0,
    });
  });
});

describe('a collateral’s calendar in the business time zone', () => {
  const rows: PeriodRow[] = [
    { key: 'F-NOV', frequency: 1, month: 11, year: 2026, approvalStatus: 'PENDING_APPROVAL' },
    // Another frequency code for the same month is another period.
    { key: 'F-Q', frequency: 3, month: 10, year: 2026, approvalStatus: 'APPROVED' },
  ];

  it('turns the year on India’s midnight, not UTC’s', () => {
    const at = (instant: string, zone: string) =>
      names(monitoringCalendar(monthly, rows, new Date(instant), zone))[0];
    // 2026-12-31 23:30 IST is 18:00 UTC: December in both.
    expect(at('2026-12-31T18:00:00Z', IST)).toBe('2026-12');
    // 2027-01-01 00:30 IST is still 2026-12-31 19:00 UTC: January is expected in India only.
    expect(at('2026-12-31T19:00:00Z', IST)).toBe('2027-01');
    expect(at('2026-12-31T19:00:00Z', 'UTC')).toBe('2026-12');
  });

  it('matches rows by frequency, month and year and counts days overdue on the IST date', () => {
    // 2027-01-15 20:00 UTC is already 16 January in India: December's pack is a day late.
    const calendar = monitoringCalendar(monthly, rows, new Date('2027-01-15T20:00:00Z'), IST);
    expect(calendar).toEqual([
      {
        frequency: 1,
        month: 1,
        year: 2027,
        dueDate: '2027-02-15',
        state: 'DUE',
        daysOverdue: 0,
        frequencyKey: null,
      },
      {
        frequency: 1,
        month: 12,
        year: 2026,
        dueDate: '2027-01-15',
        state: 'OVERDUE',
        daysOverdue: 1,
        frequencyKey: null,
      },
      {
        frequency: 1,
        month: 11,
        year: 2026,
        dueDate: '2026-12-15',
        state: 'SUBMITTED',
        daysOverdue: 0,
        frequencyKey: 'F-NOV',
      },
      {
        frequency: 1,
        month: 10,
        year: 2026,
        dueDate: '2026-11-15',
        state: 'OVERDUE',
        daysOverdue: 62,
        frequencyKey: null,
      },
    ]);
    // In UTC it is still the 15th: the due date itself, not overdue.
    expect(
      monitoringCalendar(monthly, rows, new Date('2027-01-15T20:00:00Z'), 'UTC')[1]?.state,
    ).toBe('DUE');
  });

  it('derives quarters across the year end', () => {
    const calendar = monitoringCalendar(
      { monitoringFrequency: 3, dueDay: 15, since: '2026-08' },
      rows,
      new Date('2027-01-16T00:00:00Z'),
      IST,
    );
    expect(calendar.map((p) => [p.month, p.year, p.dueDate, p.state, p.frequencyKey])).toEqual([
      [1, 2027, '2027-02-15', 'DUE', null],
      [10, 2026, '2026-11-15', 'APPROVED', 'F-Q'],
    ]);
  });
});

describe('reminders owed', () => {
  const due = '2027-01-15';
  it('reminds from 5 days before the due date through the due date', () => {
    expect(reminderOwed(due, '2027-01-09')).toBeNull();
    expect(reminderOwed(due, '2027-01-10')).toEqual({ kind: 'due_soon', step: 0 });
    expect(reminderOwed(due, due)).toEqual({ kind: 'due_soon', step: 0 });
  });

  it('then the day after and weekly, four times at most', () => {
    expect(reminderOwed(due, '2027-01-16')).toEqual({ kind: 'overdue', step: 1 });
    expect(reminderOwed(due, '2027-01-22')).toEqual({ kind: 'overdue', step: 1 });
    expect(reminderOwed(due, '2027-01-23')).toEqual({ kind: 'overdue', step: 2 });
    expect(reminderOwed(due, '2027-02-06')).toEqual({ kind: 'overdue', step: 4 });
    expect(reminderOwed(due, '2027-02-12')).toEqual({ kind: 'overdue', step: 4 });
    expect(reminderOwed(due, '2027-02-13')).toBeNull();
  });
});

describe('the import’s calendar fields', () => {
  const collateral = { key: 'C1', accountId: 'ACC1', collateralName: 'Stock' };
  const refusal = (input: object) =>
    ImportCollateralSchema.safeParse(input).error?.issues.map(
      (i) => `${i.path.join('.')}: ${issueText('en', i)}`,
    );

  it('needs since with a frequency and no due day', () => {
    expect(
      ImportCollateralSchema.parse({ ...collateral, monitoringFrequency: 3, since: '2026-04' }),
    ).toMatchObject({ monitoringFrequency: 3, since: '2026-04' });
    expect(ImportCollateralSchema.parse(collateral)).toEqual(collateral);
    expect(refusal({ ...collateral, monitoringFrequency: 1 })).toEqual([
      'since: since is required with monitoringFrequency (the first month monitored, YYYY-MM)',
    ]);
    expect(refusal({ ...collateral, since: '2026-04' })).toEqual([
      'monitoringFrequency: monitoringFrequency (1 or 3) is required with since',
    ]);
  });

  it('refuses other frequencies, due days outside 1–28 and malformed months', () => {
    const calendar = { ...collateral, monitoringFrequency: 1, since: '2026-04' };
    expect(refusal({ ...calendar, monitoringFrequency: 2 })).toEqual([
      'monitoringFrequency: monitoringFrequency must be 1 (Monthly) or 3 (Quarterly)',
    ]);
    expect(refusal({ ...calendar, dueDay: 29 })).toEqual([
      'dueDay: dueDay must be a whole number from 1 to 28',
    ]);
    expect(refusal({ ...calendar, dueDay: 1.5 })).toHaveLength(1);
    expect(refusal({ ...calendar, since: '2026-13' })).toEqual([
      'since: since must be a month written YYYY-MM, e.g. 2026-04',
    ]);
  });
});
