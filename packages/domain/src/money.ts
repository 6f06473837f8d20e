const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

interface Decimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

/**
 * Reads a number or decimal string without going through binary floating
 * point, so numeric(…) values from the database keep every digit.
 */
function parseDecimal(value: number | string): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest exact decimal, but switches to exponent form
    // outside 1e-7…1e21: toFixed covers small values, BigInt the huge integers.
    text = String(value);
    if (text.includes('e'))
      text = Math.abs(value) < 1 ? value.toFixed(20) : BigInt(value).toString();
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return { negative: sign === '-', whole: whole.replace(/^0+/, '') || '0', fraction };
}

/**
 * A canonical decimal string ('-1234.5', '0', '12'), or null when the value is
 * not a plain decimal number. Trailing fraction zeros are dropped.
 */
export function toDecimalString(value: number | string): string | null {
  const decimal = parseDecimal(value);
  if (!decimal) return null;
  const fraction = decimal.fraction.replace(/0+$/, '');
  const isZero = decimal.whole === '0' && fraction === '';
  const sign = decimal.negative && !isZero ? '-' : '';
  return `${sign}${decimal.whole}${fraction ? `.${fraction}` : ''}`;
}

/** Indian grouping: the last three digits, then pairs (1,23,45,678). */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${whole.slice(-3)}`;
}

/**
 * docs/product.md#quality: money in Indian grouping with the rupee sign and two decimals,
 * rounded half away from zero ('₹1,23,45,678.00', '-₹1,234.50').
 */
export function formatRupees(value: number | string): string {
  const decimal = parseDecimal(value);
  if (!decimal) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const roundUp = (decimal.fraction[2] ?? '0') >= '5';
  const paise =
    BigInt(decimal.whole + decimal.fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1n : 0n);
  const whole = (paise / 100n).toString();
  const fraction = (paise % 100n).toString().padStart(2, '0');
  const sign = decimal.negative && paise !== 0n ? '-' : '';
  return `${sign}₹${groupIndian(whole)}.${fraction}`;
}
