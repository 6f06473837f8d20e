import { addDays, daysFrom } from '@portal/domain';

/**
 * Rows of the report's kept counts: month rows (day = the month's first) or day rows, `from` ≤
 * day < `until`, added (`sign` 1) or taken away (-1).
 */
export interface KeptRange {
  month: boolean;
  from: string;
  until: string;
  sign: 1 | -1;
}

const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 8)}01`;
const firstOfNextMonth = (isoDate: string) => firstOfMonth(addDays(firstOfMonth(isoDate), 31));
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The days `from`..`to` (inclusive) as the fewest kept rows: each whole month inside them off its
 * month row, and each month they cover in part either by its days inside (day rows) or, when
 * fewer days lie outside, by its month row less the days outside. A month row holds the sum of
 * its day rows, so a year to today reads 12 month rows and a day or two of day rows per key,
 * not the current month's every day. Adjacent ranges of one kind and sign are merged.
 */
export function keptRanges(from: string, to: string): KeptRange[] {
  const until = addDays(to, 1);
  const ranges: KeptRange[] = [];
  const add = (range: KeptRange) => {
    if (range.from >= range.until) return;
    const last = ranges.findLast((r) => r.month === range.month && r.sign === range.sign);
    if (last?.until === range.from) last.until = range.until;
    else ranges.push(range);
  };
  for (let month = firstOfMonth(from); month < until; month = firstOfNextMonth(month)) {
    const monthEnd = firstOfNextMonth(month);
    const inside = { from: later(from, month), until: earlier(until, monthEnd) };
    const insideDays = daysFrom(inside.from, inside.until);
    if (insideDays * 2 > daysFrom(month, monthEnd)) {
      add({ month: true, from: month, until: monthEnd, sign: 1 });
      add({ month: false, from: month, until: inside.from, sign: -1 });
      add({ month: false, from: inside.until, until: monthEnd, sign: -1 });
    } else {
      add({ month: false, ...inside, sign: 1 });
    }
  }
  return ranges;
}
