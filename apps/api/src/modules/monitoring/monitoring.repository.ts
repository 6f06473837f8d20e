import { eq, sql, type SQL } from 'drizzle-orm';
import {
  CALENDAR_STATE_BY_STATUS,
  type CalendarEntry,
  type CalendarSort,
  type CalendarState,
  type ReminderKind,
} from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
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
  /** Only packs not submitted yet: DUE or OVERDUE (a borrower's to-do). */
  notSubmittedOnly?: boolean;
  /** Packs not submitted whose due date lies in this range (the reminders' window). */
  notSubmittedDueBetween?: { from: string; to: string };
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

const REVIEW_STATES = Object.entries(CALENDAR_STATE_BY_STATUS).flatMap(([status, state]) =>
  state === null ? [] : [[status, state] as const],
);
const NOT_SUBMITTED = Object.entries(CALENDAR_STATE_BY_STATUS).flatMap(([status, state]) =>
  state === null ? [status] : [],
);
const inList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Every monitored collateral's expected periods as rows, derived in SQL with generate_series so
 * the staff calendar filters, sorts and pages over thousands of collaterals without loading them:
 * the same rule as the domain's `monitoringCalendar`. A frequency row's state comes from the
 * domain's table itself; the dates (a period named by its last month, due on the due day of the
 * month after, overdue from the day after) are held to the domain by the API tests.
 */
function calendarRows(day: CalendarDay, filter: CalendarFilter): SQL {
  const conditions = [sql`c.monitoring_frequency is not null`, sql`c.monitoring_since is not null`];
  if (filter.accountKey) conditions.push(sql`c.account_key = ${filter.accountKey}`);
  const stated = [sql`true`];
  if (filter.overdueOnly) stated.push(sql`state = ${'OVERDUE' satisfies CalendarState}`);
  if (filter.notSubmittedOnly)
    stated.push(sql`state in (${inList(['DUE', 'OVERDUE'] satisfies CalendarState[])})`);
  if (filter.notSubmittedDueBetween) {
    const { from, to } = filter.notSubmittedDueBetween;
    stated.push(sql`state in (${inList(['DUE', 'OVERDUE'] satisfies CalendarState[])})`);
    stated.push(sql`due_date between ${from}::date and ${to}::date`);
  }
  return sql`
    with periods as (
      select c.key as collateral_key, c.collateral_name, c.account_key, a.name as account_name,
        a.email as account_email, c.monitoring_frequency::int as frequency,
        extract(month from p.period)::int as month, extract(year from p.period)::int as year,
        (p.period + interval '1 month')::date + (c.due_day - 1) as due_date
      from collaterals c
      join accounts a on a.key = c.account_key
      cross join lateral generate_series(
        c.monitoring_since + make_interval(months => c.monitoring_frequency - 1),
        ${day.monthStart}::date::timestamp,
        make_interval(months => c.monitoring_frequency::int)
      ) as p(period)
      where ${sql.join(conditions, sql` and `)}
    ), stated as (
      select periods.*, f.key as frequency_key,
        case
          ${sql.join(
            REVIEW_STATES.map(
              ([status, state]) => sql`when f.approval_status::text = ${status} then ${state}`,
            ),
            sql` `,
          )}
          when due_date < ${day.today}::date then ${'OVERDUE' satisfies CalendarState}
          else ${'DUE' satisfies CalendarState}
        end as state,
        case
          when f.approval_status is null or f.approval_status::text in (${inList(NOT_SUBMITTED)})
            then greatest(${day.today}::date - due_date, 0)
          else 0
        end as days_overdue
      from periods
      left join frequencies f on f.collateral_key = periods.collateral_key
        and f.frequency = periods.frequency and f.month = periods.month and f.year = periods.year
    )
    select * from stated where ${sql.join(stated, sql` and `)}`;
}

const ORDER: Record<CalendarSort, SQL> = {
  mostOverdueFirst: sql`days_overdue desc, due_date asc, collateral_key asc, frequency asc`,
  leastOverdueFirst: sql`days_overdue asc, due_date desc, collateral_key desc, frequency desc`,
};

interface RawCalendarRow {
  collateral_key: string;
  collateral_name: string;
  account_key: string;
  account_name: string;
  account_email: string;
  frequency: number;
  month: number;
  year: number;
  due_date: string | Date;
  state: CalendarState;
  days_overdue: number | string;
  frequency_key: string | null;
}

const isoDate = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const toCalendarRow = (row: RawCalendarRow): CalendarRow => ({
  collateralKey: row.collateral_key,
  collateralName: row.collateral_name,
  accountId: row.account_key,
  accountName: row.account_name,
  accountEmail: row.account_email,
  frequency: row.frequency as 1 | 3,
  month: Number(row.month),
  year: Number(row.year),
  dueDate: isoDate(row.due_date),
  state: row.state,
  daysOverdue: Number(row.days_overdue),
  frequencyKey: row.frequency_key,
});

export const monitoringRepository = {
  async calendarPage(
    db: Executor,
    day: CalendarDay,
    filter: CalendarFilter,
    page: { sort: CalendarSort; offset: number; limit: number },
  ) {
    const rows = calendarRows(day, filter);
    const [items, [total]] = await Promise.all([
      queryRows<RawCalendarRow>(
        db,
        sql`${rows} order by ${ORDER[page.sort]} limit ${page.limit} offset ${page.offset}`,
      ),
      queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${rows}) as calendar`),
    ]);
    return { rows: items.map(toCalendarRow), total: Number(total?.n ?? 0) };
  },

  /**
   * An account's packs not submitted, most overdue first: the first `limit`, how many in all and
   * how many of them are overdue (one count over the same rows).
   */
  async notSubmittedOfAccount(db: Executor, day: CalendarDay, accountKey: string, limit: number) {
    const rows = calendarRows(day, { accountKey, notSubmittedOnly: true });
    const [items, [counts]] = await Promise.all([
      queryRows<RawCalendarRow>(db, sql`${rows} order by ${ORDER.mostOverdueFirst} limit ${limit}`),
      queryRows<{ n: number | string; overdue: number | string }>(
        db,
        sql`select count(*) as n,
          count(*) filter (where state = ${'OVERDUE' satisfies CalendarState}) as overdue
          from (${rows}) as calendar`,
      ),
    ]);
    return {
      rows: items.map(toCalendarRow),
      total: Number(counts?.n ?? 0),
      overdue: Number(counts?.overdue ?? 0),
    };
  },

  /** Packs not submitted due in a range, oldest due date first: what reminders are owed for. */
  async notSubmitted(db: Executor, day: CalendarDay, dueBetween: { from: string; to: string }) {
    const rows = await queryRows<RawCalendarRow>(
      db,
      sql`${calendarRows(day, { notSubmittedDueBetween: dueBetween })} order by due_date, collateral_key`,
    );
    return rows.map(toCalendarRow);
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
