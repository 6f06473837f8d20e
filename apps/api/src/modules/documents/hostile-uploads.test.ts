import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { download, uploadDocument } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, tokenFor } from '../../../test/factories.ts';
import { XLSX, xlsxBombBytes, zipBytes } from '../../../test/office-files.ts';

/**
 * Files a hostile borrower (or their compromised machine) might send, through the real upload
 * flow (docs/product.md#api): POST …/files, PUT to the presigned URL, POST …/complete, then download.
 */
let t: TestApp;
let token: string;
let units: string[];

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 6 });
  units = loans.units.map((u) => u.key);
  token = await tokenFor(t.db, user.id);
});
afterAll(() => t?.close());

const filesUrl = (unit: number) => `/api/units/${units[unit]}/files`;
const listed = async (unit: number) =>
  (
    await t.app.inject({ url: filesUrl(unit), headers: { authorization: `Bearer ${token}` } })
  ).json().files as unknown[];

/** A 64-bit Linux executable's header, then some code-like bytes. */
const elfBytes = () =>
  Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(8),
    Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
    Buffer.alloc(480, 0x90),
  ]);

/** A Windows executable: the MZ stub pointing at its PE header. */
function peBytes(): Buffer {
  const bytes = Buffer.alloc(512, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x8664, 0x84); // x86-64
  return bytes;
}

/** A PDF that runs JavaScript as soon as a viewer opens it. */
const pdfWithJavaScript = () =>
  Buffer.from(
    [
      '%PDF-1.7',
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      "3 0 obj << /Type /Action /S /JavaScript /JS (app.alert('opened');) >> endobj",
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );

describe('hostile uploads', () => {
  it('refuses a renamed executable at complete with 415 and keeps nothing', async () => {
    for (const bytes of [elfBytes(), peBytes()]) {
      const { put, completed } = await uploadDocument(t.app, token, filesUrl(0), 'OTHER', {
        bytes,
        fileName: 'statement.pdf',
        contentType: 'application/pdf',
      });
      expect(put?.statusCode).toBe(200);
      expect(completed?.statusCode).toBe(415);
      expect(completed?.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    expect(await listed(0)).toEqual([]);
  });

  it('refuses a zip bomb named .xlsx, and a zip that only claims to be a workbook, with 415', async () => {
    for (const bytes of [xlsxBombBytes(), zipBytes([{ name: 'payload.js', data: 'alert(1)' }])]) {
      const { completed } = await uploadDocument(t.app, token, filesUrl(1), 'CUSTOMER_LEDGER', {
        bytes,
        fileName: 'ledger.xlsx',
        contentType: XLSX,
      });
      expect(completed?.statusCode).toBe(415);
    }
    expect(await listed(1)).toEqual([]);
  });

  it('stores a PDF with a JavaScript action but serves it only as an inert attachment', async () => {
    const bytes = pdfWithJavaScript();
    const { completed } = await uploadDocument(t.app, token, filesUrl(2), 'OTHER', {
      bytes,
      fileName: 'statement.pdf',
    });
    expect(completed?.statusCode).toBe(200);
    const response = await download(t.app, completed!.json().meta.presignedUrl as string);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });

  it('stores a name with folders, bidi overrides and invisible characters safely, shortened', async () => {
    // As long as the request allows (255 characters); the last segment alone is 232.
    const hostileName = `../..\\Windows\\System32/invoice\u202Eexe.${'x'.repeat(215)}\u200B.pdf`;
    expect(hostileName).toHaveLength(255);
    const { completed } = await uploadDocument(t.app, token, filesUrl(3), 'OTHER', {
      fileName: hostileName,
    });
    expect(completed?.statusCode).toBe(200);
    const stored = completed!.json().file.fileName as string;
    expect(stored).toBe(`invoiceexe.${'x'.repeat(185)}.pdf`);
    expect(stored).toHaveLength(200);

    const response = await download(t.app, completed!.json().meta.presignedUrl as string);
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).toBe(
      `attachment; filename="${stored}"; filename*=UTF-8''${encodeURIComponent(stored)}`,
    );
  });

  it('refuses a name longer than the request allows (255 characters) before storing anything', async () => {
    const { created } = await uploadDocument(t.app, token, filesUrl(4), 'OTHER', {
      fileName: `../../\u202E${'y'.repeat(290)}.pdf`,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toMatch(/^fileName: /);
    expect(await listed(4)).toEqual([]);
  });

  it('keeps a non-ASCII name exact for modern browsers and plain ASCII in the fallback', async () => {
    const { completed } = await uploadDocument(t.app, token, filesUrl(5), 'OTHER', {
      fileName: 'बैंक "विवरण"\u2067.pdf',
    });
    const stored = completed!.json().file.fileName as string;
    expect(stored).toBe('बैंक _विवरण_.pdf');
    const response = await download(t.app, completed!.json().meta.presignedUrl as string);
    const disposition = response.headers['content-disposition'] as string;
    const [, fallback, encoded] =
      /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''(\S+)$/.exec(disposition)!;
    expect(fallback).not.toMatch(/["\\%]/);
    expect(decodeURIComponent(encoded!)).toBe(stored);
  });
});
