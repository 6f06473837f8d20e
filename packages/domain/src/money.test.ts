import { describe, expect, it } from 'vitest';
import { formatRupees, toDecimalString } from './money.ts';

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [999, '₹999.00'],
    [1000, '₹1,000.00'],
    [100000, '₹1,00,000.00'],
    [12345678.5, '₹1,23,45,678.50'],
    ['12345678', '₹1,23,45,678.00'],
    ['-1234.5', '-₹1,234.50'],
    ['999999999999999999.99', '₹9,99,99,99,99,99,99,99,999.99'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatRupees(value)).toBe(expected);
  });

  it('rounds half away from zero on the decimal digits, not the float', () => {
    // 1.005 is 1.00499999… as a float; the database's '1.005' must round up.
    expect(formatRupees('1.005')).toBe('₹1.01');
    expect(formatRupees('-1.005')).toBe('-₹1.01');
    expect(formatRupees('0.994')).toBe('₹0.99');
    expect(formatRupees('99.995')).toBe('₹100.00');
  });

  it('shows no sign on an amount that rounds to zero', () => {
    expect(formatRupees('-0.001')).toBe('₹0.00');
  });

  it('formats numbers JavaScript writes with an exponent', () => {
    expect(formatRupees(1e21)).toBe('₹1,00,00,00,00,00,00,00,00,00,000.00');
    expect(formatRupees(1e-7)).toBe('₹0.00');
  });

  it('refuses text that is not a decimal amount', () => {
    expect(() => formatRupees('12,345')).toThrow(RangeError);
    expect(() => formatRupees('')).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});

describe('toDecimalString', () => {
  it('normalises numbers and strings to a canonical decimal', () => {
    expect(toDecimalString(12345678.5)).toBe('12345678.5');
    expect(toDecimalString(' +00120.500 ')).toBe('120.5');
    expect(toDecimalString('.5')).toBe('0.5');
    expect(toDecimalString('-0.00')).toBe('0');
  });

  it('returns null for anything else', () => {
    expect(toDecimalString('1e3')).toBeNull();
    expect(toDecimalString('abc')).toBeNull();
    expect(toDecimalString('.')).toBeNull();
    expect(toDecimalString(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
