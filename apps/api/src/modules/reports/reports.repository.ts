import { and, asc, count, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DocumentSetKind, RejectionReason } from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  decisionWaitCounts as w,
  rejectionCounts as r,
  reportSettings,
  reviewDecisions as d,
} from '../../db/schema.ts';
import { keptRanges } from './kept-ranges.ts';

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

/**
 * The kept rows of one counts table that make up the range's days, as one statement's union:
 * `columns`, then `n`, negative for rows taken away (a month's days outside the range). Sums of
 * them are the range's counts; a key whose rows all lie outside sums to 0.
 */
function keptRows(table: typeof r | typeof w, columns: SQL, range: DayRange) {
  return sql.join(
    keptRanges(range.from, range.to).map(
      ({
        month,
        from,
        until,
        sign,
      }) => sql`select ${columns}, ${sql.raw(sign < 0 ? '-' : '')}${table.n} as n
        from ${table}
        where ${table.month} = ${month} and ${table.day} >= ${from}::date and ${table.day} < ${until}::date`,
    ),
    sql` union all `,
  );
}

export interface FileRejectionCount {
  kind: DocumentSetKind;
  fileType: string;
  reason: RejectionReason;
  count: number;
}

export const reportsRepository = {
  /** The business time zone the kept counts are counted in, if any. */
  async countedTimeZone(db: Executor): Promise<string | undefined> {
    const [row] = await db.select().from(reportSettings);
    return row?.timeZone;
  },

  /** Counts every decision afresh in `timeZone`, unless they are counted in it already. */
  async recount(db: Executor, timeZone: string) {
    await db.execute(sql`select recount_review_decisions(${timeZone})`);
  },

  /** File rejections of the range off the kept counts (the time zone must be the counted one). */
  keptFileRejections(db: Executor, range: DayRange) {
    return queryRows<FileRejectionCount>(
      db,
      sql`select kind, file_type as "fileType", reason, sum(n)::int as count
            from (${keptRows(r, sql`${r.kind}, ${r.fileType}, ${r.reason}`, range)}) kept
           group by 1, 2, 3 having sum(n) > 0`,
    );
  },

  /** Final decisions of the range per kind and waiting-time range, off the kept counts. */
  keptWaitCounts(db: Executor, range: DayRange) {
    return queryRows<{ kind: DocumentSetKind; bucket: number; n: number }>(
      db,
      sql`select kind, bucket, sum(n)::int as n
            from (${keptRows(w, sql`${w.kind}, ${w.bucket}`, range)}) kept
           group by 1, 2 having sum(n) > 0 order by 1, 2`,
    );
  },

  /**
   * The waiting times of the range's final decisions of one kind and waiting-time range, in
   * order: `limit` of them from the `offset`th (off review_decisions_waits_idx).
   */
  async waitsInBucket(
    db: Executor,
    range: DayRange,
    {
      kind,
      bucket,
      offset,
      limit,
    }: { kind: string; bucket: number; offset: number; limit: number },
  ) {
    const rows = await db
      .select({ seconds: d.waitSeconds })
      .from(d)
      .where(
        and(
          // A literal, not a parameter: the connections' generic plans use the partial index
          // only when its predicate is written out.
          sql`${d.subject} = 'set'`,
          isNotNull(d.submittedAt),
          eq(d.kind, kind),
          eq(d.waitBucket, bucket),
          inRange(range),
        ),
      )
      .orderBy(asc(d.waitSeconds))
      .offset(offset)
      .limit(limit);
    return rows.map((row) => row.seconds!);
  },

  /** File rejections of the range, counted by kind of set, file type and reason, off the log. */
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
    return rows as FileRejectionCount[];
  },

  /**
   * Per kind of set: final decisions of the range, and the median time from submission to each,
   * off the log.
   */
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
