import { addDays, daysFrom } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { keptRanges } from './kept-ranges.ts';

/**
 * How many times the ranges count each day, month rows standing for each day of their month and
 * a taken-away range counting -1; days counted net zero are left out.
 */
function netDays(from: string, to: string): Record<string, number> {
  const net = new Map<string, number>();
  for (const range of keptRanges(from, to)) {
    for (let i = 0; i < daysFrom(range.from, range.until); i++) {
      const day = addDays(range.from, i);
      net.set(day, (net.get(day) ?? 0) + range.sign);
    }
  }
  return Object.fromEntries([...net].filter(([, n]) => n !== 0).sort());
}

describe('keptRanges', () => {
  it('reads whole months off month rows, and a month in part by its days or by its month less the days outside, whichever is fewer', () => {
    // A year to a day: the last month's row less its one day after, not 29 day rows.
    expect(keptRanges('2025-11-30', '2026-11-29')).toEqual([
      { month: false, from: '2025-11-30', until: '2025-12-01', sign: 1 },
      { month: true, from: '2025-12-01', until: '2026-12-01', sign: 1 },
      { month: false, from: '2026-11-30', until: '2026-12-01', sign: -1 },
    ]);
    expect(keptRanges('2025-03-01', '2025-03-31')).toEqual([
      { month: true, from: '2025-03-01', until: '2025-04-01', sign: 1 },
    ]);
    expect(keptRanges('2024-02-01', '2024-02-29')).toEqual([
      { month: true, from: '2024-02-01', until: '2024-03-01', sign: 1 },
    ]);
    expect(keptRanges('2025-03-02', '2025-03-31')).toEqual([
      { month: true, from: '2025-03-01', until: '2025-04-01', sign: 1 },
      { month: false, from: '2025-03-01', until: '2025-03-02', sign: -1 },
    ]);
    expect(keptRanges('2025-03-15', '2025-04-14')).toEqual([
      { month: true, from: '2025-03-01', until: '2025-04-01', sign: 1 },
      { month: false, from: '2025-03-01', until: '2025-03-15', sign: -1 },
      { month: false, from: '2025-04-01', until: '2025-04-15', sign: 1 },
    ]);
  });

  it('reads day rows alone when the days inside are fewer, merged across a month end', () => {
    expect(keptRanges('2025-03-25', '2025-04-05')).toEqual([
      { month: false, from: '2025-03-25', until: '2025-04-06', sign: 1 },
    ]);
    expect(keptRanges('2025-12-31', '2025-12-31')).toEqual([
      { month: false, from: '2025-12-31', until: '2026-01-01', sign: 1 },
    ]);
  });

  it('counts every day of any range once, and no other day', () => {
    const starts = [
      '2023-12-31',
      '2024-01-01',
      '2024-02-14',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ];
    for (const from of starts) {
      for (const length of [1, 2, 14, 15, 16, 28, 29, 30, 31, 32, 45, 60, 365, 366, 400]) {
        const to = addDays(from, length - 1);
        expect(netDays(from, to), `${from}, ${length} days`).toEqual(
          Object.fromEntries(Array.from({ length }, (_, i) => [addDays(from, i), 1])),
        );
      }
    }
  });
});
