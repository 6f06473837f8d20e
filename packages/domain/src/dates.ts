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

function parseIsoDate(isoDate: string): CalendarDate {
  const [, year, month, day] = ISO_DATE.exec(isoDate) ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // Date.UTC rolls 2026-02-30 over into March; a round trip catches that.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== isoDate) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * One formatter per time zone, made once: making an Intl.DateTimeFormat costs far more than
 * using one, and a list page asks for the date of every row (a pack's lateness, say).
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in an IANA time zone. */
function calendarDateIn(timeZone: string, instant: Date): CalendarDate {
  const parts = dateFormatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
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
