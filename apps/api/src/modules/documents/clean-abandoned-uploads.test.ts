import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { download, sendDocument, uploadDocument } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, tokenFor } from '../../../test/factories.ts';
import { storageFor } from '../../app.ts';
import { unitFiles } from '../../db/schema.ts';
import { frequencyDocumentSet } from '../frequencies/frequency-document-set.ts';
import { unitDocumentSet } from '../units/unit-document-set.ts';
import { cleanAbandonedUploads } from './clean-abandoned-uploads.ts';

let t: TestApp;
let token: string;
let unitKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 1 });
  unitKey = loans.units[0]!.key;
  token = await tokenFor(t.db, user.id);
});
afterAll(() => t?.close());

const filesUrl = () => `/api/units/${unitKey}/files`;
const complete = (fileKey: string) =>
  t.app.inject({
    method: 'POST',
    url: `${filesUrl()}/${fileKey}/complete`,
    headers: { authorization: `Bearer ${token}` },
  });
const startedMinutesAgo = (fileKey: string, minutes: number) =>
  t.db.execute(
    sql`update ${unitFiles} set created_at = now() - make_interval(mins => ${minutes}) where ${unitFiles.key} = ${fileKey}`,
  );

describe('sweeping abandoned uploads', () => {
  it('removes an upload left unfinished for an hour, and temp files as old, keeping the rest', async () => {
    const storage = storageFor(t.env);
    const abandoned = await sendDocument(t.app, token, filesUrl(), 'KYC_APPLICANT');
    const recent = await sendDocument(t.app, token, filesUrl(), 'ATS_BBA');
    const finished = await uploadDocument(t.app, token, filesUrl(), 'OTHER');
    expect([abandoned.put?.statusCode, recent.put?.statusCode]).toEqual([200, 200]);
    expect(finished.completed?.statusCode).toBe(200);
    const abandonedFile = abandoned.created.json().file.key as string;
    const recentFile = recent.created.json().file.key as string;
    await startedMinutesAgo(abandonedFile, 61);
    await startedMinutesAgo(recentFile, 30);
    // A finished upload is never swept, however old.
    await startedMinutesAgo(finished.completed!.json().file.key as string, 24 * 60);

    // A temp file left by an upload that never finished arriving, and one still arriving.
    const folder = path.join(t.env.DATA_DIR, 'files', 'units', unitKey);
    mkdirSync(folder, { recursive: true });
    const staleTemp = path.join(folder, '.d5c1a7e0.1f2e3d4c.part');
    writeFileSync(staleTemp, 'half an upload');
    writeFileSync(path.join(folder, '.9b8a7c6d.5e4f3a2b.part'), 'arriving now');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(staleTemp, twoHoursAgo, twoHoursAgo);

    expect(
      await cleanAbandonedUploads(t.db, storage, [unitDocumentSet, frequencyDocumentSet]),
    ).toEqual({ uploads: 1, tempFiles: 1 });

    const [row] = await t.db.select().from(unitFiles).where(eq(unitFiles.key, abandonedFile));
    expect(row!.deletedAt).not.toBeNull();
    expect(await storage.stat(row!.storageKey!)).toBeUndefined();
    expect(readdirSync(folder).filter((name) => name.endsWith('.part'))).toEqual([
      '.9b8a7c6d.5e4f3a2b.part',
    ]);
    expect((await complete(abandonedFile)).statusCode).toBe(404);
    expect((await complete(recentFile)).statusCode).toBe(200);
    const kept = await download(t.app, finished.completed!.json().meta.presignedUrl as string);
    expect(kept.statusCode).toBe(200);

    // Nothing is left to sweep, and a second sweep finds nothing.
    expect(
      await cleanAbandonedUploads(t.db, storage, [unitDocumentSet, frequencyDocumentSet]),
    ).toEqual({ uploads: 0, tempFiles: 0 });
  });
});
