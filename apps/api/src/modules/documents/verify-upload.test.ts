import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../test/documents.ts';
import {
  DOCX,
  docxEntries,
  XLSX,
  xlsxBombBytes,
  xlsxEntries,
  zipBytes,
  type ZipEntry,
} from '../../../test/office-files.ts';
import { createContentChecker, type ContentChecker } from '../../content-checks/content-checker.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { verifyUpload } from './verify-upload.ts';

const MAX = 25 * 1024 * 1024;
const MiB = 1024 * 1024;

let dataDir: string;
let storage: LocalStorage;
let contentChecker: ContentChecker;
let keyNumber = 0;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-verify-'));
  const created = createStorage({
    dataDir,
    secret: 'a-test-secret-that-is-long-enough-0123456789',
    maxUploadBytes: MAX,
  });
  if (created.kind !== 'local') throw new Error('without STORAGE_URL the driver is local');
  storage = created;
  contentChecker = createContentChecker();
});
afterAll(() => {
  contentChecker.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Stores the bytes as an upload declared honestly (size and hash) with `contentType`; answers the
 * verified content type.
 */
async function verifyStored(bytes: Buffer, contentType: string) {
  const storageKey = `units/VERIFY-1/file-${++keyNumber}`;
  await storage.write(storageKey, bytes, { contentType });
  const verified = await verifyUpload(
    storage,
    contentChecker,
    { storageKey, size: bytes.length, fileHash: sha256Hex(bytes), contentType },
    { maxUploadBytes: MAX, uploadedAt: new Date() },
  );
  return verified.contentType;
}

const refused = { code: 'UNSUPPORTED_FILE_TYPE', status: 415 };
const without = (entries: ZipEntry[], name: string) => entries.filter((e) => e.name !== name);

describe('Office files at complete', () => {
  it('accepts real XLSX and DOCX packages', async () => {
    expect(await verifyStored(zipBytes(xlsxEntries()), XLSX)).toBe(XLSX);
    expect(await verifyStored(zipBytes(docxEntries()), DOCX)).toBe(DOCX);
  });

  it('refuses a zip labelled as Office that is not an Office package', async () => {
    const plainZip = zipBytes([{ name: 'ledger.csv', data: 'date,amount\n2024-04-01,100\n' }]);
    await expect(verifyStored(plainZip, XLSX)).rejects.toMatchObject(refused);
    await expect(verifyStored(plainZip, DOCX)).rejects.toMatchObject(refused);
    // The type's own main part must be there, not just the package's index.
    const noWorkbook = zipBytes(without(xlsxEntries(), 'xl/workbook.xml'));
    await expect(verifyStored(noWorkbook, XLSX)).rejects.toMatchObject(refused);
    const noIndex = zipBytes(without(docxEntries(), '[Content_Types].xml'));
    await expect(verifyStored(noIndex, DOCX)).rejects.toMatchObject(refused);
    // A zip start with a broken central directory is no package either.
    const truncated = zipBytes(xlsxEntries()).subarray(0, 900);
    await expect(verifyStored(truncated, XLSX)).rejects.toMatchObject(refused);
  });

  it('refuses a zip bomb named .xlsx without unpacking it', async () => {
    const bomb = xlsxBombBytes();
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(verifyStored(bomb, XLSX)).rejects.toMatchObject(refused);
  });

  it('refuses a package whose central directory claims more than 256 MiB in all', async () => {
    // 4 MiB of incompressible padding keeps the claimed expansion under 100 times, so only the
    // total decides: 300 MiB is refused, 200 MiB is not.
    const claiming = (declaredSize: number) =>
      zipBytes([
        ...xlsxEntries(),
        { name: 'xl/media/image1.bin', data: randomBytes(4 * MiB) },
        { name: 'xl/worksheets/sheet2.xml', data: '<worksheet/>', declaredSize },
      ]);
    await expect(verifyStored(claiming(300 * MiB), XLSX)).rejects.toMatchObject(refused);
    expect(await verifyStored(claiming(200 * MiB), XLSX)).toBe(XLSX);
  });

  it('still accepts legacy OLE2 .xls and .doc, which docs/product.md#api lists', async () => {
    const compoundFile = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    expect(await verifyStored(compoundFile, 'application/vnd.ms-excel')).toBe(
      'application/vnd.ms-excel',
    );
    expect(await verifyStored(compoundFile, 'application/msword')).toBe('application/msword');
  });
});
