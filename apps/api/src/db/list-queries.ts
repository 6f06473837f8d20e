import { asc, desc, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { CheckerSort } from '@portal/domain';

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
 * longest waiting first — earliest submittedAt, never-submitted rows last. The key breaks ties, so
 * pages never overlap.
 */
export function checkerListOrder(
  sort: CheckerSort,
  columns: { updatedAt: Column; submittedAt: Column; key: Column },
): SQL[] {
  const byKey = asc(columns.key);
  switch (sort) {
    case 'recentlyUpdatedOnTop':
      return [desc(columns.updatedAt), byKey];
    case 'recentlyUpdatedOnBottom':
      return [asc(columns.updatedAt), byKey];
    case 'longestWaitingOnTop':
      return [sql`${columns.submittedAt} asc nulls last`, byKey];
  }
}
