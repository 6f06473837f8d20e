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
import { uploadDocument } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../../test/factories.ts';

let t: TestApp;
let borrower: string;
let approver: string;
let unitKeys: string[];
let w: DocumentSetWorld;

beforeAll(async () => {
  t = await createTestApp(WEBHOOKS_ON);
  w = await documentSetWorld(t);
  const { user, account } = await seedBorrower(t.db);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 2 });
  unitKeys = loans.units.map((u) => u.key);
  borrower = await tokenFor(t.db, user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
});
afterAll(() => t?.close());

const filesUrl = (unitKey: string) => `/api/units/${unitKey}/files`;
const putFile = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

describe("docs/product.md#validation: a borrower's remarks are fixed once the file exists", () => {
  it('refuses a change of remarks on an uploaded file with 409, and accepts them unchanged', async () => {
    const { completed } = await uploadDocument(t.app, borrower, filesUrl(unitKeys[0]!), 'OTHER');
    const file = completed!.json().file as { key: string; borrowerRemarks: string };
    const fileUrl = `${filesUrl(unitKeys[0]!)}/${file.key}`;
    expect(file.borrowerRemarks).toBe('Remarks for OTHER');

    const changed = await putFile(borrower, fileUrl, { borrowerRemarks: 'Something else' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(
      'Borrower remarks cannot change once the document is uploaded',
    );
    const unchanged = await putFile(borrower, fileUrl, { borrowerRemarks: 'Remarks for OTHER' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().file).toMatchObject({
      key: file.key,
      borrowerRemarks: file.borrowerRemarks,
    });
    // Authorisation still comes first: staff may never write a borrower's remarks.
    expect((await putFile(approver, fileUrl, { borrowerRemarks: 'x' })).statusCode).toBe(403);
  });

  it('fixes the remarks of a remarks-only entry too', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: filesUrl(unitKeys[1]!),
      headers: { authorization: `Bearer ${borrower}` },
      payload: { fileType: 'OTHER', borrowerRemarks: 'Not applicable for this unit' },
    });
    const fileUrl = `${filesUrl(unitKeys[1]!)}/${created.json().file.key}`;
    expect((await putFile(borrower, fileUrl, { borrowerRemarks: 'Changed mind' })).statusCode).toBe(
      409,
    );
    const files = await t.app.inject({
      url: filesUrl(unitKeys[1]!),
      headers: { authorization: `Bearer ${borrower}` },
    });
    expect(files.json().files[0].file.borrowerRemarks).toBe('Not applicable for this unit');
  });
});

