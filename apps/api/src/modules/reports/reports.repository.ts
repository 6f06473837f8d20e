import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
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

/** A kind's middle-ranked waiting time: the lower middle, and the upper for an even count. */
export interface MiddleWait {
  kind: DocumentSetKind;
  decisions: number;
  which: 'lower' | 'upper';
  // Null only when the kept counts and the decision log disagree.
  seconds: number | null;
}

export interface KeptFigures {
  rejections: FileRejectionCount[];
  middleWaits: MiddleWait[];
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

  /**
   * The range's figures off the kept counts in one statement (one snapshot, one round trip), or
   * undefined when they are not counted in its time zone. File rejections are summed per key. For
   * each kind's median the kept waiting-time counts say which range holds each middle rank
   * (`lower`, and `upper` for an even count), and only that range's decisions are read,
   * in waiting order off review_decisions_waits_idx, skipping the ranks before it (its
   * predicate written out, not a parameter, so a generic plan uses the partial index).
   */
  async keptFigures(db: Executor, range: DayRange): Promise<KeptFigures | undefined> {
    const [row] = await queryRows<KeptFigures>(
      db,
      sql`with rejections as (
            select kind, file_type, reason, sum(n)::int as n
              from (${keptRows(r, sql`${r.kind}, ${r.fileType}, ${r.reason}`, range)}) kept
             group by 1, 2, 3 having sum(n) > 0),
          waits as (
            select kind, bucket, sum(n)::int as n
              from (${keptRows(w, sql`${w.kind}, ${w.bucket}`, range)}) kept
             group by 1, 2 having sum(n) > 0),
          placed as (
            select kind, bucket, n,
                   (sum(n) over (partition by kind order by bucket))::int - n as before,
                   (sum(n) over (partition by kind))::int as decisions
              from waits),
          middles as (
            select distinct kind, decisions from placed),
          picks as (
            select m.kind, m.decisions, ranks.which, p.bucket, ranks.rank - p.before as skip
              from middles m
             cross join lateral (values ('lower', (m.decisions - 1) / 2), ('upper', m.decisions / 2))
                   ranks (which, rank)
              join placed p on p.kind = m.kind and ranks.rank >= p.before and ranks.rank < p.before + p.n
             where ranks.which = 'lower' or m.decisions % 2 = 0)
          select coalesce((select json_agg(json_build_object(
                             'kind', kind, 'fileType', file_type, 'reason', reason, 'count', n))
                             from rejections), '[]') as rejections,
                 coalesce((select json_agg(json_build_object(
                             'kind', kind, 'decisions', decisions, 'which', which, 'seconds',
                             (select ${d.waitSeconds} from ${d}
                               where ${d.subject} = 'set' and ${d.submittedAt} is not null
                                 and ${d.kind} = picks.kind and ${d.waitBucket} = picks.bucket
                                 and ${inRange(range)}
                               order by ${d.waitSeconds} offset picks.skip limit 1)))
                             from picks), '[]') as "middleWaits"
           where exists (select from ${reportSettings} where ${reportSettings.timeZone} = ${range.timeZone})`,
    );
    return row;
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
