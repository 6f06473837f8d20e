import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { frequencies, monitoringReminders, outbox } from '../../db/schema.ts';
import { createFreshPostgresDatabase, testPostgresUrl } from '../../../test/database.ts';
import { seedAccount } from '../../../test/factories.ts';
import { importLenderData } from '../lender-data/import-lender-data.ts';
import { sendMonitoringReminders } from './monitoring-reminders.ts';

/**
 * Two servers on one database. On PostgreSQL two pools, as two replicas would have; PGlite has one
 * connection per database, so there both runs share it (and still interleave their statements).
 */
let first: DatabaseHandle;
let second: DatabaseHandle;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let email: string;

beforeAll(async () => {
  const serverUrl = testPostgresUrl();
  if (serverUrl) {
    const fresh = await createFreshPostgresDatabase(serverUrl);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
    first = await openDatabase({ kind: 'postgres', url: fresh.url });
    second = await openDatabase({ kind: 'postgres', url: fresh.url });
  } else {
    first = await openDatabase({ kind: 'pglite-memory' });
    second = first;
  }
  const account = await seedAccount(first.db);
  email = account.email;
  await importLenderData(first.db, {
    collaterals: [
      // Monthly from May 2026: May's pack is due on 15 June.
      {
        key: 'REM-M',
        accountId: account.key,
        collateralName: 'Stock',
        monitoringFrequency: 1,
        since: '2026-05',
      },
      // The same calendar, but its May pack is already with the checker.
      {
        key: 'REM-SUB',
        accountId: account.key,
        collateralName: 'Lease',
        monitoringFrequency: 1,
        since: '2026-05',
      },
    ],
  });
  await first.db.insert(frequencies).values({
    collateralKey: 'REM-SUB',
    accountKey: account.key,
    frequency: 1,
    month: 5,
    year: 2026,
    approvalStatus: 'PENDING_APPROVAL',
  });
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await dropDatabase();
});

/** A server's reminder run at an IST wall-clock time on `date` (11:30). */
const runAt = (handle: DatabaseHandle, date: string) =>
  sendMonitoringReminders(handle.db, {
    now: () => new Date(`${date}T06:00:00Z`),
    timeZone: 'Asia/Kolkata',
    publicUrl: 'https://portal.example',
  });

const remindersOf = (collateralKey: string) =>
  first.db
    .select({
      month: monitoringReminders.month,
      kind: monitoringReminders.kind,
      step: monitoringReminders.step,
    })
    .from(monitoringReminders)
    .where(eq(monitoringReminders.collateralKey, collateralKey))
    .orderBy(asc(monitoringReminders.createdAt), asc(monitoringReminders.step));

const mails = () =>
  first.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail'), sql`${outbox.payload}->>'to' = ${email}`))
    .orderBy(asc(outbox.id));

describe('monitoring reminders', () => {
  it('mail a reminder once when two servers run at the same moment', async () => {
    expect(await runAt(first, '2026-06-09')).toBe(0); // six days before: not yet
    const queued = await Promise.all([runAt(first, '2026-06-10'), runAt(second, '2026-06-10')]);
    expect(queued.sort()).toEqual([0, 1]);
    expect(await remindersOf('REM-M')).toEqual([{ month: 5, kind: 'due_soon', step: 0 }]);
    const [mail] = (await mails()).map((m) => m.payload as { subject: string; text: string });
    expect(mail?.subject).toBe(
      'Due on 15 Jun 2026: the monitoring pack for Stock · Monthly, May 2026',
    );
    expect(mail?.text).toContain('https://portal.example/accounts/');
    // Later the same window: nothing new.
    expect(await runAt(second, '2026-06-15')).toBe(0);
  });

  it('after a restart, mails the day after the due date and weekly, the latest step only, four at most', async () => {
    const restarted = databaseUrl
      ? await openDatabase({ kind: 'postgres', url: databaseUrl })
      : first;
    try {
      expect(await runAt(restarted, '2026-06-16')).toBe(1);
      expect(await runAt(restarted, '2026-06-22')).toBe(0);
      // Down from the 22nd to 10 July: steps 2 and 3 are skipped, step 4 is sent (and June's
      // packs, due 15 July, are due soon: one per collateral).
      expect(await runAt(restarted, '2026-07-10')).toBe(3);
      // May's fourth week ends on 13 July: no fifth reminder.
      expect(await runAt(restarted, '2026-07-12')).toBe(0);
      expect(await runAt(restarted, '2026-07-14')).toBe(0);
    } finally {
      if (restarted !== first) await restarted.close();
    }
    expect(await remindersOf('REM-M')).toEqual(
      expect.arrayContaining([
        { month: 5, kind: 'due_soon', step: 0 },
        { month: 5, kind: 'overdue', step: 1 },
        { month: 5, kind: 'overdue', step: 4 },
        { month: 6, kind: 'due_soon', step: 0 },
      ]),
    );
    expect(await remindersOf('REM-M')).toHaveLength(4);
    expect((await mails()).map((m) => (m.payload as { subject: string }).subject)).toContain(
      'Overdue: the monitoring pack for Stock · Monthly, May 2026',
    );
  });

  it('never reminds of a pack already submitted', async () => {
    expect(await remindersOf('REM-SUB')).toEqual(
      // Only June's: May's was with the checker all along.
      [{ month: 6, kind: 'due_soon', step: 0 }],
    );
  });
});

describe('a backlog of reminders', () => {
  it('is spread over runs in bounded batches, and two servers at once send each once', async () => {
    const account = await seedAccount(first.db);
    const keys = Array.from({ length: 12 }, (_, i) => `BACKLOG-${String(i).padStart(2, '0')}`);
    await importLenderData(first.db, {
      collaterals: keys.map((key) => ({
        key,
        accountId: account.key,
        collateralName: `Stock ${key}`,
        monitoringFrequency: 1,
        since: '2027-01',
      })),
    });
    // On 10 February 2027 each one's January pack is due soon; the two above owe two each (January's
    // and December's last overdue week): sixteen in all.
    const run = (handle: DatabaseHandle) =>
      sendMonitoringReminders(handle.db, {
        now: () => new Date('2027-02-10T06:00:00Z'),
        timeZone: 'Asia/Kolkata',
        publicUrl: 'https://portal.example',
        batchSize: 4,
        batches: 1,
      });
    const rounds: number[][] = [];
    for (let round = 0; round < 4; round++)
      rounds.push(await Promise.all([run(first), run(second)]));
    // Each server queues one batch a run at most, so the backlog takes two rounds.
    for (const queued of rounds.flat()) expect(queued).toBeLessThanOrEqual(4);
    expect(rounds.map((queued) => queued[0]! + queued[1]!)).toEqual([8, 8, 0, 0]);
    const recorded = await first.db
      .select({ collateralKey: monitoringReminders.collateralKey })
      .from(monitoringReminders)
      .where(sql`${monitoringReminders.collateralKey} like 'BACKLOG-%'`);
    expect(recorded.map((row) => row.collateralKey).sort()).toEqual(keys);
    const sent = await first.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail'), sql`${outbox.payload}->>'to' = ${account.email}`));
    expect(sent).toHaveLength(12);
  });
});
