import { describe, expect, it } from 'vitest';
import { issueText } from './translate.ts';
import {
  FREQUENCY_OPTIONS,
  frequencyCodeLabel,
  FrequencyCodeSchema,
  monthLabel,
} from './frequency.ts';

describe('frequency codes', () => {
  it('accepts 1, 2 and 3 as numbers only', () => {
    for (const code of [1, 2, 3]) expect(FrequencyCodeSchema.parse(code)).toBe(code);
    expect(FrequencyCodeSchema.safeParse(4).success).toBe(false);
    expect(FrequencyCodeSchema.safeParse('1').success).toBe(false);
  });

  it("refuses a missing frequency with 'Frequency is required'", () => {
    const result = FrequencyCodeSchema.safeParse(undefined);
    expect(issueText('en', result.error!.issues[0]!)).toBe('Frequency is required');
  });

  it("labels 2 'Every 2 months' but offers only Monthly and Quarterly", () => {
    expect([1, 2, 3].map((code) => frequencyCodeLabel(code))).toEqual([
      'Monthly',
      'Every 2 months',
      'Quarterly',
    ]);
    expect(FREQUENCY_OPTIONS).toEqual([1, 3]);
  });

  it('names months January to December, counting from 1', () => {
    expect(monthLabel(1)).toBe('January');
    expect(monthLabel(6)).toBe('June');
    expect(monthLabel(12)).toBe('December');
  });

  it('refuses a month outside 1 to 12', () => {
    expect(() => monthLabel(0)).toThrow(RangeError);
    expect(() => monthLabel(13)).toThrow(RangeError);
    expect(() => monthLabel(1.5)).toThrow(RangeError);
  });
});
