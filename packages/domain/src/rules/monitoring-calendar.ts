import type { ApprovalStatus } from '../approval-status.ts';
import { addDays, currentMonthIn, daysFrom, todayIn } from '../dates.ts';
import { translate, type Language } from '../translate.ts';

/** The lender's import: a pack every month (1) or quarter (3). */
export type MonitoringFrequency = 1 | 3;

/** A collateral's monitoring calendar, as the lender's import gives it. */
export interface MonitoringSchedule {
  monitoringFrequency: MonitoringFrequency;
  /** The day of the month after a period by which its pack is due (1–28). */
  dueDay: number;
  /** The first month monitored, `YYYY-MM` (or the stored first of that month, `YYYY-MM-DD`). */
  since: string;
}

/** A period the calendar expects a pack for, named like a frequency row (frequency, month, year). */
export interface ExpectedPeriod {
  frequency: MonitoringFrequency;
  month: number;
  year: number;
  /** `YYYY-MM-DD`: the due day of the month after the period. */
  dueDate: string;
}

/**
 * DUE: not yet past its due date and no pack submitted; OVERDUE: past it and not submitted;
 * then the frequency's review states.
 */
export const CALENDAR_STATES = ['DUE', 'OVERDUE', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];

/**
 * A frequency row's state on the calendar by its approval status: null while its pack is not
 * submitted, when the due date decides (DUE, then OVERDUE from the day after it).
 */
export const CALENDAR_STATE_BY_STATUS = {
  NOT_RAISED: null,
  PENDING_APPROVAL: 'SUBMITTED',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
} as const satisfies Record<ApprovalStatus, CalendarState | null>;

export function calendarStateLabel(state: CalendarState, language: Language = 'en'): string {
  return translate(language, `domain.calendarState.${state}`);
}

/** docs/product.md#look-and-feel status colours: a due pack is amber like NOT_RAISED, an overdue one red. */
export const CALENDAR_STATE_COLOURS = {
  DUE: 'yellow',
  OVERDUE: 'red',
  SUBMITTED: 'violet',
  APPROVED: 'green',
  REJECTED: 'red',
} as const satisfies Record<CalendarState, string>;

export interface CalendarPeriod extends ExpectedPeriod {
  state: CalendarState;
  /** Days past the due date of a pack not submitted; 0 otherwise. */
  daysOverdue: number;
  /** The frequency row of the period, or null while none was added. */
  frequencyKey: string | null;
}

/** A frequency row as the calendar matches it. */
export interface PeriodRow {
  key: string;
  frequency: number;
  month: number;
  year: number;
  approvalStatus: ApprovalStatus;
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const fromIndex = (index: number) => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });
const isoMonthDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A period's due date (`YYYY-MM-DD`): `dueDay` of the month after its last month. */
export function dueDateOf(period: { month: number; year: number }, dueDay: number): string {
  const due = fromIndex(monthIndex(period.year, period.month) + 1);
  return isoMonthDay(due.year, due.month, dueDay);
}

/**
 * How late a pack's last submission came: whole days from its due date to the submission's date
 * in the business time zone, 0 when on time; null while it was never submitted.
 */
export function daysSubmittedLate(
  dueDate: string,
  submittedAt: Date | string | null,
  timeZone: string,
): number | null {
  if (submittedAt === null) return null;
  return Math.max(0, daysFrom(dueDate, todayIn(timeZone, new Date(submittedAt))));
}

/**
 * What a checker is told of a pack's timing: how many days late its submission came, or, never
 * submitted, how many days it is overdue on `today`; null when neither.
 */
export function packLateness(
  pack: { dueDate: string; daysLate: number | null },
  today: string,
): { kind: 'late' | 'overdue'; days: number } | null {
  if (pack.daysLate !== null)
    return pack.daysLate > 0 ? { kind: 'late', days: pack.daysLate } : null;
  const overdue = daysFrom(pack.dueDate, today);
  return overdue > 0 ? { kind: 'overdue', days: overdue } : null;
}

/**
 * The periods from `since` up to the current month, newest first. A period is named by its last
 * month, as the product names quarters (the add form's month may not be in the future, so a
 * quarter can be added once its last month has begun): monthly periods are since, since+1, …;
 * quarterly ones cover since…since+2 (named since+2), since+3…since+5, ….
 */
export function expectedPeriods(
  schedule: MonitoringSchedule,
  current: { year: number; month: number },
): ExpectedPeriod[] {
  const [year, month] = schedule.since.split('-').map(Number);
  const step = schedule.monitoringFrequency;
  const first = monthIndex(Number(year), Number(month)) + step - 1;
  const last = monthIndex(current.year, current.month);
  const periods: ExpectedPeriod[] = [];
  if (last < first) return periods;
  for (let index = last - ((last - first) % step); index >= first; index -= step) {
    const period = fromIndex(index);
    periods.push({ frequency: step, ...period, dueDate: dueDateOf(period, schedule.dueDay) });
  }
  return periods;
}

/** A period's state on `today` (`YYYY-MM-DD`); the due date itself is not yet overdue. */
export function calendarState(
  dueDate: string,
  approvalStatus: ApprovalStatus | undefined,
  today: string,
): { state: CalendarState; daysOverdue: number } {
  const reviewed = approvalStatus ? CALENDAR_STATE_BY_STATUS[approvalStatus] : null;
  if (reviewed) return { state: reviewed, daysOverdue: 0 };
  const late = daysFrom(dueDate, today);
  return late > 0 ? { state: 'OVERDUE', daysOverdue: late } : { state: 'DUE', daysOverdue: 0 };
}

/**
 * The calendar of one collateral at `now`: each expected period matched to its frequency row by
 * (frequency, month, year), with its state on the business time zone's date.
 */
export function monitoringCalendar(
  schedule: MonitoringSchedule,
  rows: readonly PeriodRow[],
  now: Date,
  timeZone: string,
): CalendarPeriod[] {
  const today = todayIn(timeZone, now);
  const byPeriod = new Map(rows.map((row) => [`${row.frequency}-${row.month}-${row.year}`, row]));
  return expectedPeriods(schedule, currentMonthIn(timeZone, now)).map((period) => {
    const row = byPeriod.get(`${period.frequency}-${period.month}-${period.year}`);
    return {
      ...period,
      ...calendarState(period.dueDate, row?.approvalStatus, today),
      frequencyKey: row?.key ?? null,
    };
  });
}

export type ReminderKind = 'due_soon' | 'overdue';

/** Reminders: 5 days before the due date, then the day after it and weekly, at most 4 times. */
export const DUE_SOON_DAYS = 5;
export const MAX_OVERDUE_REMINDERS = 4;

/**
 * The reminder a pack not yet submitted is owed on `today`: `due_soon` (step 0) from 5 days before
 * its due date to the due date, `overdue` step n from the (7n − 6)th day after it. Only the latest
 * step is named, so a scheduler that was down sends that one and skips those it missed; after the
 * fourth overdue week nothing more is owed.
 */
export function reminderOwed(
  dueDate: string,
  today: string,
): { kind: ReminderKind; step: number } | null {
  const late = daysFrom(dueDate, today);
  if (late < -DUE_SOON_DAYS) return null;
  if (late <= 0) return { kind: 'due_soon', step: 0 };
  const step = Math.floor((late - 1) / 7) + 1;
  return step <= MAX_OVERDUE_REMINDERS ? { kind: 'overdue', step } : null;
}

/** The earliest due date that can still owe a reminder on `today` (its fourth overdue week). */
export const oldestRemindedDueDate = (today: string) => addDays(today, -7 * MAX_OVERDUE_REMINDERS);
