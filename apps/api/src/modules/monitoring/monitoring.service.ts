import {
  currentMonthIn,
  DomainError,
  listMeta,
  MonitoringFrequencySchema,
  monitoringCalendar,
  todayIn,
  type MonitoringCalendarQuery,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { pageByNumber } from '../../db/lists/index.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { collateralsRepository } from '../collaterals/collaterals.repository.ts';
import { visibleAccount } from '../collaterals/collaterals.service.ts';
import {
  monitoringRepository as repo,
  type CalendarDay,
  type CalendarRow,
} from './monitoring.repository.ts';

/** The calendar's clock and zone: injected so tests and reminders choose the moment. */
export interface CalendarClock {
  now: () => Date;
  timeZone: string;
}

export function calendarDay({ now, timeZone }: CalendarClock): CalendarDay {
  const instant = now();
  const { year, month } = currentMonthIn(timeZone, instant);
  return {
    today: todayIn(timeZone, instant),
    monthStart: `${year}-${String(month).padStart(2, '0')}-01`,
  };
}

/** One collateral's calendar, every expected period newest first; 404 to anyone but its borrower and staff. */
export async function collateralCalendar(
  db: Executor,
  user: AuthenticatedUser,
  accountId: string,
  collateralKey: string,
  clock: CalendarClock,
) {
  const row = await collateralsRepository.find(db, collateralKey, visibleAccount(user, accountId));
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.collateral' });
  const frequency = MonitoringFrequencySchema.nullable().catch(null).parse(row.monitoringFrequency);
  const since = row.monitoringSince?.slice(0, 7) ?? null;
  const periods =
    frequency && since
      ? monitoringCalendar(
          { monitoringFrequency: frequency, dueDay: row.dueDay, since },
          await repo.periodRows(db, row.key),
          clock.now(),
          clock.timeZone,
        )
      : [];
  return {
    collateral: {
      key: row.key,
      accountId: row.accountKey,
      collateralName: row.collateralName,
      monitoringFrequency: frequency,
      dueDay: row.dueDay,
      since,
    },
    periods,
  };
}

const toEntry = ({ accountEmail: _email, ...entry }: CalendarRow) => entry;

/**
 * Collaterals × periods, filtered, sorted by days overdue and paged on the server: every account's
 * for staff (`/api/monitoring/calendar`), one account's for its borrower and staff.
 */
export async function listCalendar(
  db: Executor,
  scope: { accountKey?: string },
  query: MonitoringCalendarQuery,
  clock: CalendarClock,
) {
  const { page, next } = pageByNumber('monitoring-calendar', query);
  const { rows, total } = await repo.calendarPage(
    db,
    calendarDay(clock),
    { accountKey: scope.accountKey, overdueOnly: query.overdue },
    { sort: query.sort, offset: (page - 1) * query.perPage, limit: query.perPage },
  );
  return {
    periods: rows.map(toEntry),
    meta: listMeta(page, query.perPage, total, rows.length, next),
  };
}

/** A borrower's packs not submitted yet, most overdue first: the first `limit` and the counts. */
export async function packsOwed(
  db: Executor,
  accountKey: string,
  limit: number,
  clock: CalendarClock,
) {
  const { rows, total, overdue } = await repo.notSubmittedOfAccount(
    db,
    calendarDay(clock),
    accountKey,
    limit,
  );
  return { periods: rows.map(toEntry), total, overdue };
}
