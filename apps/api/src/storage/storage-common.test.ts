import { describe, expect, it } from 'vitest';
import { contentDisposition, isValidStorageKey, storageKeySegment } from './storage-common.ts';

describe('storage keys', () => {
  it('accepts relative keys of safe segments', () => {
    for (const key of [
      'units/UNIT-1/0b6f8d1e-5c1a-4c55-9d43-2b1f0e7a9c10',
      'frequencies/COL-1001-1_3_2024/file.v2',
      'loan-statements/A%20B/x',
    ]) {
      expect(isValidStorageKey(key), key).toBe(true);
    }
  });

  it('refuses anything that could name a path outside the folder or a hidden file', () => {
    for (const key of [
      '',
      '..',
      '../x',
      'units/../x',
      'units/./x',
      '/units/x',
      'units/x/',
      'units//x',
      'units\\x',
      'C:/x',
      'units/.part',
      'units/a b',
      'units/ü',
      `units/${'a'.repeat(201)}`,
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });

  it('makes any lender key into one safe, distinct segment', () => {
    expect(storageKeySegment('UNIT-1001-01-1-001')).toBe('UNIT-1001-01-1-001');
    expect(storageKeySegment('../A/B')).toBe('%2E.%2FA%2FB');
    expect(storageKeySegment('Tower ü')).toBe('Tower%20%C3%BC');
    expect(storageKeySegment('50%')).toBe('50%25');
    for (const value of ['..', '.hidden', 'a/b', 'a\\b', 'x y', 'ü', '%2E']) {
      expect(isValidStorageKey(`units/${storageKeySegment(value)}/f`), value).toBe(true);
    }
    expect(storageKeySegment('%2E')).not.toBe(storageKeySegment('.'));
  });
});

describe('download names', () => {
  it('keeps the exact UTF-8 name and an ASCII fallback that cannot break the header', () => {
    expect(contentDisposition('Ledger März.pdf')).toBe(
      `attachment; filename="Ledger Marz.pdf"; filename*=UTF-8''Ledger%20M%C3%A4rz.pdf`,
    );
    expect(contentDisposition(`a"b\\c%d\r\n'(x)*.pdf`)).toBe(
      `attachment; filename="a_b_c_d__'(x)*.pdf"; filename*=UTF-8''a%22b%5Cc%25d%0D%0A%27%28x%29%2A.pdf`,
    );
    expect(contentDisposition('दस्तावेज़.pdf')).toMatch(
      /^attachment; filename="_+\.pdf"; filename\*=UTF-8''%E0/,
    );
    expect(contentDisposition('bad \uD800 surrogate.pdf')).toContain(
      "filename*=UTF-8''bad%20%EF%BF%BD%20",
    );
  });
});
