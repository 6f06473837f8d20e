import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { durationInWords } from './duration-in-words';

const HOUR = 3600;
const DAY = 24 * HOUR;

afterEach(() => setLanguage('en'));

describe('a waiting time in words', () => {
  it('says its two largest units', () => {
    expect(durationInWords(2 * DAY + 4 * HOUR + 20 * 60)).toBe('2 days 4 hours');
    expect(durationInWords(1.5 * DAY)).toBe('1 day 12 hours');
    expect(durationInWords(3 * HOUR + 60)).toBe('3 hours 1 minute');
    expect(durationInWords(45 * 60 + 10)).toBe('45 minutes');
  });

  it('leaves out a zero next unit, and says less than a minute for seconds', () => {
    expect(durationInWords(3 * DAY + 5 * 60)).toBe('3 days');
    expect(durationInWords(HOUR)).toBe('1 hour');
    expect(durationInWords(20)).toBe('less than a minute');
    expect(durationInWords(0)).toBe('less than a minute');
  });

  it('speaks Hindi when Hindi is chosen', () => {
    setLanguage('hi');
    expect(durationInWords(2 * DAY + 4 * HOUR)).toBe('2 दिन 4 घंटे');
    expect(durationInWords(HOUR + 60)).toBe('1 घंटा 1 मिनट');
    expect(durationInWords(20)).toBe('एक मिनट से कम');
  });
});
