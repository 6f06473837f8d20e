import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pdfBytes, sha256Hex, uploadDocument } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, tokenFor } from '../../../test/factories.ts';
import { unitFiles } from '../../db/schema.ts';
import {
  MAX_PENDING_UPLOADS_PER_SLOT,
  MAX_PENDING_UPLOADS_PER_USER,
  sanitiseFileName,
} from './upload-document.ts';

describe('sanitiseFileName', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(sanitiseFileName('Ledger März 2024.pdf')).toBe('Ledger März 2024.pdf');
    expect(sanitiseFileName('बैंक विवरण.pdf')).toBe('बैंक विवरण.pdf');
  });

  it('keeps folders, control characters and header breakers out', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\asha\\ledger.pdf')).toBe('ledger.pdf');
    expect(sanitiseFileName('a"b\r\nSet-Cookie: x.pdf')).toBe('a_b__Set-Cookie_ x.pdf');
    expect(sanitiseFileName('line\u2028break.pdf')).toBe('line_break.pdf');
    expect(sanitiseFileName(' . .hidden.pdf')).toBe('hidden.pdf');
    expect(sanitiseFileName('../')).toBe('document');
  });

  it('removes bidi controls and other invisible format characters', () => {
    // U+202E makes 'statement\u202Efdp.exe' display as 'statementexe.pdf'.
    expect(sanitiseFileName('statement\u202Efdp.exe')).toBe('statementfdp.exe');
    const invisible = [
      ...'\u202A\u202B\u202C\u202D\u202E',
      ...'\u2066\u2067\u2068\u2069',
      ...'\u200B\u200C\u200D\u200E\u200F',
      '\u061C',
      '\uFEFF',
    ];
    expect(sanitiseFileName(`in${invisible.join('')}voice.pdf`)).toBe('invoice.pdf');
    expect(sanitiseFileName('\uFEFF\u202E.pdf')).toBe('pdf');
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const shortened = sanitiseFileName(`${'Statement of account '.repeat(14)}.pdf`);
    expect(Array.from(shortened)).toHaveLength(200);
    expect(shortened).toMatch(/^Statement of account .*\.pdf$/);
    // Counted in characters, so none is cut in half; a 'suffix' too long is not an extension.
    const emoji = sanitiseFileName(`${'📄'.repeat(300)}.xlsx`);
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('📄.xlsx')).toBe(true);
    expect(sanitiseFileName(`report.${'x'.repeat(300)}`)).toBe(`report.${'x'.repeat(193)}`);
  });
});

describe('pending uploads are capped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const SLOTS = unitSlotFileTypes('Final');

  async function borrowerWithUnits(units: number) {
    const { user, account } = await seedBorrower(t.db);
    const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units });
    return { token: await tokenFor(t.db, user.id), units: loans.units.map((u) => u.key) };
  }

  function start(token: string, unitKey: string, fileType: string, label = fileType) {
    const bytes = pdfBytes(label);
    return t.app.inject({
      method: 'POST',
      url: `/api/units/${unitKey}/files`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        fileType,
        fileName: `${label}.pdf`,
        fileHash: sha256Hex(bytes),
        size: bytes.length,
        contentType: 'application/pdf',
      },
    });
  }

  const statuses = (answers: { statusCode: number }[]) =>
    answers.map((a) => a.statusCode).sort((a, b) => a - b);

  it(`lets one borrower have ${MAX_PENDING_UPLOADS_PER_USER} pending uploads, even when 50 starts arrive at once`, async () => {
    const borrower = await borrowerWithUnits(10);
    // 50 different slots, so only the borrower's cap can refuse.
    const slots = borrower.units.flatMap((unit) => SLOTS.map((fileType) => ({ unit, fileType })));
    const answers = await Promise.all(
      slots.slice(0, 50).map(({ unit, fileType }) => start(borrower.token, unit, fileType)),
    );
    expect(statuses(answers)).toEqual([
      ...Array<number>(MAX_PENDING_UPLOADS_PER_USER).fill(201),
      ...Array<number>(50 - MAX_PENDING_UPLOADS_PER_USER).fill(429),
    ]);
    const refusal = answers.find((a) => a.statusCode === 429)!.json();
    expect(refusal.error.code).toBe('THROTTLED');
    expect(refusal.error.message).toMatch(/started but not finished\. Finish them, or wait/);

    // A finished upload no longer counts, and an abandoned one (over an hour old) neither.
    const [first] = answers.filter((a) => a.statusCode === 201);
    const pendingKey = first!.json().file.key as string;
    await t.db.execute(
      sql`update ${unitFiles} set created_at = now() - interval '61 minutes' where ${unitFiles.key} = ${pendingKey}`,
    );
    const [unit, fileType] = [borrower.units[9]!, SLOTS[6]!];
    expect((await start(borrower.token, unit, fileType)).statusCode).toBe(201);
    expect((await start(borrower.token, unit, fileType)).statusCode).toBe(429);
  });

  it(`lets a slot have ${MAX_PENDING_UPLOADS_PER_SLOT} pending uploads, even when 10 starts arrive at once`, async () => {
    const borrower = await borrowerWithUnits(1);
    const unit = borrower.units[0]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => start(borrower.token, unit, 'OTHER', `other-${i}`)),
    );
    expect(statuses(answers)).toEqual([
      ...Array<number>(MAX_PENDING_UPLOADS_PER_SLOT).fill(201),
      ...Array<number>(10 - MAX_PENDING_UPLOADS_PER_SLOT).fill(429),
    ]);
    expect(answers.find((a) => a.statusCode === 429)!.json().error.message).toMatch(
      /This document has .* not finished\. Finish one, or wait/,
    );
    // Other slots of the unit are unaffected, and a whole upload still goes through there.
    const other = await uploadDocument(
      t.app,
      borrower.token,
      `/api/units/${unit}/files`,
      'ATS_BBA',
    );
    expect(other.completed?.statusCode).toBe(200);
  });
});
