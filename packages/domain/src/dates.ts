import { translate, type Language } from './translate.ts';

/** docs/product.md#components: BUSINESS_TIMEZONE defaults to Asia/Kolkata. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** docs/product.md#limits: the loan statement window reaches 365 days back from today. */
export const LOAN_STATEMENT_WINDOW_DAYS = 365;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A 'YYYY-MM-DD' string's parts, checked by arithmetic (a list page parses a few dates a row; a
 * `Date` round trip was 5% of a calendar page's server CPU). Years before 100 are refused, as
 * `Date.UTC` reads them as 19xx.
 */
function parseIsoDate(isoDate: string): CalendarDate {
  const [, y, m, d] = ISO_DATE.exec(isoDate) ?? [];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const monthDays = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (y === undefined || year < 100 || monthDays === undefined || day < 1 || day > monthDays) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  }
  return { year, month, day };
}

function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * One formatter per time zone, made once: making an Intl.DateTimeFormat costs far more than
 * using one.
 */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(timeZone: string, ms: number): number {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of formatter.formatToParts(ms)) parts[type] = Number(value);
  const wallClock = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  // The wall clock is read to the second: compare it with the instant's whole second.
  return wallClock - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** Per time zone and UTC day: its offset when one all day, else null (a change of offset that day). */
const dayOffsets = new Map<string, number | null>();
const DAY_OFFSETS_KEPT = 100_000;

/**
 * The calendar date of an instant in an IANA time zone: the instant moved by the zone's offset
 * that UTC day, worked out once per zone and day (the same at the day's first and last
 * millisecond: no zone changes its offset twice in a day), or at the instant itself on a day the
 * offset changes. A page of 50 rows asked Intl for every row's date: 4% of a frequency list's
 * server CPU.
 */
function calendarDateIn(timeZone: string, instant: Date): CalendarDate {
  const ms = instant.getTime();
  const utcDay = Math.floor(ms / DAY_MS);
  const key = `${timeZone} ${utcDay}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const atStart = offsetAt(timeZone, utcDay * DAY_MS);
    offset = atStart === offsetAt(timeZone, (utcDay + 1) * DAY_MS - 1) ? atStart : null;
    if (dayOffsets.size >= DAY_OFFSETS_KEPT) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  const local = new Date(ms + (offset ?? offsetAt(timeZone, ms)));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** docs/product.md#api: the business time zone decides "today" for every date rule. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return toIsoDate(calendarDateIn(timeZone, now));
}

/** docs/product.md#api: the business time zone decides "the current month" too. */
export function currentMonthIn(
  timeZone: string,
  now: Date = new Date(),
): { year: number; month: number } {
  const { year, month } = calendarDateIn(timeZone, now);
  return { year, month };
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings, free of time-zone shifts. */
export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parseIsoDate(isoDate);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' date to another (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  const utc = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day);
  return Math.round((utc(parseIsoDate(to)) - utc(parseIsoDate(from))) / 86_400_000);
}

/**
 * docs/product.md#look-and-feel: dates read '22 Nov 2026'. A 'YYYY-MM-DD' string is a calendar
 * date and is shown as is; an instant (Date or ISO timestamp) is shown as its
 * date in `timeZone`.
 */
export function formatDate(
  value: string | Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  language: Language = 'en',
): string {
  let date: CalendarDate;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    date = parseIsoDate(value);
  } else {
    const instant = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
    date = calendarDateIn(timeZone, instant);
  }
  const month = translate(language, `domain.monthShort.${date.month}`);
  return `${date.day} ${month} ${date.year}`;
}
