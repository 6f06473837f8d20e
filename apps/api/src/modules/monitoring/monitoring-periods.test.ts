import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApprovalStatusSchema,
  monitoringCalendar,
  type MonitoringFrequency,
  type ReminderKind,
} from '@portal/domain';
import { openDatabase, queryRows, type DatabaseHandle, type Executor } from '../../db/client.ts';
import { collaterals, frequencies } from '../../db/schema.ts';
import {
  createFreshPostgresDatabase,
  openTestDatabase,
  testPostgresUrl,
} from '../../../test/database.ts';
import { seedAccount } from '../../../test/factories.ts';
import {
  monitoringRepository as repo,
  type CalendarDay,
  type CalendarRow,
} from './monitoring.repository.ts';
import { calendarDay } from './monitoring.service.ts';
import { randomFrom } from '../../../test/random.ts';

/**
 * The calendar read off `monitoring_periods` is the domain's `monitoringCalendar` of every
 * collateral, whatever the collaterals' calendars, their frequency rows' statuses and the day —
 * as collaterals and frequency rows change under it and months pass beyond its horizon.
 */
const TIME_ZONE = 'Asia/Kolkata';
let handle: DatabaseHandle;
let accountKeys: string[];

/** Draws from a repeatable sequence (randomFrom), so a failure reproduces. */
function generator(seed: number) {
  const next = randomFrom(seed);
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}
const random = generator(20260615);

const month = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** A calendar from 2023 to 2026, monthly or quarterly (or none), due on any day 1–28. */
const randomCalendar = () => ({
  monitoringFrequency: random.chance(0.1) ? null : random.pick([1, 3] as const),
  dueDay: 1 + random.below(28),
  monitoringSince: `${month(2023 * 12 + random.below(48))}-01`,
});

/** Frequency rows for a third of the months 2023–2027 (some not periods of their collateral). */
async function addFrequencyRows(collateralKey: string, accountKey: string) {
  const rows = [];
  for (let index = 2023 * 12; index < 2028 * 12; index++) {
    if (!random.chance(0.3)) continue;
    rows.push({
      collateralKey,
      accountKey,
      frequency: random.pick([1, 1, 3]),
      year: Math.floor(index / 12),
      month: (index % 12) + 1,
      approvalStatus: random.pick(ApprovalStatusSchema.options),
    });
  }
  if (rows.length > 0) await handle.db.insert(frequencies).values(rows).onConflictDoNothing();
}

let collateralCount = 0;
async function addCollaterals(n: number) {
  for (let i = 0; i < n; i++) {
    // Keys of one length and alphabet sort alike in every collation, as the calendar's ties do.
    const key = `C${String(++collateralCount).padStart(3, '0')}`;
    const accountKey = random.pick(accountKeys);
    await handle.db
      .insert(collaterals)
      .values({ key, accountKey, collateralName: `Collateral ${key}`, ...randomCalendar() });
    await addFrequencyRows(key, accountKey);
  }
}

/** The calendar as the domain derives it, one collateral at a time, most overdue first. */
async function derivedCalendar(now: Date): Promise<CalendarRow[]> {
  const all = await handle.db.select().from(collaterals);
  const rows = await handle.db.select().from(frequencies);
  const accounts = await queryRows<{ key: string; name: string; email: string }>(
    handle.db,
    sql`select key, name, email from accounts`,
  );
  const entries: CalendarRow[] = [];
  for (const collateral of all) {
    if (!collateral.monitoringFrequency || !collateral.monitoringSince) continue;
    const account = accounts.find((a) => a.key === collateral.accountKey)!;
    const periods = monitoringCalendar(
      {
        monitoringFrequency: collateral.monitoringFrequency as MonitoringFrequency,
        dueDay: collateral.dueDay,
        since: collateral.monitoringSince,
      },
      rows.filter((row) => row.collateralKey === collateral.key),
      now,
      TIME_ZONE,
    );
    for (const period of periods) {
      entries.push({
        ...period,
        collateralKey: collateral.key,
        collateralName: collateral.collateralName,
        accountId: account.key,
        accountName: account.name,
        accountEmail: account.email,
      });
    }
  }
  return entries.sort(
    (a, b) =>
      b.daysOverdue - a.daysOverdue ||
      a.dueDate.localeCompare(b.dueDate) ||
      a.collateralKey.localeCompare(b.collateralKey) ||
      a.frequency - b.frequency,
  );
}

