import { eq, sql, type SQL } from 'drizzle-orm';
import {
  calendarState,
  MAX_PER_PAGE,
  PAGE_SIZES,
  type ApprovalStatus,
  type CalendarEntry,
  type CalendarSort,
  type ReminderKind,
} from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import { ALL_ACCOUNTS, preparedByText } from '../../db/lists/index.ts';
import { frequencies } from '../../db/schema.ts';

/** The business day and month the calendar is read on. */
export interface CalendarDay {
  /** `YYYY-MM-DD` in the business time zone. */
  today: string;
  /** The first of the current month there, `YYYY-MM-01`. */
  monthStart: string;
}

export interface CalendarFilter {
  accountKey?: string;
  overdueOnly?: boolean;
}

/** A reminder as `monitoring_reminders` records it: a period's pack and the step owed. */
export interface ReminderClaim {
  collateralKey: string;
  frequency: number;
  month: number;
  year: number;
  kind: ReminderKind;
  step: number;
}

/** A calendar answer's entry, with the account's e-mail the reminders go to. */
export type CalendarRow = CalendarEntry & { accountEmail: string };

/**
 * How many months ahead of the current one `monitoring_periods` holds periods: the reminders'
 * run moves the horizon on as months pass, a long way ahead of any read.
 */
const PLANNED_MONTHS_AHEAD = 12;

