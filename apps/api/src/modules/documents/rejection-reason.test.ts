import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DocumentFile } from '@portal/domain';
import { accounts, frequencies, reviewDecisions, units } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  DOCUMENT_SET_KINDS,
  documentSetWorld,
  webhooksOf,
  WEBHOOKS_ON,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { handleEvents } from '../../../test/events.ts';
import { latestMailTo } from '../../../test/mail.ts';

let t: TestApp;
let w: DocumentSetWorld;

beforeAll(async () => {
  t = await createTestApp(WEBHOOKS_ON);
  // The decision log and webhooks hold every review, the ones that made the set too: built
  // through the API.
  w = await documentSetWorld(t, { through: 'api' });
});
afterAll(() => t?.close());

const fileUrl = (set: DocumentSetRef, file: { key: string }) => `${set.filesUrl}/${file.key}`;
const reject = (rejectionReason?: string) => ({
  approvalStatus: 'REJECTED',
  approverRemarks: 'The date of birth differs from the application',
  ...(rejectionReason !== undefined && { rejectionReason }),
});
/** The decision log of one file, once the events so far are handled. */
const logOf = async (fileKey: string) => {
  await handleEvents(t);
  return t.db
    .select()
    .from(reviewDecisions)
    .where(eq(reviewDecisions.fileKey, fileKey))
    .orderBy(reviewDecisions.id);
};

describe.each(DOCUMENT_SET_KINDS)('a rejection’s reason code (%s)', (kind) => {
  it('is OTHER for a rejection shaped as docs/product.md#api’s client sends it, which names none', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const rejected = await w.call(w.approver.token, 'PUT', fileUrl(set, file), {
      approvalStatus: 'REJECTED',
      fileName: file.fileName,
      fileHash: file.fileHash,
      fileType: file.fileType,
      approverRemarks: 'The date of birth differs from the application',
      borrowerRemarks: file.borrowerRemarks,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().file).toMatchObject({
      approvalStatus: 'REJECTED',
      rejectionReason: 'OTHER',
    });
    expect(await w.fileIn(set, 'OTHER')).toMatchObject({ rejectionReason: 'OTHER' });
    expect((await logOf(file.key)).map((row) => [row.outcome, row.rejectionReason])).toEqual([
      ['APPROVED', null],
      ['REJECTED', 'OTHER'],
    ]);
  });

  it('outside the list, or with an approval, is refused (400), nothing changed', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');

    const unknown = await w.call(w.approver.token, 'PUT', fileUrl(set, file), reject('BLURRY'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Choose a rejection reason');
    const withApproval = await w.call(w.approver.token, 'PUT', fileUrl(set, file), {
      approvalStatus: 'APPROVED',
      approverRemarks: 'Fine',
      rejectionReason: 'EXPIRED',
    });
    expect(withApproval.statusCode).toBe(400);
    expect(withApproval.json().error.message).toContain(
      'A rejection reason goes only with approvalStatus REJECTED',
    );
    // Authorisation still comes first.
    expect((await w.call(w.viewer, 'PUT', fileUrl(set, file), reject())).statusCode).toBe(403);
    expect(await w.fileIn(set, 'OTHER')).toEqual(file);
    expect(await logOf(file.key)).toHaveLength(1);
  });

  it('is stored with the decision, answered, in the history, the webhook and the decision log', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const rejected = await w.call(
      w.approver.token,
      'PUT',
      fileUrl(set, file),
      reject('DETAILS_MISMATCH'),
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().file).toMatchObject({
      approvalStatus: 'REJECTED',
      rejectionReason: 'DETAILS_MISMATCH',
    });
    expect(await w.fileIn(set, 'OTHER')).toMatchObject({ rejectionReason: 'DETAILS_MISMATCH' });

    const review = (await w.historyOf(set)).filter((e) => e.action === 'file.reviewed').at(-1)!;
    expect(review.before).toMatchObject({ file: { rejectionReason: null } });
    expect(review.after).toMatchObject({ file: { rejectionReason: 'DETAILS_MISMATCH' } });
    const hooks = (await webhooksOf(t, set)).filter((h) => h.type === 'file.reviewed');
    expect(hooks.at(-1)!.data).toMatchObject({
      key: file.key,
      approvalStatus: 'REJECTED',
      rejectionReason: 'DETAILS_MISMATCH',
    });
    expect(hooks.at(-2)!.data).not.toHaveProperty('rejectionReason');

    const log = await logOf(file.key);
    expect(log.map((row) => [row.outcome, row.rejectionReason])).toEqual([
      ['APPROVED', null],
      ['REJECTED', 'DETAILS_MISMATCH'],
    ]);
    expect(log[1]).toMatchObject({
      kind,
      subject: 'file',
      parentKey: set.key,
      fileType: 'OTHER',
      accountKey: w.owner.username,
      submittedAt: null,
    });

    // A change back to an approval clears it.
    const approved = await w.call(w.admin, 'PUT', fileUrl(set, file), {
      approvalStatus: 'APPROVED',
      approverRemarks: 'The registry confirms it',
    });
    expect(approved.json().file).toMatchObject({
      approvalStatus: 'APPROVED',
      rejectionReason: null,
    });
  });

  it('is in the borrower’s e-mail in plain words, and the set’s decision is logged', async () => {
    const set = await w.reviewedSet(kind, (type) => (type === 'OTHER' ? 'REJECTED' : 'APPROVED'));
    const file = await w.fileIn(set, 'OTHER');
    await w.call(w.approver.token, 'PUT', fileUrl(set, file), reject('EXPIRED'));
    // The log keeps the set's submission time as it was at the decision.
    const table = kind === 'unit' ? units : frequencies;
    const [before] = await t.db
      .select({ submittedAt: table.submittedAt })
      .from(table)
      .where(eq(table.key, set.key));
    await w.setStatus(set, w.approver.token, 'REJECTED');

    const [account] = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.key, w.owner.username));
    await handleEvents(t);
    const mail = await latestMailTo(t.db, account!.email);
    expect(mail!.subject).toMatch(/^Rejected: /);
    expect(mail!.text).toContain(
      'The document has expired. The date of birth differs from the application',
    );

    const decisions = await t.db
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.parentKey, set.key));
    const final = decisions.filter((row) => row.subject === 'set');
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({
      kind,
      outcome: 'REJECTED',
      fileKey: null,
      rejectionReason: null,
      accountKey: w.owner.username,
      submittedAt: before!.submittedAt,
    });
  });

  it('is cleared with the remarks when the borrower sends the file again', async () => {
    const set = await w.rejectedSet(kind, 'OTHER');
    const rejected = await w.fileIn(set, 'OTHER');
    expect(rejected.rejectionReason).toBe('ILLEGIBLE');
    const marked = await w.call(w.owner.token, 'PUT', fileUrl(set, rejected), {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expect(marked.json().file).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      approverRemarks: null,
      rejectionReason: null,
    });
  });

  it('of 20 rejections at once, each accepted one is logged once with its reason', async () => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const file = await w.fileIn(set, 'OTHER');
    const reasons = ['ILLEGIBLE', 'EXPIRED', 'INCOMPLETE', 'UNSIGNED'] as const;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.call(w.approver.token, 'PUT', fileUrl(set, file), reject(reasons[i % 4])),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(20).fill(200));
    const log = await logOf(file.key);
    expect(log.filter((row) => row.outcome === 'REJECTED')).toHaveLength(20);
    const last = (await w.historyOf(set)).at(-1)!.after as { file: DocumentFile };
    expect((await w.fileIn(set, 'OTHER')).rejectionReason).toBe(last.file.rejectionReason);
  });
});
