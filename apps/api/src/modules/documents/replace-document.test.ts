import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  DOCUMENT_SET_KINDS,
  documentSetWorld,
  webhooksOf,
  WEBHOOKS_ON,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { download, pdfBytes, sendDocument } from '../../../test/documents.ts';
import { storageFor } from '../../app.ts';
import { frequencyFiles, unitFiles } from '../../db/schema.ts';

let t: TestApp;
let w: DocumentSetWorld;

beforeAll(async () => {
  t = await createTestApp(WEBHOOKS_ON);
  w = await documentSetWorld(t);
});
afterAll(() => t?.close());

const REJECTED_SLOT = 'OTHER';

/** Starts a replacement of `file` and sends its bytes, without completing it. */
async function startReplacement(set: DocumentSetRef, file: DocumentFile, label = 'fixed') {
  const { created, put } = await sendDocument(t.app, w.owner.token, set.filesUrl, file.fileType, {
    bytes: pdfBytes(label),
    fileName: `${label}.pdf`,
    replaces: file.key,
  });
  expect([created.statusCode, put?.statusCode]).toEqual([201, 200]);
  return created.json().file as DocumentFile;
}

const complete = (set: DocumentSetRef, key: string) =>
  w.call(w.owner.token, 'POST', `${set.filesUrl}/${key}/complete`);

/** The stored row behind a file, for what answers do not show (its bytes' key). */
async function storedRow(set: DocumentSetRef, key: string) {
  const table = set.kind === 'unit' ? unitFiles : frequencyFiles;
  const [row] = await t.db.select().from(table).where(eq(table.key, key));
  return row!;
}

