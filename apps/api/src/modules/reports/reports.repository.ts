import { and, count, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DocumentSetKind, RejectionReason } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { reviewDecisions as d } from '../../db/schema.ts';

/** Whole days `from`..`to` (inclusive) of the business time zone, as instants. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** The range's bounds worked out by the database: local midnight of `from`, of the day after `to`. */
function inRange(range: DayRange) {
  const start = sql`(${range.from}::date)::timestamp at time zone ${range.timeZone}`;
  const end = sql`(${range.to}::date + 1)::timestamp at time zone ${range.timeZone}`;
  return and(gte(d.at, start), lt(d.at, end));
}

export const reportsRepository = {
  /** File rejections of the range, counted by kind of set, file type and reason. */
  async fileRejections(db: Executor, range: DayRange) {
    const rows = await db
      .select({
        kind: d.kind,
        fileType: d.fileType,
        reason: d.rejectionReason,
        count: count(),
      })
      .from(d)
      .where(
        and(
          eq(d.subject, 'file'),
          eq(d.outcome, 'REJECTED'),
          // Every logged rejection has its reason (the domain requires one); the guard types it.
          isNotNull(d.rejectionReason),
          isNotNull(d.fileType),
          inRange(range),
        ),
      )
      .groupBy(d.kind, d.fileType, d.rejectionReason);
    return rows as {
      kind: DocumentSetKind;
      fileType: string;
      reason: RejectionReason;
      count: number;
    }[];
  },

  /** Per kind of set: final decisions of the range, and the median time from submission to each. */
  async decisionTimes(db: Executor, range: DayRange) {
    const rows = await db
      .select({
        kind: d.kind,
        decisions: count(),
        medianSeconds: sql<
          number | string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${d.at} - ${d.submittedAt}))`,
      })
      .from(d)
      .where(and(eq(d.subject, 'set'), isNotNull(d.submittedAt), inRange(range)))
      .groupBy(d.kind);
    return rows.map((row) => ({
      kind: row.kind as DocumentSetKind,
      decisions: row.decisions,
      // percentile_cont answers double precision; drivers may hand it over as text.
      medianSeconds: row.medianSeconds === null ? null : Number(row.medianSeconds),
    }));
  },
};
