import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppOnDataDir, type TestApp } from '../../test/app.ts';
import { documentSetWorld, type DocumentSetRef } from '../../test/document-sets.ts';
import { download, pdfBytes, sha256Hex } from '../../test/documents.ts';
import { backupDataDir, embeddedDataDir, restoreDataDir } from './embedded-backup.ts';

// The embedded default only: PGlite in a folder, whatever TEST_DATABASE_URL says.
const root = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
const original = path.join(root, 'original');
const archive = path.join(root, 'backup.tar.gz');

let server: TestApp | undefined;
let owner: string;
let unit: DocumentSetRef;

beforeAll(async () => {
  // A completed NOC cycle: every slot uploaded, submitted, approved by the checker, finalised.
  server = await createTestAppOnDataDir(original);
  const world = await documentSetWorld(server);
  unit = await world.reviewedSet('unit', () => 'APPROVED');
  await world.setStatus(unit, world.approver.token, 'APPROVED');
  owner = world.owner.token;
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** SHA-256 of each live file's bytes as downloaded through the app, by slot. */
async function downloadedHashes(t: TestApp) {
  const list = await t.app.inject({
    url: `${unit.filesUrl}?perPage=50`,
    headers: { authorization: `Bearer ${owner}` },
  });
  const entries = list.json().files as {
    file: { fileType: string; approvalStatus: string };
    meta: { presignedUrl: string };
  }[];
  const hashes: Record<string, string> = {};
  for (const { file, meta } of entries) {
    const res = await download(t.app, meta.presignedUrl);
    expect(res.statusCode).toBe(200);
    expect(file.approvalStatus).toBe('APPROVED');
    hashes[file.fileType] = sha256Hex(res.rawPayload);
  }
  return hashes;
}

describe('backup and restore of the embedded default', () => {
  it('refuses to back up a DATA_DIR a running server holds', async () => {
    await expect(backupDataDir(original, archive)).rejects.toThrow(
      `DATA_DIR ${original} is in use by a running Borrower Portal server`,
    );
    expect(readdirSync(root)).not.toContain(path.basename(archive));
  });

  it('restores into a new folder the same file bytes and unit status', async () => {
    await server?.close();
    server = undefined;
    expect(await backupDataDir(original, archive)).toEqual({ files: unit.slots.length });
    await expect(backupDataDir(original, archive)).rejects.toThrow('already exists');

    const copy = path.join(root, 'restored');
    const restored = await restoreDataDir(archive, copy);
    expect(restored.files).toBe(unit.slots.length);

    const t = await createTestAppOnDataDir(copy);
    try {
      const uploaded = Object.fromEntries(
        unit.slots.map((slot) => [slot, sha256Hex(pdfBytes(slot))]),
      );
      expect(await downloadedHashes(t)).toEqual(uploaded);
      const status = await t.app.inject({
        url: unit.url,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(status.json().unit.approvalStatus).toBe('APPROVED');

      await expect(restoreDataDir(archive, copy)).rejects.toThrow(
        `DATA_DIR ${copy} is in use by a running Borrower Portal server`,
      );
    } finally {
      await t.close();
    }
  });

  it('refuses to restore into a folder that already holds data, and changes nothing there', async () => {
    const before = readdirSync(original).sort();
    await expect(restoreDataDir(archive, original)).rejects.toThrow(
      `DATA_DIR ${original} is not empty (it holds files, pgdata)`,
    );
    expect(readdirSync(original).sort()).toEqual(before);
  });

  it('refuses an archive that is not a backup and leaves the folder empty', async () => {
    const stray = path.join(root, 'stray');
    mkdirSync(path.join(stray, 'files'), { recursive: true });
    writeFileSync(path.join(stray, 'files', 'note.txt'), 'not a backup');
    const notBackup = path.join(root, 'other.tar.gz');
    await create({ gzip: true, file: notBackup, cwd: stray }, ['files']);

    const target = path.join(root, 'target');
    await expect(restoreDataDir(notBackup, target)).rejects.toThrow(
      'is not a Borrower Portal backup',
    );
    expect(readdirSync(target)).toEqual([]);
  });

  it('covers only the embedded default: DATABASE_URL and STORAGE_URL point to the operations guide', () => {
    const env = { DATA_DIR: original, DATABASE_URL: undefined, STORAGE_URL: undefined };
    expect(embeddedDataDir(env)).toBe(original);
    expect(() => embeddedDataDir({ ...env, DATABASE_URL: 'postgres://db/portal' })).toThrow(
      /^DATABASE_URL is set: .*docs\/operations\.md/,
    );
    expect(() => embeddedDataDir({ ...env, STORAGE_URL: 's3://portal-files' })).toThrow(
      /^STORAGE_URL is set: .*docs\/operations\.md/,
    );
  });
});