describe.each(DOCUMENT_SET_KINDS)('replace, don’t delete (%s)', (kind) => {
  it('keeps the rejected file in its slot until the replacement completes, then swaps them', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const replacement = await startReplacement(set, rejected);
    expect(replacement).toMatchObject({
      approvalStatus: 'NOT_RAISED',
      replacesKey: rejected.key,
      uploadedBy: w.owner.username,
      previousReview: null,
    });
    // Until it completes the old file, and its reason, hold the slot.
    expect(await w.fileIn(set, REJECTED_SLOT)).toEqual(rejected);

    const completed = await complete(set, replacement.key);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().file).toMatchObject({
      key: replacement.key,
      fileName: 'fixed.pdf',
      approvalStatus: 'NOT_RAISED',
      approverRemarks: null,
      replacesKey: null,
      reviewedBy: null,
      previousReview: {
        approvalStatus: 'REJECTED',
        approverRemarks: rejected.approverRemarks,
        rejectionReason: 'ILLEGIBLE',
        // The borrower reads the checker by role: their username is a work e-mail address.
        reviewedBy: { username: '', role: 'approver' },
        reviewedAt: rejected.reviewedAt,
      },
    });
    expect((await download(t.app, completed.json().meta.presignedUrl)).statusCode).toBe(200);
    expect(await w.fileIn(set, REJECTED_SLOT)).toEqual(completed.json().file);
    // The old file is kept, discarded (docs/product.md#api: nothing a borrower sent is ever lost).
    const everything = await w.filesOf(set, '&returnDeleted=true');
    expect(everything.find((f) => f.key === rejected.key)).toMatchObject({
      approvalStatus: 'REJECTED',
      deletedAt: expect.any(String),
    });

    const history = await w.historyOf(set);
    expect(history.map((e) => e.action)).not.toContain('file.discarded');
    const swap = history.find((e) => e.action === 'file.replaced')!;
    expect(swap.before).toMatchObject({ file: { key: rejected.key, approvalStatus: 'REJECTED' } });
    expect(swap.after).toMatchObject({ file: { key: replacement.key, replacesKey: null } });
    expect((await webhooksOf(t, set)).at(-1)).toMatchObject({
      type: 'file.replaced',
      data: { key: replacement.key, fileType: REJECTED_SLOT, approvalStatus: 'NOT_RAISED' },
    });
  });

  it('shows the carried rejection until a checker reviews the replacement', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const first = await startReplacement(set, rejected, 'first try');
    await complete(set, first.key);
    // A replacement of the replacement still answers the same rejection.
    const second = await startReplacement(set, await w.fileIn(set, REJECTED_SLOT), 'second try');
    const swapped = (await complete(set, second.key)).json().file as DocumentFile;
    expect(swapped.previousReview).toMatchObject({
      approvalStatus: 'REJECTED',
      approverRemarks: rejected.approverRemarks,
    });

    await w.setStatus(set, w.owner.token, 'PENDING_APPROVAL');
    const pending = await w.fileIn(set, REJECTED_SLOT);
    expect(pending).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      previousReview: swapped.previousReview,
    });
    const reviewed = await w.call(w.approver.token, 'PUT', `${set.filesUrl}/${pending.key}`, {
      approvalStatus: 'APPROVED',
      approverRemarks: 'Readable now',
    });
    expect(reviewed.json().file).toMatchObject({
      approvalStatus: 'APPROVED',
      approverRemarks: 'Readable now',
      reviewedBy: { username: w.approver.username },
      previousReview: null,
    });
  });

  it('cancelling the pending replacement by DELETE leaves everything as it was', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const before = await w.filesOf(set, '&returnDeleted=true');
    const historyBefore = await w.historyOf(set);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const replacement = await startReplacement(set, rejected);
    const url = `${set.filesUrl}/${replacement.key}`;

    // Only its borrower may cancel it.
    expect((await w.call(w.approver.token, 'DELETE', url)).statusCode).toBe(403);
    expect((await w.call(w.stranger, 'DELETE', url)).statusCode).toBe(404);
    expect((await w.call(w.owner.token, 'DELETE', url)).statusCode).toBe(204);

    expect(await w.filesOf(set, '&returnDeleted=true')).toEqual(before);
    expect(await w.historyOf(set)).toEqual(historyBefore);
    expect(await w.statusOf(set)).toBe('REJECTED');
    const row = await storedRow(set, replacement.key);
    expect(row.deletedAt).not.toBeNull();
    expect(await storageFor(t.env).stat(row.storageKey!)).toBeUndefined();
    expect((await complete(set, replacement.key)).statusCode).toBe(404);
    expect((await w.call(w.owner.token, 'DELETE', url)).statusCode).toBe(404);
  });

  it('swaps a remarks-only replacement at once', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const created = await w.call(w.owner.token, 'POST', set.filesUrl, {
      fileType: REJECTED_SLOT,
      borrowerRemarks: 'Not applicable: explained in the covering letter',
      replaces: rejected.key,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      file: {
        fileName: null,
        approvalStatus: 'NOT_RAISED',
        replacesKey: null,
        previousReview: { approvalStatus: 'REJECTED', approverRemarks: rejected.approverRemarks },
      },
      meta: { presignedUrl: null },
    });
    expect((await w.fileIn(set, REJECTED_SLOT)).key).toBe(created.json().file.key);
    expect((await w.historyOf(set)).at(-1)!.action).toBe('file.replaced');
  });

  it('refuses what could not be discarded, another slot, and a file no longer in its slot', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const approved = (await w.filesOf(set)).find((f) => f.approvalStatus === 'APPROVED')!;
    const start = (fileType: string, replaces: string) =>
      sendDocument(t.app, w.owner.token, set.filesUrl, fileType, { replaces });
    const refusal = async (fileType: string, replaces: string) => {
      const { created } = await start(fileType, replaces);
      return [created.statusCode, created.json().error.code];
    };

    expect(await refusal(approved.fileType, approved.key)).toEqual([409, 'FILE_LOCKED']);
    expect(await refusal(approved.fileType, rejected.key)).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refusal(REJECTED_SLOT, crypto.randomUUID())).toEqual([409, 'CONFLICT']);
    const staff = await w.call(w.approver.token, 'POST', set.filesUrl, {
      fileType: REJECTED_SLOT,
      borrowerRemarks: 'x',
      replaces: rejected.key,
    });
    expect(staff.statusCode).toBe(403);
    const stranger = await w.call(w.stranger, 'POST', set.filesUrl, {
      fileType: REJECTED_SLOT,
      borrowerRemarks: 'x',
      replaces: rejected.key,
    });
    expect(stranger.statusCode).toBe(404);

    expect(
      (await w.call(w.owner.token, 'DELETE', `${set.filesUrl}/${rejected.key}`)).statusCode,
    ).toBe(204);
    expect(await refusal(REJECTED_SLOT, rejected.key)).toEqual([409, 'CONFLICT']);
  });

  it('of two replacements of one slot completing at once, one wins and the other is 409', async () => {
    const set = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(set, REJECTED_SLOT);
    const one = await startReplacement(set, rejected, 'one');
    const two = await startReplacement(set, rejected, 'two');
    const answers = await Promise.all([complete(set, one.key), complete(set, two.key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().file as DocumentFile;
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().error.code).toBe('CONFLICT');

    const live = (await w.filesOf(set)).filter((f) => f.fileType === REJECTED_SLOT);
    expect(live).toEqual([winner]);
    const history = await w.historyOf(set);
    expect(history.filter((e) => e.action === 'file.replaced')).toHaveLength(1);
    // The loser can never complete now.
    const loserKey = winner.key === one.key ? two.key : one.key;
    expect((await complete(set, loserKey)).statusCode).toBe(409);
  });

  it('a replacement completing after its file was submitted or marked is 409, nothing changed', async () => {
    const submitted = await w.filledSet(kind);
    const original = await w.fileIn(submitted, REJECTED_SLOT);
    const late = await startReplacement(submitted, original);
    await w.setStatus(submitted, w.owner.token, 'PENDING_APPROVAL');
    const answer = await complete(submitted, late.key);
    expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'SET_LOCKED']);
    expect(await w.fileIn(submitted, REJECTED_SLOT)).toMatchObject({
      key: original.key,
      approvalStatus: 'PENDING_APPROVAL',
    });

    const marked = await w.rejectedSet(kind, REJECTED_SLOT);
    const rejected = await w.fileIn(marked, REJECTED_SLOT);
    const tooLate = await startReplacement(marked, rejected);
    const mark = await w.call(w.owner.token, 'PUT', `${marked.filesUrl}/${rejected.key}`, {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expect(mark.statusCode).toBe(200);
    const refused = await complete(marked, tooLate.key);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'FILE_LOCKED']);
    expect(await w.fileIn(marked, REJECTED_SLOT)).toEqual(mark.json().file);
  });

  it('a replacement racing the submit of its set: one outcome or the other, never both', async () => {
    const set = await w.filledSet(kind);
    const original = await w.fileIn(set, REJECTED_SLOT);
    const replacement = await startReplacement(set, original);
    const [submit, completed] = await Promise.all([
      w.call(w.owner.token, 'PUT', set.url, { approvalStatus: 'PENDING_APPROVAL' }),
      complete(set, replacement.key),
    ]);
    expect(submit.statusCode).toBe(200);
    const live = (await w.filesOf(set)).filter((f) => f.fileType === REJECTED_SLOT);
    expect(live).toHaveLength(1);
    if (completed.statusCode === 200) {
      // Swapped first, then submitted with the new file.
      expect(live[0]).toMatchObject({ key: replacement.key, approvalStatus: 'PENDING_APPROVAL' });
    } else {
      expect([completed.statusCode, completed.json().error.code]).toEqual([409, 'SET_LOCKED']);
      expect(live[0]).toMatchObject({ key: original.key, approvalStatus: 'PENDING_APPROVAL' });
    }
  });
});