const fileUrl = (set: DocumentSetRef, file: { key: string }) => `${set.filesUrl}/${file.key}`;
const MARK = { approvalStatus: 'PENDING_APPROVAL' };
const isoNow = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe.each(DOCUMENT_SET_KINDS)('docs/product.md#statuses mark for approval (%s)', (kind) => {
  it('sends one file to the checker, who then reviews it as any pending file', async () => {
    const set = await w.emptySet(kind);
    const [slot, other] = set.slots;
    await uploadDocument(t.app, w.owner.token, set.filesUrl, slot!);
    await uploadDocument(t.app, w.owner.token, set.filesUrl, other!);
    const file = await w.fileIn(set, slot!);
    expect(file).toMatchObject({
      uploadedBy: w.owner.username,
      reviewedBy: null,
      reviewedAt: null,
    });

    const marked = await w.call(w.owner.token, 'PUT', fileUrl(set, file), MARK);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().file).toMatchObject({
      key: file.key,
      approvalStatus: 'PENDING_APPROVAL',
      approverRemarks: null,
      uploadedBy: w.owner.username,
      reviewedBy: null,
    });
    // Only that file; the set itself is not submitted.
    expect((await w.fileIn(set, other!)).approvalStatus).toBe('NOT_RAISED');
    expect(await w.statusOf(set)).toBe('NOT_RAISED');

    const reviewed = await w.call(w.approver.token, 'PUT', fileUrl(set, file), {
      approvalStatus: 'APPROVED',
      approverRemarks: 'Matches the original',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().file).toMatchObject({
      approvalStatus: 'APPROVED',
      approverRemarks: 'Matches the original',
      reviewedBy: { username: w.approver.username, role: 'approver' },
      reviewedAt: isoNow,
    });

    const history = await w.historyOf(set);
    const mark = history.find((e) => e.action === 'file.marked_for_approval')!;
    expect(mark.actor).toMatchObject({ username: w.owner.username, role: 'client' });
    expect(mark.before).toMatchObject({ file: { key: file.key, approvalStatus: 'NOT_RAISED' } });
    expect(mark.after).toMatchObject({
      file: { key: file.key, approvalStatus: 'PENDING_APPROVAL' },
    });
    const fileHooks = (await webhooksOf(t, set)).filter((hook) => hook.type.startsWith('file.'));
    expect(fileHooks.map((hook) => hook.type)).toEqual([
      'file.uploaded',
      'file.uploaded',
      'file.marked_for_approval',
      'file.reviewed',
    ]);
    expect(fileHooks[2]!.data).toMatchObject({
      key: file.key,
      fileType: slot,
      approvalStatus: 'PENDING_APPROVAL',
    });
  });

  it('marks a rejected file of a rejected set again, its approver remarks cleared', async () => {
    const set = await w.rejectedSet(kind, 'OTHER');
    const rejected = await w.fileIn(set, 'OTHER');
    expect(rejected).toMatchObject({
      approvalStatus: 'REJECTED',
      reviewedBy: { role: 'approver' },
    });
    const marked = await w.call(w.owner.token, 'PUT', fileUrl(set, rejected), MARK);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().file).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      approverRemarks: null,
      reviewedBy: null,
      reviewedAt: null,
    });
  });

  it('refuses with 409 a file already pending or approved, and any file of a locked set', async () => {
    const rejectedSet = await w.rejectedSet(kind, 'OTHER');
    const approved = (await w.filesOf(rejectedSet)).find((f) => f.approvalStatus === 'APPROVED')!;
    const onApproved = await w.call(w.owner.token, 'PUT', fileUrl(rejectedSet, approved), MARK);
    expect([onApproved.statusCode, onApproved.json().error.code]).toEqual([409, 'FILE_LOCKED']);

    const pendingSet = await w.filledSet(kind);
    await w.setStatus(pendingSet, w.owner.token, 'PENDING_APPROVAL');
    const [pending] = await w.filesOf(pendingSet);
    const onPending = await w.call(w.owner.token, 'PUT', fileUrl(pendingSet, pending!), MARK);
    expect([onPending.statusCode, onPending.json().error.code]).toEqual([409, 'SET_LOCKED']);
    expect(await w.fileIn(pendingSet, pending!.fileType)).toEqual(pending);
  });

  it('is the owning borrower’s: staff 403, another borrower 404', async () => {
    const set = await w.emptySet(kind);
    await uploadDocument(t.app, w.owner.token, set.filesUrl, set.slots[0]!);
    const file = await w.fileIn(set, set.slots[0]!);
    for (const token of [w.approver.token, w.admin, w.viewer]) {
      expect((await w.call(token, 'PUT', fileUrl(set, file), MARK)).statusCode).toBe(403);
    }
    expect((await w.call(w.stranger, 'PUT', fileUrl(set, file), MARK)).statusCode).toBe(404);
    expect((await w.fileIn(set, file.fileType)).approvalStatus).toBe('NOT_RAISED');
  });

  it('of 50 marks at once exactly one wins; the rest are 409 and leave no trace', async () => {
    const set = await w.emptySet(kind);
    await uploadDocument(t.app, w.owner.token, set.filesUrl, set.slots[0]!);
    const file = await w.fileIn(set, set.slots[0]!);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => w.call(w.owner.token, 'PUT', fileUrl(set, file), MARK)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(49).fill(409)]);
    const history = await w.historyOf(set);
    expect(history.filter((e) => e.action === 'file.marked_for_approval')).toHaveLength(1);
  });
});

