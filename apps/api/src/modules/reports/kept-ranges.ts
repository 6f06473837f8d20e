import { addDays } from '@portal/domain';

/** Rows of the report's kept counts: month rows (day = the month's first) or day rows, `from` ≤ day < `until`. */
export interface KeptRange {
  month: boolean;
  from: string;
  until: string;
}

const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 8)}01`;
const firstOfNextMonth = (isoDate: string) => firstOfMonth(addDays(firstOfMonth(isoDate), 31));

/**
 * The days `from`..`to` (inclusive) as the fewest kept rows: the whole months inside them off month
 * rows, the days before and after those off day rows. A year reads 12 month rows and at most 60
 * day rows per key, not 365.
 */
export function keptRanges(from: string, to: string): KeptRange[] {
  const until = addDays(to, 1);
  const monthsFrom = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const monthsUntil = firstOfMonth(until);
  if (monthsFrom >= monthsUntil) return [{ month: false, from, until }];
  return [
    { month: false, from, until: monthsFrom },
    { month: true, from: monthsFrom, until: monthsUntil },
    { month: false, from: monthsUntil, until },
  ].filter((range) => range.from < range.until);
}
