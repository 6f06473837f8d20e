import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckerStatusFilter } from '@portal/domain';
import type { Executor } from '../client.ts';
import { listCounts, tableCounts } from '../schema.ts';

/** The tables list_counts keeps counts of (live files only, for the file tables). */
export type CountedList = 'units' | 'frequencies' | 'unit_files' | 'frequency_files';

/**
 * The account key of list_counts' rows for every account (staff totals). No account has it:
 * imported keys are at least one character once trimmed.
 */
export const ALL_ACCOUNTS = '';

/**
 * A list's total from the kept counts (list_counts, kept by list-triggers.sql): one status or
 * all, for everyone or one account (the `scope` placeholder). A sum of a row per status (and the
 * changes appended since the last compaction).
 */
export function countedTotal(
  db: Executor,
  list: CountedList | CountedList[],
  byAccount: boolean,
  status: CheckerStatusFilter,
) {
  return db
    .select({ n: sql<number>`coalesce(sum(${listCounts.n}), 0)::int` })
    .from(listCounts)
    .where(
      and(
        Array.isArray(list) ? inArray(listCounts.list, list) : eq(listCounts.list, list),
        eq(listCounts.accountKey, byAccount ? sql.placeholder('scope') : ALL_ACCOUNTS),
        status === 'ALL' ? undefined : eq(listCounts.approvalStatus, sql.placeholder('status')),
      ),
    );
}

/** The tables table_counts keeps the row count of (the staff lists without a search). */
export type CountedTable = 'accounts' | 'opportunities';

/** A whole table's row count from table_counts (kept by list-triggers.sql): a sum of a few rows. */
export function tableTotal(db: Executor, table: CountedTable) {
  return db
    .select({ n: sql<number>`coalesce(sum(${tableCounts.n}), 0)::int` })
    .from(tableCounts)
    .where(eq(tableCounts.table, table));
}

/** Folds the kept counts' appended rows into one per list, account and status (hourly). */
export async function compactListCounts(db: Executor) {
  await db.execute(sql`select compact_list_counts()`);
}
