import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FraudFlag } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  documentSetWorld,
  webhooksOf,
  WEBHOOKS_ON,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { pdfBytes, uploadDocument } from '../../../test/documents.ts';
import { builtPdf, encryptedPdf, jpegTakenOn } from '../../../test/suspicious-files.ts';
import { unitFiles } from '../../db/schema.ts';

let t: TestApp;
let first: DocumentSetWorld;
let second: DocumentSetWorld;

beforeAll(async () => {
  t = await createTestApp(WEBHOOKS_ON);
  [first, second] = await Promise.all([documentSetWorld(t), documentSetWorld(t)]);
});
afterAll(() => t?.close());

/** Uploads `bytes` into the set's first slot as the world's borrower; answers the completed file's key. */
async function upload(
  w: DocumentSetWorld,
  set: DocumentSetRef,
  bytes: Buffer,
  contentType = 'application/pdf',
) {
  const { completed } = await uploadDocument(t.app, w.owner.token, set.filesUrl, set.slots[0]!, {
    bytes,
    contentType,
    fileName: contentType === 'image/jpeg' ? 'site-photo.jpg' : 'statement.pdf',
  });
  expect(completed!.statusCode).toBe(200);
  // A borrower is never told which check a document tripped.
  expect(completed!.json().file).not.toHaveProperty('fraudFlags');
  return completed!.json().file.key as string;
}

/** The file as the checker reads it. */
async function flagsSeenByChecker(w: DocumentSetWorld, set: DocumentSetRef, key: string) {
  const one = await w.call(w.approver.token, 'GET', `${set.filesUrl}/${key}`);
  const listed = await w.call(w.viewer, 'GET', `${set.filesUrl}?perPage=50`);
  const inList = listed
    .json()
    .files.find((entry: { file: { key: string } }) => entry.file.key === key);
  expect(inList.file.fraudFlags).toEqual(one.json().file.fraudFlags);
  return one.json().file.fraudFlags as FraudFlag[];
}

describe('fraud signals at complete', () => {
  it('flags a document already uploaded for another account, on the second account only', async () => {
    const bytes = pdfBytes(`shared sale deed ${Date.now()}`);
    const firstSet = await first.emptySet('unit');
    const firstKey = await upload(first, firstSet, bytes);
    // The same account uploading it again (another unit, a frequency) is no signal.
    const againSet = await first.emptySet('frequency');
    const againKey = await upload(first, againSet, bytes);

    const secondSet = await second.emptySet('unit');
    const secondKey = await upload(second, secondSet, bytes);

    expect(await flagsSeenByChecker(first, firstSet, firstKey)).toEqual([]);
    expect(await flagsSeenByChecker(first, againSet, againKey)).toEqual([]);
    const [account] = await t.db
      .select({ accountKey: unitFiles.accountKey })
      .from(unitFiles)
      .where(eq(unitFiles.key, firstKey));
    expect(await flagsSeenByChecker(second, secondSet, secondKey)).toEqual([
      { code: 'REUSED_DOCUMENT', detail: account!.accountKey },
    ]);
    // The borrower's own reads omit them too.
    const own = await second.call(second.owner.token, 'GET', `${secondSet.filesUrl}/${secondKey}`);
    expect(own.json().file).not.toHaveProperty('fraudFlags');
    // And the CRM hears of them with the upload.
    expect((await webhooksOf(t, secondSet)).at(-1)).toMatchObject({
      type: 'file.uploaded',
      data: { key: secondKey, fraudFlags: [{ code: 'REUSED_DOCUMENT' }] },
    });
    expect((await webhooksOf(t, firstSet)).at(-1)).toMatchObject({
      type: 'file.uploaded',
      data: { key: firstKey, fraudFlags: [] },
    });
  });

  it('flags exactly one of two accounts completing the same bytes at once', async () => {
    const bytes = pdfBytes(`raced document ${Date.now()}`);
    const sets = [await first.emptySet('unit'), await second.emptySet('unit')] as const;
    const keys = await Promise.all([upload(first, sets[0], bytes), upload(second, sets[1], bytes)]);
    const flags = [
      await flagsSeenByChecker(first, sets[0], keys[0]),
      await flagsSeenByChecker(second, sets[1], keys[1]),
    ];
    expect(flags.map((f) => f.length).sort()).toEqual([0, 1]);
  });

  it('flags a password-protected PDF and an edited one, never blocking them', async () => {
    const set = await first.emptySet('unit');
    const locked = await upload(first, set, encryptedPdf(`locked ${Date.now()}`));
    expect(await flagsSeenByChecker(first, set, locked)).toEqual([
      { code: 'ENCRYPTED_PDF', detail: '' },
    ]);

    const editedSet = await first.emptySet('unit');
    const edited = await upload(
      first,
      editedSet,
      await builtPdf({
        producer: 'Adobe Photoshop 25.0',
        created: new Date('2024-01-10T10:00:00Z'),
        modified: new Date('2024-05-01T09:00:00Z'),
        text: `edited ${Date.now()}`,
      }),
    );
    expect(await flagsSeenByChecker(first, editedSet, edited)).toEqual([
      { code: 'EDITED_PDF', detail: 'Adobe Photoshop 25.0' },
    ]);
  });

  it('flags a photo taken years before its upload', async () => {
    const set = await first.emptySet('unit');
    const key = await upload(first, set, jpegTakenOn('2019:03:03 10:15:00'), 'image/jpeg');
    expect(await flagsSeenByChecker(first, set, key)).toEqual([
      { code: 'OLD_PHOTO', detail: '2019-03-03' },
    ]);
  });

  it('finds nothing in a clean upload; without a scanner nothing is recorded as scanned', async () => {
    const set = await first.emptySet('unit');
    const key = await upload(first, set, await builtPdf({ text: `clean ${Date.now()}` }));
    expect(await flagsSeenByChecker(first, set, key)).toEqual([]);
    const [row] = await t.db.select().from(unitFiles).where(eq(unitFiles.key, key));
    expect(row).toMatchObject({ fraudFlags: [], scanResult: null, quarantinedAt: null });
    const listed = await first.call(first.admin, 'GET', '/api/admin/quarantine');
    expect(listed.json()).toMatchObject({ scanning: false });
  });
});