const notSubmitted = (entry: CalendarRow) => entry.state === 'DUE' || entry.state === 'OVERDUE';

/** The packs of `dueDates` without `reminder` recorded, read as a reminder run reads them: 7 a time. */
async function unremindedOf(
  day: CalendarDay,
  dueDates: string[],
  reminder: { kind: ReminderKind; step: number },
  db: Executor = handle.db,
) {
  const read: CalendarRow[] = [];
  for (const dueDate of dueDates) {
    for (let after: CalendarRow | undefined; ;) {
      const batch = await repo.unreminded(db, day, { dueDate, reminder, after, limit: 7 });
      read.push(...batch);
      if (batch.length < 7) break;
      after = batch.at(-1);
    }
  }
  return read;
}

/** Every read of the calendar on `now` answers what the domain derives. */
async function expectCalendarOn(now: Date) {
  const day = calendarDay({ now: () => now, timeZone: TIME_ZONE });
  const derived = await derivedCalendar(now);
  for (const accountKey of [undefined, accountKeys[0]]) {
    const mostOverdueFirst = derived.filter(
      (entry) => !accountKey || entry.accountId === accountKey,
    );
    const overdue = mostOverdueFirst.filter((entry) => entry.state === 'OVERDUE').length;
    const submittedBefore = mostOverdueFirst.filter(
      (entry) => !notSubmitted(entry) && entry.dueDate < day.today,
    ).length;
    for (const sort of ['mostOverdueFirst', 'leastOverdueFirst'] as const) {
      for (const overdueOnly of [false, true]) {
        const all = overdueOnly ? mostOverdueFirst.slice(0, overdue) : mostOverdueFirst;
        const wanted = sort === 'mostOverdueFirst' ? all : [...all].reverse();
        const read = (offset: number, limit: number) =>
          repo.calendarPage(handle.db, day, { accountKey, overdueOnly }, { sort, offset, limit });
        const context = `${now.toISOString()} ${accountKey ?? 'staff'} ${sort} overdue=${overdueOnly}`;
        expect(await read(0, 100_000), context).toEqual({ rows: wanted, total: wanted.length });
        // Pages across the ends of the ranges (overdue, submitted before today, due from today
        // on), one anywhere and the last: more than 1,000 in on the largest days, where a page
        // starts at its due date.
        const ends = [overdue, overdue + submittedBefore].map((end) =>
          sort === 'mostOverdueFirst' ? end : all.length - end,
        );
        const pages = [...ends.map((end) => end - 3), random.below(all.length), all.length - 7];
        for (const at of pages.map((page) => Math.max(0, page))) {
          expect((await read(at, 7)).rows, `${context} at ${at}`).toEqual(wanted.slice(at, at + 7));
        }
      }
    }
    const owed = mostOverdueFirst.filter(notSubmitted);
    if (accountKey) {
      expect(await repo.notSubmittedOfAccount(handle.db, day, accountKey, 5)).toEqual({
        rows: owed.slice(0, 5),
        total: owed.length,
        overdue,
      });
    } else {
      const from = '2024-03-01';
      const inWindow = owed.filter((entry) => entry.dueDate >= from && entry.dueDate <= day.today);
      const dueDates = await repo.dueDatesNotSubmitted(handle.db, day, { from, to: day.today });
      expect(dueDates).toEqual([...new Set(inWindow.map((entry) => entry.dueDate))]);
      expect(await unremindedOf(day, dueDates, { kind: 'overdue', step: 1 })).toEqual(inWindow);
    }
  }
}

/** Days read on: month ends and starts in India (the first two are one instant apart), and one
 * beyond the horizon the migration planned. */
const DAYS = [
  '2024-01-31T18:29:59Z',
  '2024-01-31T18:30:00Z',
  '2025-02-28T12:00:00Z',
  '2026-06-15T06:00:00Z',
  '2026-06-16T06:00:00Z',
  '2026-12-31T20:00:00Z',
].map((instant) => new Date(instant));

