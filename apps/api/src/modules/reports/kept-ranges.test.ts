import { addDays, daysFrom } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { keptRanges } from './kept-ranges.ts';

/** Every day the ranges cover, a month row standing for each day of its month. */
function coveredDays(from: string, to: string): string[] {
  return keptRanges(from, to).flatMap((range) =>
    Array.from({ length: daysFrom(range.from, range.until) }, (_, i) => addDays(range.from, i)),
  );
}

describe('keptRanges', () => {
  it('reads whole months off month rows and the days either side off day rows', () => {
    expect(keptRanges('2025-11-28', '2026-11-27')).toEqual([
      { month: false, from: '2025-11-28', until: '2025-12-01' },
      { month: true, from: '2025-12-01', until: '2026-11-01' },
      { month: false, from: '2026-11-01', until: '2026-11-28' },
    ]);
    expect(keptRanges('2025-03-01', '2025-03-31')).toEqual([
      { month: true, from: '2025-03-01', until: '2025-04-01' },
    ]);
    expect(keptRanges('2024-02-01', '2024-02-29')).toEqual([
      { month: true, from: '2024-02-01', until: '2024-03-01' },
    ]);
  });

  it('reads day rows alone when no whole month lies inside', () => {
    expect(keptRanges('2025-03-02', '2025-03-31')).toEqual([
      { month: false, from: '2025-03-02', until: '2025-04-01' },
    ]);
    expect(keptRanges('2025-03-15', '2025-04-14')).toEqual([
      { month: false, from: '2025-03-15', until: '2025-04-15' },
    ]);
    expect(keptRanges('2025-12-31', '2025-12-31')).toEqual([
      { month: false, from: '2025-12-31', until: '2026-01-01' },
    ]);
  });

  it('covers every day of any range exactly once', () => {
    const starts = ['2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-01'];
    for (const from of starts) {
      for (const length of [1, 2, 28, 29, 30, 31, 32, 60, 365, 366, 400]) {
        const to = addDays(from, length - 1);
        const days = coveredDays(from, to);
        expect(days).toEqual(Array.from({ length }, (_, i) => addDays(from, i)));
      }
    }
  });
});
