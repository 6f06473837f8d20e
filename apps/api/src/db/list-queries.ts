import { and, eq, ilike, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CheckerSort, CheckerStatusFilter } from '@portal/domain';
import type { Executor } from './client.ts';
import type { ListOrder } from './paged-list.ts';
import { listCounts } from './schema.ts';

/** A LIKE pattern for "contains": `%` and `_` (and the escape itself) typed by a user are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains `text`, ignoring case; no condition when there is no text. */
export function containsText(text: string | undefined, columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * The checker lists' orders (SPEC §9, plus the queue by age): by last update either way, or the
 * longest waiting first — earliest submission, never-submitted rows last. The key breaks ties in
 * the same direction, so pages never overlap and one index serves both directions.
 */
export function checkerOrder(
  sort: CheckerSort,
  columns: { updatedAt: AnyPgColumn; waitingSince: AnyPgColumn; key: AnyPgColumn },
): ListOrder {
  const key = { expr: columns.key, type: 'text' } as const;
  switch (sort) {
    case 'recentlyUpdatedOnTop':
      return {
        columns: [{ expr: columns.updatedAt, type: 'timestamptz' }, key],
        direction: 'desc',
      };
    case 'recentlyUpdatedOnBottom':
      return { columns: [{ expr: columns.updatedAt, type: 'timestamptz' }, key], direction: 'asc' };
    case 'longestWaitingOnTop':
      return {
        columns: [{ expr: columns.waitingSince, type: 'timestamptz' }, key],
        direction: 'asc',
      };
  }
}

/** The tables list_counts keeps counts of (live files only, for the file tables). */
export type CountedList = 'units' | 'frequencies' | 'unit_files' | 'frequency_files';

/**
 * The account key of list_counts' rows for every account (staff totals). No account has it:
 * imported keys are at least one character once trimmed.
 */
export const ALL_ACCOUNTS = '';

/**
 * A list's total from the kept counts (list_counts): one status or all, for everyone or
 * one account (the `scope` placeholder). A sum of a row per status (and the changes appended
 * since the last compaction).
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

/** Folds the kept counts' appended rows into one per list, account and status (hourly). */
export async function compactListCounts(db: Executor) {
  await db.execute(sql`select compact_list_counts()`);
}