beforeAll(async () => {
  handle = await openTestDatabase();
  accountKeys = [];
  for (let i = 0; i < 3; i++) accountKeys.push((await seedAccount(handle.db)).key);
  // Due on the day some reads are made: not yet overdue that day, overdue the next.
  await handle.db.insert(collaterals).values({
    key: 'C000',
    accountKey: accountKeys[0]!,
    collateralName: 'Collateral C000',
    monitoringFrequency: 1,
    dueDay: 15,
    monitoringSince: '2024-01-01',
  });
  await addCollaterals(24);
});
afterAll(() => handle?.close());

it('holds every collateral’s periods as the domain derives them, on any day', async () => {
  for (const now of DAYS) await expectCalendarOn(now);
}, 120_000);

it('follows frequency rows reviewed, added, renamed and deleted', async () => {
  const rows = await handle.db.select().from(frequencies);
  for (const row of rows.filter(() => random.chance(0.2))) {
    await handle.db
      .update(frequencies)
      .set({ approvalStatus: random.pick(ApprovalStatusSchema.options) })
      .where(eq(frequencies.key, row.key));
  }
  const gone = rows.filter(() => random.chance(0.1)).map((row) => row.key);
  await handle.db.delete(frequencies).where(inArray(frequencies.key, gone));
  // A row moved to another period (free of one) with its status.
  const moved = rows.find((row) => !gone.includes(row.key) && row.year === 2025)!;
  await handle.db
    .update(frequencies)
    .set({ year: 2022, approvalStatus: 'APPROVED' })
    .where(eq(frequencies.key, moved.key));
  await addFrequencyRows('C001', (await collateralOf('C001')).accountKey);
  await expectCalendarOn(DAYS[3]!);
}, 60_000);

const collateralOf = async (key: string) =>
  (await handle.db.select().from(collaterals).where(eq(collaterals.key, key)))[0]!;

it('follows collaterals whose calendar or account changes, and new ones', async () => {
  for (const key of ['C002', 'C003', 'C004', 'C005']) {
    await handle.db.update(collaterals).set(randomCalendar()).where(eq(collaterals.key, key));
  }
  await handle.db
    .update(collaterals)
    .set({
      accountKey:
        accountKeys[0] === (await collateralOf('C006')).accountKey
          ? accountKeys[1]!
          : accountKeys[0]!,
    })
    .where(eq(collaterals.key, 'C006'));
  await handle.db
    .update(collaterals)
    .set({ monitoringFrequency: null })
    .where(eq(collaterals.key, 'C007'));
  // One statement changing many (as an import does), and one changing nothing of the calendar.
  await handle.db.execute(
    sql`update collaterals set due_day = 1 + (due_day + 7) % 28 where key between 'C010' and 'C015'`,
  );
  await handle.db
    .update(collaterals)
    .set({ collateralName: 'Renamed' })
    .where(eq(collaterals.key, 'C016'));
  await addCollaterals(4);
  for (const now of [DAYS[1]!, DAYS[3]!]) await expectCalendarOn(now);
}, 60_000);