describe.each(DOCUMENT_SET_KINDS)('changing a decision before finalising (%s)', (kind) => {
  it('an approver or admin changes a decision while the set awaits approval, audited', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const reviewWebhooks = async () =>
      (await webhooksOf(t, set)).filter((h) => h.type === 'file.reviewed').length;
    const webhooksBefore = await reviewWebhooks();
    const changed = await w.call(w.approver.token, 'PUT', fileUrl(set, file), {
      approvalStatus: 'REJECTED',
      approverRemarks: '  The stamp is missing  ',
      rejectionReason: 'UNSIGNED',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().file).toMatchObject({
      approvalStatus: 'REJECTED',
      approverRemarks: 'The stamp is missing',
      reviewedBy: { username: w.approver.username, role: 'approver' },
      reviewedAt: isoNow,
    });
    const back = await w.call(w.admin, 'PUT', fileUrl(set, file), {
      approvalStatus: 'APPROVED',
      approverRemarks: 'Stamp found on page 2',
    });
    expect(back.json().file).toMatchObject({
      approvalStatus: 'APPROVED',
      reviewedBy: { role: 'admin' },
    });

    const reviews = (await w.historyOf(set)).filter((e) => e.action === 'file.reviewed');
    const change = reviews.at(-2)!;
    expect(change.before).toMatchObject({
      file: { key: file.key, approvalStatus: 'APPROVED', approverRemarks: file.approverRemarks },
    });
    expect(change.after).toMatchObject({
      file: { key: file.key, approvalStatus: 'REJECTED', approverRemarks: 'The stamp is missing' },
    });
    expect(await reviewWebhooks()).toBe(webhooksBefore + 2);
    // The computed outcome follows the changed decision.
    expect(
      (await w.call(w.approver.token, 'PUT', set.url, { approvalStatus: 'APPROVED' })).statusCode,
    ).toBe(200);
  });

  it('needs remarks (400) and a reviewing role: viewer and borrower 403, another borrower 404', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const reject = (approverRemarks?: string) => ({
      approvalStatus: 'REJECTED',
      approverRemarks,
      rejectionReason: 'OTHER',
    });
    expect(
      (await w.call(w.approver.token, 'PUT', fileUrl(set, file), reject('  '))).statusCode,
    ).toBe(400);
    expect((await w.call(w.approver.token, 'PUT', fileUrl(set, file), reject())).statusCode).toBe(
      400,
    );
    expect((await w.call(w.viewer, 'PUT', fileUrl(set, file), reject('no'))).statusCode).toBe(403);
    expect((await w.call(w.owner.token, 'PUT', fileUrl(set, file), reject('no'))).statusCode).toBe(
      403,
    );
    expect((await w.call(w.stranger, 'PUT', fileUrl(set, file), reject('no'))).statusCode).toBe(
      404,
    );
    expect(await w.fileIn(set, 'OTHER')).toEqual(file);
  });

  it('is refused with 409 once the set is finalised, and nothing changes', async () => {
    const set = await w.rejectedSet(kind, 'OTHER');
    for (const fileType of ['OTHER', set.slots.find((s) => s !== 'OTHER')!]) {
      const file = await w.fileIn(set, fileType);
      const late = await w.call(w.approver.token, 'PUT', fileUrl(set, file), {
        approvalStatus: file.approvalStatus === 'APPROVED' ? 'REJECTED' : 'APPROVED',
        approverRemarks: 'Too late',
      });
      expect([late.statusCode, late.json().error.code]).toEqual([409, 'FILE_NOT_PENDING']);
      expect(await w.fileIn(set, fileType)).toEqual(file);
    }
  });

  it('50 decision changes racing the finalise: either may come first, never both half-applied', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const reviewsBefore = (await w.historyOf(set)).filter((e) => e.action === 'file.reviewed');
    const change = (i: number) =>
      w.call(w.approver.token, 'PUT', fileUrl(set, file), {
        approvalStatus: 'REJECTED',
        approverRemarks: `Second look ${i}`,
        rejectionReason: 'INCOMPLETE',
      });
    const changes = Array.from({ length: 50 }, (_, i) => change(i));
    const finalise = w.call(w.admin, 'PUT', set.url, { approvalStatus: 'APPROVED' });
    const [finalised, ...changed] = await Promise.all([finalise, ...changes]);
    const changedCodes = changed.map((a) => a.statusCode);
    expect(new Set([finalised!.statusCode, ...changedCodes])).toSatisfy((codes: Set<number>) =>
      [...codes].every((code) => code === 200 || code === 409),
    );

    const after = await w.fileIn(set, 'OTHER');
    const reviews = (await w.historyOf(set)).filter((e) => e.action === 'file.reviewed');
    const accepted = changedCodes.filter((code) => code === 200).length;
    // Every accepted change left one audit event; the last one is the file as it is now.
    expect(reviews).toHaveLength(reviewsBefore.length + accepted);
    if (accepted > 0) expect((reviews.at(-1)!.after as { file: DocumentFile }).file).toEqual(after);
    if (finalised!.statusCode === 200) {
      // The finalise came first: every change after it was refused.
      expect(accepted).toBe(0);
      expect([await w.statusOf(set), after.approvalStatus]).toEqual(['APPROVED', 'APPROVED']);
    } else {
      // A change came first, so APPROVED was no longer the outcome; the set still awaits approval.
      expect(finalised!.json().error.code).toBe('OUTCOME_MISMATCH');
      expect(accepted).toBe(50);
      expect([await w.statusOf(set), after.approvalStatus]).toEqual([
        'PENDING_APPROVAL',
        'REJECTED',
      ]);
    }
  });
});
