import {
  REJECTION_REASONS,
  type DocumentSetKind,
  type RejectionReason,
  type RejectionReport,
  type RejectionReportQuery,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { reportsRepository as repo, type MiddleWait } from './reports.repository.ts';

const SET_KINDS = ['unit', 'frequency'] as const satisfies DocumentSetKind[];

const byListOrder = (a: { reason: RejectionReason }, b: { reason: RejectionReason }) =>
  REJECTION_REASONS.indexOf(a.reason) - REJECTION_REASONS.indexOf(b.reason);

/**
 * Each kind's decisions and median waiting time as percentile_cont(0.5) takes it (the middle one,
 * or between the middle two), off its middle-ranked waits.
 */
function keptDecisionTimes(middleWaits: MiddleWait[]) {
  return SET_KINDS.flatMap((kind) => {
    const lower = middleWaits.find((m) => m.kind === kind && m.which === 'lower');
    if (!lower) return [];
    // An odd count's middle is one decision: the lower middle is also the upper.
    const upper = middleWaits.find((m) => m.kind === kind && m.which === 'upper') ?? lower;
    if (lower.seconds === null || upper.seconds === null) {
      throw new Error(`The kept waiting-time counts of ${kind} decisions differ from the log`);
    }
    const fraction = ((lower.decisions - 1) / 2) % 1;
    return [
      {
        kind,
        decisions: lower.decisions,
        medianSeconds: lower.seconds + (upper.seconds - lower.seconds) * fraction,
      },
    ];
  });
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
  const kept = await repo.keptFigures(db, range);
  const [rejections, times] = kept
    ? [kept.rejections, keptDecisionTimes(kept.middleWaits)]
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