it('leaves out of a reminder run the packs that reminder was recorded for', async () => {
  const day = calendarDay({ now: () => DAYS[3]!, timeZone: TIME_ZONE });
  const dueDates = await repo.dueDatesNotSubmitted(handle.db, day, {
    from: '2024-01-01',
    to: day.today,
  });
  const reminder = { kind: 'overdue', step: 2 } as const;
  const all = await unremindedOf(day, dueDates, reminder);
  expect(all.length).toBeGreaterThan(20);
  const recorded = all.filter((_, index) => index % 3 === 1);
  const recordedIds = new Set(
    recorded.map((row) => `${row.collateralKey}|${row.frequency}|${row.dueDate}`),
  );
  const rolledBack = new Error('rolled back');
  await expect(
    handle.db.transaction(async (tx) => {
      const claimed = await repo.claimReminders(
        tx,
        recorded.map(({ collateralKey, frequency, month, year }) => ({
          ...{ collateralKey, frequency, month, year },
          ...reminder,
        })),
      );
      expect(claimed).toHaveLength(recorded.length);
      expect(await unremindedOf(day, dueDates, reminder, tx)).toEqual(
        all.filter(
          (row) => !recordedIds.has(`${row.collateralKey}|${row.frequency}|${row.dueDate}`),
        ),
      );
      // Another step of the same packs is still owed.
      expect(await unremindedOf(day, dueDates, { kind: 'overdue', step: 3 }, tx)).toEqual(all);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
});

it('plans months beyond its horizon when they come, and counts what it holds', async () => {
  // Years after the migration's horizon: read on its first day, the month is planned then.
  await expectCalendarOn(new Date('2031-03-01T00:00:00+05:30'));
  await repo.planAhead(handle.db, { today: '2031-03-01', monthStart: '2031-03-01' });
  const [horizon] = await queryRows<{ through: string | Date }>(
    handle.db,
    sql`select through::text as through from monitoring_period_horizon`,
  );
  expect(horizon!.through).toBe('2032-03-01');
  // The kept counts equal the periods they count, folded or not.
  const miscounted = async () => {
    const [row] = await queryRows<{ n: number | string }>(
      handle.db,
      sql`select count(*) as n from (
            select account_key, submitted, due_date, count(*) as n from monitoring_periods
            group by grouping sets ((account_key, submitted, due_date), (submitted, due_date))
          ) periods full join (
            select account_key, submitted, due_date, sum(n) as n from monitoring_period_counts
            group by 1, 2, 3 having sum(n) <> 0
          ) counts on counts.account_key = coalesce(periods.account_key, '')
            and counts.submitted = periods.submitted and counts.due_date = periods.due_date
          where counts.n is distinct from periods.n`,
    );
    return Number(row!.n);
  };
  expect(await miscounted()).toBe(0);
  await handle.db.execute(sql`select compact_list_counts()`);
  expect(await miscounted()).toBe(0);
}, 60_000);

const serverUrl = testPostgresUrl();

describe.skipIf(!serverUrl)('two servers changing one collateral at once', () => {
  it('restates a period reviewed while its collateral’s calendar changes', async () => {
    const fresh = await createFreshPostgresDatabase(serverUrl!);
    const [lender, checker] = [
      await openDatabase({ kind: 'postgres', url: fresh.url }),
      await openDatabase({ kind: 'postgres', url: fresh.url }),
    ];
    let commitImport = () => {};
    try {
      const account = await seedAccount(lender.db);
      await lender.db.insert(collaterals).values({
        key: 'RACE',
        accountKey: account.key,
        collateralName: 'Race',
        monitoringFrequency: 1,
        monitoringSince: '2026-01-01',
      });
      await lender.db.insert(frequencies).values({
        collateralKey: 'RACE',
        accountKey: account.key,
        frequency: 1,
        month: 3,
        year: 2026,
      });
      // The lender's import moves the due day and plans the periods anew, not yet committed,
      // when a checker's submission of March's pack (another server) comes in: it waits for
      // the import, then restates the periods the import planned.
      let planned = () => {};
      const importPlanned = new Promise<void>((resolve) => (planned = resolve));
      const imported = lender.db.transaction(async (tx) => {
        await tx.update(collaterals).set({ dueDay: 20 }).where(eq(collaterals.key, 'RACE'));
        planned();
        await new Promise<void>((resolve) => (commitImport = resolve));
      });
      await importPlanned;
      const submitted = checker.db
        .update(frequencies)
        .set({ approvalStatus: 'PENDING_APPROVAL' })
        .where(eq(frequencies.collateralKey, 'RACE'))
        .execute();
      await expect
        .poll(
          async () => {
            const [waiting] = await queryRows<{ n: number | string }>(
              lender.db,
              sql`select count(*) as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return Number(waiting!.n);
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      commitImport();
      await Promise.all([imported, submitted]);
      const [march] = await queryRows<{ due_date: string; approval_status: string }>(
        lender.db,
        sql`select due_date::text as due_date, approval_status from monitoring_periods
            where collateral_key = 'RACE' and year = 2026 and month = 3`,
      );
      expect(march).toEqual({ due_date: '2026-04-20', approval_status: 'PENDING_APPROVAL' });
    } finally {
      commitImport();
      await lender.close();
      await checker.close();
      await fresh.drop();
    }
  }, 60_000);
});
