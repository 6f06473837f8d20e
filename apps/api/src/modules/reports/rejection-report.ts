import {
  REJECTION_REASONS,
  type DocumentSetKind,
  type RejectionReason,
  type RejectionReport,
  type RejectionReportQuery,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { reportsRepository as repo } from './reports.repository.ts';

const SET_KINDS = ['unit', 'frequency'] as const satisfies DocumentSetKind[];

const byListOrder = (a: { reason: RejectionReason }, b: { reason: RejectionReason }) =>
  REJECTION_REASONS.indexOf(a.reason) - REJECTION_REASONS.indexOf(b.reason);

/**
 * The rejection report of whole days in the business time zone: file rejections by reason code,
 * by file type and both, and how long sets of each kind waited for their final decision.
 */
export async function rejectionReport(
  db: Executor,
  query: RejectionReportQuery,
  timeZone: string,
): Promise<RejectionReport> {
  const range = { ...query, timeZone };
  const [rejections, times] = await Promise.all([
    repo.fileRejections(db, range),
    repo.decisionTimes(db, range),
  ]);

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
