import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  DOCUMENT_SET_KINDS,
  documentSetWorld,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { uploadDocument } from '../../../test/documents.ts';
import { frequencies, units } from '../../db/schema.ts';

let t: TestApp;
let w: DocumentSetWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await documentSetWorld(t);
});
afterAll(() => t?.close());

/** When the set was last submitted to the checker, as stored. */
async function submittedAt(set: DocumentSetRef) {
  const table = set.kind === 'unit' ? units : frequencies;
  const [row] = await t.db
    .select({ submittedAt: table.submittedAt })
    .from(table)
    .where(eq(table.key, set.key));
  return row!.submittedAt;
}

const bulkSubmitUrl = (set: DocumentSetRef) =>
  set.kind === 'unit' ? '/api/units/submit' : '/api/frequencies/submit';

describe.each(DOCUMENT_SET_KINDS)('the time a %s waits in the queue', (kind) => {
  it('starts at each submit, by PUT or in bulk, and stays through the review', async () => {
    const set = await w.filledSet(kind);
    expect(await submittedAt(set)).toBeNull();
    const before = Date.now();
    await w.setStatus(set, w.owner.token, 'PENDING_APPROVAL');
    const first = await submittedAt(set);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Rejected, fixed and resubmitted in bulk: the age starts again.
    const [rejected] = await w.filesOf(set);
    const reviewAll = (await w.filesOf(set)).map((file) =>
      w.call(w.approver.token, 'PUT', `${set.filesUrl}/${file.key}`, {
        approvalStatus: file.key === rejected!.key ? 'REJECTED' : 'APPROVED',
        approverRemarks: 'Checked',
        ...(file.key === rejected!.key && { rejectionReason: 'EXPIRED' }),
      }),
    );
    await Promise.all(reviewAll);
    await w.setStatus(set, w.approver.token, 'REJECTED');
    expect(await submittedAt(set)).toEqual(first);
    await w.call(w.owner.token, 'DELETE', `${set.filesUrl}/${rejected!.key}`);
    await uploadDocument(t.app, w.owner.token, set.filesUrl, rejected!.fileType);
    const bulk = await w.call(w.owner.token, 'POST', bulkSubmitUrl(set), { keys: [set.key] });
    expect(bulk.statusCode).toBe(200);
    expect((await submittedAt(set))!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('keeps who approved a file through a resubmit, as it keeps the approver’s remarks', async () => {
    const set = await w.rejectedSet(kind, 'OTHER');
    const approved = (await w.filesOf(set)).find((f) => f.approvalStatus === 'APPROVED')!;
    const rejected = await w.fileIn(set, 'OTHER');
    await w.call(w.owner.token, 'DELETE', `${set.filesUrl}/${rejected.key}`);
    await uploadDocument(t.app, w.owner.token, set.filesUrl, 'OTHER');
    await w.setStatus(set, w.owner.token, 'PENDING_APPROVAL');
    expect(await w.fileIn(set, approved.fileType)).toEqual({
      ...approved,
      updatedAt: expect.any(String),
    });
    expect(await w.fileIn(set, 'OTHER')).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      reviewedBy: null,
    });
  });
});

it('clears who reviewed each file with the remarks when an approved frequency reopens', async () => {
  const set = await w.reviewedSet('frequency', () => 'APPROVED');
  await w.setStatus(set, w.approver.token, 'APPROVED');
  expect((await w.filesOf(set)).every((f) => f.reviewedBy?.role === 'approver')).toBe(true);
  await w.setStatus(set, w.owner.token, 'NOT_RAISED');
  for (const file of await w.filesOf(set)) {
    expect(file).toMatchObject({
      approvalStatus: 'NOT_RAISED',
      approverRemarks: null,
      reviewedBy: null,
      reviewedAt: null,
    });
  }
});
