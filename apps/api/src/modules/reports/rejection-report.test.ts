import { addDays, REJECTION_REASONS, type RejectionReportQuery } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { reviewDecisions } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { countDecisionsIn, rejectionReport } from './rejection-report.ts';
import { reportsRepository } from './reports.repository.ts';
import { randomFrom } from '../../../test/random.ts';

type Row = typeof reviewDecisions.$inferInsert;

const FIRST = Date.parse('2024-12-20T00:00:00Z');
const SPAN_MS = 120 * 86_400_000;
const FILE_TYPES = ['CUSTOMER_LEDGER', 'KYC_APPLICANT', 'BANK_STATEMENT'];

/** Decisions over four months with waits from none to weeks, many on a day's or month's edge. */
function decisions(random: () => number, n: number): Row[] {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: n }, () => {
    // A third fall within minutes of a midnight in India (18:30 UTC), a day's edge there.
    const at = new Date(
      random() < 1 / 3
        ? FIRST + Math.floor(random() * 120) * 86_400_000 + 66_600_000 + (random() - 0.5) * 600_000
        : FIRST + random() * SPAN_MS,
    );
    const kind = pick(['unit', 'frequency']);
    if (random() < 0.5) {
      const rejected = random() < 0.7;
      return {
        at,
        kind,
        subject: 'file',
        parentKey: `${kind}-1`,
        fileType: pick(FILE_TYPES),
        accountKey: 'ACC-KEPT',
        outcome: rejected ? 'REJECTED' : 'APPROVED',
        rejectionReason: rejected ? pick(REJECTION_REASONS) : null,
      };
    }
    // Waits spread over eight orders of magnitude; a few repeat exactly, a few are none at all.
    const waitSeconds = random() < 0.1 ? 3600 : random() < 0.05 ? 0 : Math.exp(random() * 14);
    return {
      at,
      kind,
      subject: 'set',
      parentKey: `${kind}-1`,
      accountKey: 'ACC-KEPT',
      outcome: pick(['APPROVED', 'REJECTED'] as const),
      submittedAt: random() < 0.05 ? null : new Date(at.getTime() - waitSeconds * 1000),
    };
  });
}

/** The report read straight off the decision log: the reference the kept counts must equal. */
async function fromTheLog(query: RejectionReportQuery, timeZone: string) {
  const range = { ...query, timeZone };
  const [rejections, times] = await Promise.all([
    reportsRepository.fileRejections(handle.db, range),
    reportsRepository.decisionTimes(handle.db, range),
  ]);
  return { rejections, times };
}

async function fromKeptCounts(query: RejectionReportQuery, timeZone: string) {
  const range = { ...query, timeZone };
  return (await reportsRepository.keptFigures(handle.db, range))!.rejections;
}

const byKey = <T extends { kind: string }>(rows: T[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  const random = randomFrom(27);
  // In statements of every size, as the decision log (one a statement) and an import would.
  for (const size of [1, 1, 2, 7, 40, 150, 400]) {
    await handle.db.insert(reviewDecisions).values(decisions(random, size));
  }
});
afterAll(() => handle.close());

/** Ranges of every shape: a day, days across a month's edge, whole months, months and days. */
function ranges(random: () => number, n: number): RejectionReportQuery[] {
  return Array.from({ length: n }, () => {
    const from = addDays('2024-12-15', Math.floor(random() * 125));
    const length = [1, 2, 15, 31, 45, 90, 130][Math.floor(random() * 7)]!;
    return { from, to: addDays(from, length - 1) };
  });
}

describe('the rejection report off its kept counts', () => {
  it('equals the report off the decision log, for ranges of every shape', async () => {
    const timeZone = 'Asia/Kolkata';
    expect(await countDecisionsIn(handle.db, timeZone)).toBe(false);
    const queries = [
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2024-12-01', to: '2025-04-30' },
      ...ranges(randomFrom(5), 24),
    ];
    for (const query of queries) {
      const log = await fromTheLog(query, timeZone);
      expect(byKey(await fromKeptCounts(query, timeZone)), JSON.stringify(query)).toEqual(
        byKey(log.rejections),
      );
      const report = await rejectionReport(handle.db, query, timeZone);
      expect(report.totalRejections).toBe(log.rejections.reduce((n, r) => n + r.count, 0));
      for (const { kind, decisions, medianSeconds } of log.times) {
        expect(
          report.decisionTimes.find((t) => t.kind === kind),
          `${kind} ${JSON.stringify(query)}`,
        ).toEqual({ kind, decisions, medianSeconds });
      }
    }
  });

  it('are counted afresh, once, for a server in another time zone, and back', async () => {
    const query = { from: '2025-01-01', to: '2025-02-15' };
    for (const timeZone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      expect(await countDecisionsIn(handle.db, timeZone)).toBe(true);
      expect(await countDecisionsIn(handle.db, timeZone)).toBe(false);
      expect(await reportsRepository.countedTimeZone(handle.db)).toBe(timeZone);
      const log = await fromTheLog(query, timeZone);
      expect(byKey(await fromKeptCounts(query, timeZone))).toEqual(byKey(log.rejections));
      expect((await rejectionReport(handle.db, query, timeZone)).decisionTimes).toEqual(
        expect.arrayContaining(log.times),
      );
    }
  });

  it('count every decision when 50 are logged at once', async () => {
    const query = { from: '2025-02-01', to: '2025-02-28' };
    const random = randomFrom(50);
    await Promise.all(
      decisions(random, 50).map((row) => handle.db.insert(reviewDecisions).values(row)),
    );
    const log = await fromTheLog(query, 'Asia/Kolkata');
    expect(byKey(await fromKeptCounts(query, 'Asia/Kolkata'))).toEqual(byKey(log.rejections));
    expect((await rejectionReport(handle.db, query, 'Asia/Kolkata')).decisionTimes).toEqual(
      expect.arrayContaining(log.times),
    );
  });

  it('fold into one row per key without changing a figure', async () => {
    const query = { from: '2024-12-15', to: '2025-04-30' };
    const before = await rejectionReport(handle.db, query, 'Asia/Kolkata');
    await handle.db.execute(sql`select compact_list_counts()`);
    const [duplicates] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from (
            select 1 from rejection_counts group by month, day, kind, file_type, reason
             having count(*) > 1
            union all
            select 1 from decision_wait_counts group by month, day, kind, bucket
             having count(*) > 1) d`,
    );
    expect(duplicates).toEqual({ n: 0 });
    expect(await rejectionReport(handle.db, query, 'Asia/Kolkata')).toEqual(before);
  });
});