/** The first of the month `months` after the month of `monthStart` (`YYYY-MM-01`). */
function monthsAfter(monthStart: string, months: number): string {
  const [year, month] = monthStart.split('-').map(Number);
  const index = year! * 12 + month! - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The horizon each database is known to reach: a calendar read asks it once per process. */
const knownHorizon = new WeakMap<Executor, string>();

/** Plans every collateral's periods up to PLANNED_MONTHS_AHEAD after this month, if not yet. */
async function planAhead(db: Executor, day: CalendarDay): Promise<void> {
  const wanted = monthsAfter(day.monthStart, PLANNED_MONTHS_AHEAD);
  const [row] = await queryRows<{ through: string | Date }>(
    db,
    sql`select extend_monitoring_periods(${wanted}::date) as through`,
  );
  knownHorizon.set(db, isoDate(row!.through));
}

/** The periods of this month are planned: at once unless the reminders' run already did. */
async function planThisMonth(db: Executor, day: CalendarDay): Promise<void> {
  if ((knownHorizon.get(db) ?? '') < day.monthStart) await planAhead(db, day);
}

/**
 * A page reads the periods named up to the current month: a period is due in the month after it,
 * so those due before the first of the month after next.
 */
const dueBefore = (day: CalendarDay) => monthsAfter(day.monthStart, 2);

/**
 * The calendar in three ranges, each one range of an index read in the calendar's order (due
 * date, collateral, frequency): the packs not submitted past their due date (overdue, the most
 * overdue first), those submitted due before today, and every period due from today on (all 0
 * days overdue). Most overdue first is the three in this order, least overdue first the reverse.
 */
const RANGES = {
  overdue: (day: CalendarDay) => sql`submitted = false and due_date < ${day.today}::date`,
  submitted: (day: CalendarDay) => sql`submitted = true and due_date < ${day.today}::date`,
  due: (day: CalendarDay) =>
    sql`due_date >= ${day.today}::date and due_date < ${dueBefore(day)}::date`,
};

type Direction = 'asc' | 'desc';

const integer = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a count: ${value}`);
  return value;
};

/**
 * The sizes a stretch's statement is written with (the screens' page sizes, then the API's
 * largest): a stretch reads the next one up and drops the rows beyond, so however many sizes
 * callers ask for, each connection prepares a few statements.
 */
const WRITTEN_LIMITS = [...PAGE_SIZES, MAX_PER_PAGE];

/** The keys of a stretch of one range of periods, in the calendar's order or its reverse. */
function periodKeys(
  accountKey: string | undefined,
  range: SQL,
  direction: Direction,
  stretch: { offset: number; limit: number },
): SQL {
  const inAccount = accountKey ? sql`account_key = ${accountKey} and ` : sql``;
  const order = sql.raw(
    `order by due_date ${direction}, collateral_key ${direction}, frequency ${direction}`,
  );
  // The limit written into the statement, not bound: the pool's generic plans would otherwise
  // guess a tenth of the range and join that by hash to all the periods. A bound offset keeps
  // the statement's text, so its plan, the same from page to page.
  const limit = WRITTEN_LIMITS.find((size) => size >= stretch.limit) ?? integer(stretch.limit);
  return sql`select collateral_key, frequency, due_date from monitoring_periods
    where ${inAccount}${range} ${order} limit ${sql.raw(String(limit))}
    offset ${integer(stretch.offset)}`;
}

interface RawCalendarRow {
  position: number | string;
  collateral_key: string;
  collateral_name: string;
  account_key: string;
  account_name: string;
  account_email: string;
  frequency: number;
  month: number;
  year: number;
  due_date: string | Date;
  approval_status: ApprovalStatus | null;
  frequency_key: string | null;
}

const isoDate = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** A calendar row's columns: period `p` with its collateral `c` and account `a`. */
const CALENDAR_COLUMNS = sql`p.collateral_key, c.collateral_name, c.account_key,
  a.name as account_name, a.email as account_email, p.frequency, p.month, p.year,
  p.due_date, p.approval_status, p.frequency_key`;
const WITH_OWNERS = sql`join collaterals c on c.key = p.collateral_key
  join accounts a on a.key = c.account_key`;

/** The same columns read from a statement of calendar rows, as a prepared query's fields. */
const CALENDAR_FIELDS = {
  position: sql<RawCalendarRow['position']>`position`,
  collateral_key: sql<string>`collateral_key`,
  collateral_name: sql<string>`collateral_name`,
  account_key: sql<string>`account_key`,
  account_name: sql<string>`account_name`,
  account_email: sql<string>`account_email`,
  frequency: sql<number>`frequency`,
  month: sql<number>`month`,
  year: sql<number>`year`,
  due_date: sql<RawCalendarRow['due_date']>`due_date`,
  approval_status: sql<ApprovalStatus | null>`approval_status`,
  frequency_key: sql<string | null>`frequency_key`,
} satisfies Record<keyof RawCalendarRow, unknown>;

/** Calendar rows in `position` order, the state as the domain gives it on `today`. */
function toCalendarRows(rows: RawCalendarRow[], day: CalendarDay): CalendarRow[] {
  return rows
    .sort((one, other) => Number(one.position) - Number(other.position))
    .map((row) => {
      const dueDate = isoDate(row.due_date);
      return {
        collateralKey: row.collateral_key,
        collateralName: row.collateral_name,
        accountId: row.account_key,
        accountName: row.account_name,
        accountEmail: row.account_email,
        frequency: row.frequency as 1 | 3,
        month: Number(row.month),
        year: Number(row.year),
        dueDate,
        ...calendarState(dueDate, row.approval_status ?? undefined, day.today),
        frequencyKey: row.frequency_key,
      };
    });
}

/**
 * A stretch of one range of periods (its keys off an index), in its order, with their collateral
 * and account.
 */
async function periodsOf(
  db: Executor,
  accountKey: string | undefined,
  range: SQL,
  direction: Direction,
  stretch: { offset: number; limit: number },
  day: CalendarDay,
): Promise<CalendarRow[]> {
  const keys = periodKeys(accountKey, range, direction, stretch);
  const rows = await preparedByText(
    db.select(CALENDAR_FIELDS).from(
      // A period is named by the month before the one it is due in: its key in the primary key.
      sql`(select k.position, ${CALENDAR_COLUMNS}
        from (select keys.*, row_number() over () as position from (${keys}) as keys) as k
        join monitoring_periods p on p.collateral_key = k.collateral_key
          and p.frequency = k.frequency
          and p.year = extract(year from k.due_date - interval '1 month')::smallint
          and p.month = extract(month from k.due_date - interval '1 month')::smallint
        ${WITH_OWNERS}) periods`,
    ),
    'calendar.periods',
  ).execute();
  return toCalendarRows(rows, day).slice(0, stretch.limit);
}

/**
 * The first `limit` periods of `range` in the calendar's order, read straight off its index. A
 * page's way (keys, then joined back to their periods) was planned for the reminders' whole
 * window as a hash of all the book's periods (470,000 at the 1M book, spilled to disk: 400 ms).
 */
async function periodsIn(
  db: Executor,
  range: SQL,
  day: CalendarDay,
  limit: number,
): Promise<CalendarRow[]> {
  const rows = await queryRows<RawCalendarRow>(
    db,
    sql`select row_number() over (order by p.due_date, p.collateral_key, p.frequency) as position,
          ${CALENDAR_COLUMNS}
        from (select * from monitoring_periods where ${range}
              order by due_date, collateral_key, frequency
              limit ${sql.raw(String(integer(limit)))}) p
        ${WITH_OWNERS}`,
  );
  return toCalendarRows(rows, day);
}

/** How many periods of the account (or all) each range holds, from the kept counts. */
async function countRanges(db: Executor, day: CalendarDay, accountKey: string | undefined) {
  const [counts] = await queryRows<Record<keyof typeof RANGES, number | string>>(
    db,
    sql`select
          coalesce(sum(n) filter (where not submitted and due_date < ${day.today}::date), 0)
            as overdue,
          coalesce(sum(n) filter (where submitted and due_date < ${day.today}::date), 0)
            as submitted,
          coalesce(sum(n) filter (where due_date >= ${day.today}::date), 0) as due
        from monitoring_period_counts
        where account_key = ${accountKey ?? ALL_ACCOUNTS} and due_date < ${dueBefore(day)}::date`,
  );
  return {
    overdue: Number(counts?.overdue ?? 0),
    submitted: Number(counts?.submitted ?? 0),
    due: Number(counts?.due ?? 0),
  };
}

/**
 * Past this many periods into a range, a page starts at the due date it falls on, found from the
 * kept counts, instead of skipping every period before it (a page half-way through 300,000
 * periods skipped 150,000 index entries, ~40 ms).
 */
const SKIP_BY_DUE_DATE_AFTER = 1_000;

/** Where a stretch `offset` periods into `range` starts: the range from its due date on, and the offset within. */
async function startOfStretch(
  db: Executor,
  accountKey: string | undefined,
  range: SQL,
  direction: Direction,
  offset: number,
): Promise<{ range: SQL; offset: number }> {
  if (offset <= SKIP_BY_DUE_DATE_AFTER) return { range, offset };
  const dates = await queryRows<{ due_date: string; n: number | string }>(
    db,
    sql`select due_date::text as due_date, sum(n) as n from monitoring_period_counts
        where account_key = ${accountKey ?? ALL_ACCOUNTS} and ${range}
        group by due_date`,
  );
  // ISO dates sort as text.
  dates.sort((one, other) => one.due_date.localeCompare(other.due_date));
  if (direction === 'desc') dates.reverse();
  let before = 0;
  for (const { due_date: dueDate, n } of dates) {
    if (before + Number(n) > offset) {
      const from = sql.raw(direction === 'asc' ? '>=' : '<=');
      return {
        range: sql`${range} and due_date ${from} ${dueDate}::date`,
        offset: offset - before,
      };
    }
    before += Number(n);
  }
  return { range, offset };
}

export const monitoringRepository = {
  planAhead,

  /**
   * A page of the calendar, every account's or one's, and how many periods it has in all: the
   * page's stretch of each range it reaches into, read off an index, the ranges' sizes known
   * from the kept counts.
   */
  async calendarPage(
    db: Executor,
    day: CalendarDay,
    filter: CalendarFilter,
    page: { sort: CalendarSort; offset: number; limit: number },
  ) {
    await planThisMonth(db, day);
    const sizes = await countRanges(db, day, filter.accountKey);
    const names: (keyof typeof RANGES)[] = filter.overdueOnly
      ? ['overdue']
      : ['overdue', 'submitted', 'due'];
    const direction: Direction = page.sort === 'mostOverdueFirst' ? 'asc' : 'desc';
    if (direction === 'desc') names.reverse();
    const reads: Promise<CalendarRow[]>[] = [];
    let { offset, limit } = page;
    for (const name of names) {
      if (limit <= 0) break;
      if (offset >= sizes[name]) {
        offset -= sizes[name];
        continue;
      }
      const start = await startOfStretch(
        db,
        filter.accountKey,
        RANGES[name](day),
        direction,
        offset,
      );
      reads.push(
        periodsOf(
          db,
          filter.accountKey,
          start.range,
          direction,
          { offset: start.offset, limit },
          day,
        ),
      );
      limit -= Math.min(limit, sizes[name] - offset);
      offset = 0;
    }
    const total = names.reduce((sum, name) => sum + sizes[name], 0);
    return { rows: (await Promise.all(reads)).flat(), total };
  },

  /**
   * An account's packs not submitted, most overdue first: the first `limit`, how many in all and
   * how many of them are overdue. Not submitted, most overdue first is simply by due date.
   */
  async notSubmittedOfAccount(db: Executor, day: CalendarDay, accountKey: string, limit: number) {
    await planThisMonth(db, day);
    const notSubmitted = sql`submitted = false and due_date < ${dueBefore(day)}::date`;
    const [rows, [counts]] = await Promise.all([
      periodsOf(db, accountKey, notSubmitted, 'asc', { offset: 0, limit }, day),
      queryRows<{ total: number | string; overdue: number | string }>(
        db,
        sql`select coalesce(sum(n), 0) as total,
              coalesce(sum(n) filter (where due_date < ${day.today}::date), 0) as overdue
            from monitoring_period_counts
            where account_key = ${accountKey} and not submitted
              and due_date < ${dueBefore(day)}::date`,
      ),
    ]);
    return { rows, total: Number(counts?.total ?? 0), overdue: Number(counts?.overdue ?? 0) };
  },

  /**
   * The due dates in a range with packs not submitted, oldest first, from the kept counts: each
   * owes every pack due on it the same reminder.
   */
  async dueDatesNotSubmitted(
    db: Executor,
    day: CalendarDay,
    dueBetween: { from: string; to: string },
  ): Promise<string[]> {
    await planThisMonth(db, day);
    const rows = await queryRows<{ due_date: string }>(
      db,
      sql`select due_date::text as due_date from monitoring_period_counts
          where account_key = ${ALL_ACCOUNTS} and not submitted
            and due_date between ${dueBetween.from}::date and ${dueBetween.to}::date
            and due_date < ${dueBefore(day)}::date
          group by due_date having sum(n) > 0 order by due_date`,
    );
    return rows.map((row) => row.due_date);
  },

  /**
   * The next `limit` packs due on `dueDate` not submitted, after the period `after` (the
   * calendar's order), that have no `reminder` recorded: a reminder run reads only the periods
   * it may send, never the whole window again.
   */
  async unreminded(
    db: Executor,
    day: CalendarDay,
    wanted: {
      dueDate: string;
      reminder: { kind: ReminderKind; step: number };
      after?: { collateralKey: string; frequency: number };
      limit: number;
    },
  ) {
    const { dueDate, reminder, after, limit } = wanted;
    const afterPeriod = after
      ? sql`and (collateral_key, frequency) > (${after.collateralKey}, ${after.frequency}::smallint)`
      : sql``;
    return periodsIn(
      db,
      sql`submitted = false and due_date = ${dueDate}::date ${afterPeriod}
        and not exists (
          select 1 from monitoring_reminders r
           where r.collateral_key = monitoring_periods.collateral_key
             and r.frequency = monitoring_periods.frequency
             and r.month = monitoring_periods.month and r.year = monitoring_periods.year
             and r.kind = ${reminder.kind} and r.step = ${reminder.step})`,
      day,
      limit,
    );
  },

  /** A collateral's frequency rows, as the calendar matches them. */
  periodRows: (db: Executor, collateralKey: string) =>
    db
      .select({
        key: frequencies.key,
        frequency: frequencies.frequency,
        month: frequencies.month,
        year: frequencies.year,
        approvalStatus: frequencies.approvalStatus,
      })
      .from(frequencies)
      .where(eq(frequencies.collateralKey, collateralKey)),

  /**
   * Records that each of a batch of reminders goes out, unless it already went or its pack was
   * submitted meanwhile, in one statement: answers the ones this caller recorded. A reminder
   * another runner is recording at the same moment waits for its transaction and is then skipped
   * (the primary key decides between replicas).
   */
  async claimReminders(db: Executor, reminders: ReminderClaim[]): Promise<ReminderClaim[]> {
    if (reminders.length === 0) return [];
    const claimed = await queryRows<ReminderClaim>(
      db,
      sql`insert into monitoring_reminders (collateral_key, frequency, month, year, kind, step)
        select wanted.* from jsonb_to_recordset(${JSON.stringify(reminders)}::jsonb) as wanted(
          "collateralKey" text, frequency smallint, month smallint, year smallint, kind text,
          step smallint)
        where not exists (
          select 1 from frequencies f
          where f.collateral_key = wanted."collateralKey" and f.frequency = wanted.frequency
            and f.month = wanted.month and f.year = wanted.year
            and f.approval_status <> 'NOT_RAISED'
        )
        on conflict do nothing
        returning collateral_key as "collateralKey", frequency, month, year, kind, step`,
    );
    return claimed.map((row) => ({ ...row, kind: row.kind as ReminderKind }));
  },
};
