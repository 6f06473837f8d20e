import {
  REJECTION_REASONS,
  type DocumentSetKind,
  type RejectionReason,
  type RejectionReport,
  type RejectionReportQuery,
} from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { reportsRepository as repo, type DayRange } from './reports.repository.ts';

const SET_KINDS = ['unit', 'frequency'] as const satisfies DocumentSetKind[];

const byListOrder = (a: { reason: RejectionReason }, b: { reason: RejectionReason }) =>
  REJECTION_REASONS.indexOf(a.reason) - REJECTION_REASONS.indexOf(b.reason);

/**
 * The median waiting time of a kind's decisions as percentile_cont(0.5) takes it (the middle one,
 * or between the middle two), off the kept counts: they say which waiting-time range holds the
 * middle rank, and only that range's decisions are read, in order.
 */
async function keptDecisionTime(
  db: Executor,
  range: DayRange,
  kind: DocumentSetKind,
  buckets: { bucket: number; n: number }[],
) {
  const decisions = buckets.reduce((n, b) => n + b.n, 0);
  if (decisions === 0) return { kind, decisions, medianSeconds: null };
  const waitAt = async (rank: number) => {
    let before = 0;
    for (const { bucket, n } of buckets) {
      if (rank < before + n) {
        const [seconds] = await repo.waitsInBucket(db, range, {
          kind,
          bucket,
          offset: rank - before,
          limit: 1,
        });
        if (seconds !== undefined) return seconds;
        break;
      }
      before += n;
    }
    throw new Error(`The kept waiting-time counts of ${kind} decisions differ from the log`);
  };
  const middle = (decisions - 1) / 2;
  const lower = await waitAt(Math.floor(middle));
  const upper = middle % 1 === 0 ? lower : await waitAt(Math.ceil(middle));
  return { kind, decisions, medianSeconds: lower + (upper - lower) * (middle % 1) };
}

/** The report's figures off the kept counts, all read in one snapshot. */
function keptFigures(db: Database, range: DayRange) {
  return db.transaction(
    async (tx) => {
      const [rejections, waits] = await Promise.all([
        repo.keptFileRejections(tx, range),
        repo.keptWaitCounts(tx, range),
      ]);
      const times = await Promise.all(
        SET_KINDS.map((kind) =>
          keptDecisionTime(
            tx,
            range,
            kind,
            waits.filter((row) => row.kind === kind),
          ),
        ),
      );
      return [rejections, times] as const;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The rejection report of whole days in the business time zone: file rejections by reason code,
 * by file type and both, and how long sets of each kind waited for their final decision. Read
 * off the kept counts when they are counted in this time zone (a server recounts them in its own
 * as it starts), else off the decision log itself.
 */
export async function rejectionReport(
  db: Database,
  query: RejectionReportQuery,
  timeZone: string,
): Promise<RejectionReport> {
  const range = { ...query, timeZone };
  const [rejections, times] =
    (await repo.countedTimeZone(db)) === timeZone
      ? await keptFigures(db, range)
      : await Promise.all([repo.fileRejections(db, range), repo.decisionTimes(db, range)]);

  const byReason = REJECTION_REASONS.map((reason) => ({
    reason,
    count: rejections.filter((r) => r.reason === reason).reduce((n, r) => n + r.count, 0),
  }));

  const byFileType = new Map<string, RejectionReport['byFileType'][number]>();
  for (const row of rejections) {
    const id = `${row.kind}:${row.fileType}`;
    const entry = byFileType.get(id) ?? {
      kind: row.kind,
      fileType: row.fileType,
      count: 0,
      byReason: [],
    };
    entry.count += row.count;
    entry.byReason.push({ reason: row.reason, count: row.count });
    byFileType.set(id, entry);
  }
  for (const entry of byFileType.values()) entry.byReason.sort(byListOrder);

  return {
    from: query.from,
    to: query.to,
    totalRejections: rejections.reduce((n, r) => n + r.count, 0),
    byReason,
    byFileType: [...byFileType.values()].sort(
      (a, b) =>
        b.count - a.count || a.kind.localeCompare(b.kind) || a.fileType.localeCompare(b.fileType),
    ),
    decisionTimes: SET_KINDS.map(
      (kind) => times.find((t) => t.kind === kind) ?? { kind, decisions: 0, medianSeconds: null },
    ),
  };
}

/**
 * Counts every logged decision afresh in `timeZone` unless the kept counts are counted in it;
 * answers whether it did.
 */
export async function countDecisionsIn(db: Database, timeZone: string): Promise<boolean> {
  if ((await repo.countedTimeZone(db)) === timeZone) return false;
  await repo.recount(db, timeZone);
  return true;
}
