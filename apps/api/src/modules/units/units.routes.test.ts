import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { importLenderData } from '../lender-data/import-lender-data.ts';
import {
  pdfBytes,
  reviewAll,
  sha256Hex,
  uploadAll,
  uploadDocument,
} from '../../../test/documents.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../../test/factories.ts';

let t: TestApp;
let owner: { token: string; accountKey: string; units: { key: string; projectKey: string }[] };
let stranger: string;
let approver: string;
let viewer: string;
let unitIndex = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  const loans = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 20 });
  owner = { token: await tokenFor(t.db, user.id), accountKey: account.key, units: loans.units };
  const other = await seedBorrower(t.db);
  stranger = await tokenFor(t.db, other.user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
});
afterAll(() => t?.close());

const SLOTS = unitSlotFileTypes('Final');
const SAMPLE_UNIT = {
  name: 'Flat',
  tower: 'A',
  floor: '1',
  unit: 'A-101',
  areaSqft: '1000',
  customerName: 'Customer',
  maxSellingPrice: '1',
  baseSellingPrice: '1',
  totalSaleValue: '1',
  amountToBeReceived: '1',
  selectedNoc: 'Final' as const,
};
const nextUnit = () => owner.units[unitIndex++]!;
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const filesUrl = (unitKey: string) => `/api/units/${unitKey}/files`;
const unitUrl = (u: { key: string; projectKey: string }) =>
  `/api/projects/${u.projectKey}/units/${u.key}`;
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: as(token), payload });
const files = async (unitKey: string, token = owner.token, query = '') =>
  (await call(token, 'GET', `${filesUrl(unitKey)}?perPage=50${query}`)).json().files as {
    file: { key: string; fileType: string; approvalStatus: string; approverRemarks: string | null };
    meta: { presignedUrl: string | null };
  }[];

const fillAllSlots = (unitKey: string) => uploadAll(t.app, owner.token, filesUrl(unitKey), SLOTS);
const review = (unitKey: string, decide: (fileType: string) => 'APPROVED' | 'REJECTED') =>
  reviewAll(t.app, approver, filesUrl(unitKey), decide);

describe('uploading unit documents', () => {
  it('counts a file only after complete has verified its bytes, and serves it for download', async () => {
    const unit = nextUnit();
    const bytes = pdfBytes('ledger');
    const { created, put, completed } = await uploadDocument(
      t.app,
      owner.token,
      filesUrl(unit.key),
      'CUSTOMER_LEDGER',
      {
        bytes,
        fileName: '../../Ledger März.pdf',
      },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().file).toMatchObject({
      fileType: 'CUSTOMER_LEDGER',
      approvalStatus: 'NOT_RAISED',
      fileName: 'Ledger März.pdf',
    });
    expect(put?.statusCode).toBe(200);
    expect(completed?.statusCode).toBe(200);
    // Same-origin paths, whatever PUBLIC_URL says: the page uploads to the address it was opened at.
    expect(created.json().meta.presignedUrl).toMatch(/^\/api\/storage\/units\//);
    const listed = await files(unit.key);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.meta.presignedUrl).toMatch(/^\/api\/storage\/units\//);
    const res = await t.app.inject({ url: listed[0]!.meta.presignedUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Ledger%20M%C3%A4rz.pdf");
  });

  it('stores files of a unit whose lender key has spaces and accents', async () => {
    const { projects } = await seedLoans(t.db, owner.accountKey, { opportunities: 1, projects: 1 });
    await importLenderData(t.db, {
      units: [{ ...SAMPLE_UNIT, key: 'Tower Å 1', projectKey: projects[0]!.key }],
    });
    const url = filesUrl(encodeURIComponent('Tower Å 1'));
    expect((await uploadDocument(t.app, owner.token, url, 'OTHER')).completed?.statusCode).toBe(
      200,
    );
    expect(await files(encodeURIComponent('Tower Å 1'))).toHaveLength(1);
  });

  it('does not list or count an upload that was never completed', async () => {
    const unit = nextUnit();
    const bytes = pdfBytes();
    const res = await call(owner.token, 'POST', filesUrl(unit.key), {
      fileType: 'OTHER',
      fileName: 'other.pdf',
      fileHash: sha256Hex(bytes),
      size: bytes.length,
      contentType: 'application/pdf',
    });
    expect(res.statusCode).toBe(201);
    expect(await files(unit.key)).toHaveLength(0);
    const early = await call(
      owner.token,
      'POST',
      `${filesUrl(unit.key)}/${res.json().file.key}/complete`,
    );
    expect(early.statusCode).toBe(409);
  });

  it('refuses oversize and disallowed types at POST, and lying bytes at complete', async () => {
    const unit = nextUnit();
    const tooBig = await call(owner.token, 'POST', filesUrl(unit.key), {
      fileType: 'OTHER',
      fileName: 'big.pdf',
      fileHash: 'a'.repeat(64),
      size: t.env.MAX_UPLOAD_BYTES + 1,
      contentType: 'application/pdf',
    });
    expect(tooBig.statusCode).toBe(413);
    const exe = await call(owner.token, 'POST', filesUrl(unit.key), {
      fileType: 'OTHER',
      fileName: 'run.exe',
      fileHash: 'a'.repeat(64),
      size: 10,
      contentType: 'application/x-msdownload',
    });
    expect(exe.statusCode).toBe(415);

    const disguised = await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'OTHER', {
      bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
    });
    expect(disguised.completed?.statusCode).toBe(415);
    const mismatched = await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'OTHER', {
      declare: { fileHash: 'b'.repeat(64) },
    });
    expect(mismatched.completed?.statusCode).toBe(400);
    expect(await files(unit.key)).toHaveLength(0);
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'OTHER')).completed?.statusCode,
    ).toBe(200);
  });

  it('accepts a remarks-only entry that fills its slot with no file', async () => {
    const unit = nextUnit();
    const res = await call(owner.token, 'POST', filesUrl(unit.key), {
      fileType: 'OTHER',
      borrowerRemarks: 'Nothing further to add',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().meta.presignedUrl).toBeNull();
    expect(await files(unit.key)).toHaveLength(1);
  });

  it('allows one file per slot, only slot types, and only the owning borrower', async () => {
    const unit = nextUnit();
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'KYC_APPLICANT')).completed
        ?.statusCode,
    ).toBe(200);
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'KYC_APPLICANT')).created
        .statusCode,
    ).toBe(409);
    // This unit's NOC is Final, so the provisional NOC is not one of its slots.
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'NOC_REQUEST_PROVISIONAL'))
        .created.statusCode,
    ).toBe(400);
    expect(
      (await uploadDocument(t.app, approver, filesUrl(unit.key), 'OTHER')).created.statusCode,
    ).toBe(403);
    expect(
      (await uploadDocument(t.app, stranger, filesUrl(unit.key), 'OTHER')).created.statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', filesUrl(unit.key))).statusCode).toBe(404);
    expect((await call(viewer, 'GET', filesUrl(unit.key))).statusCode).toBe(200);
  });

  it('discards softly: the slot opens again and returnDeleted still shows the file', async () => {
    const unit = nextUnit();
    await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'ATS_BBA');
    const [entry] = await files(unit.key);
    expect(
      (await call(approver, 'DELETE', `${filesUrl(unit.key)}/${entry!.file.key}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(owner.token, 'DELETE', `${filesUrl(unit.key)}/${entry!.file.key}`)).statusCode,
    ).toBe(204);
    expect(await files(unit.key)).toHaveLength(0);
    const withDeleted = await files(unit.key, owner.token, '&returnDeleted=true');
    expect(withDeleted).toHaveLength(1);
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'ATS_BBA')).completed
        ?.statusCode,
    ).toBe(200);
    expect(await files(unit.key, owner.token, '&searchString=ATS_BBA')).toHaveLength(1);
    expect(await files(unit.key, owner.token, '&searchString=OTHER')).toHaveLength(0);
  });
});

describe('the NOC cycle', () => {
  it('submits, is rejected, is fixed and resubmitted, then approved — with every step in the history', async () => {
    const unit = nextUnit();
    await fillAllSlots(unit.key);

    const submitted = await call(owner.token, 'PUT', unitUrl(unit), {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().unit.approvalStatus).toBe('PENDING_APPROVAL');
    expect((await files(unit.key)).every((f) => f.file.approvalStatus === 'PENDING_APPROVAL')).toBe(
      true,
    );

    // While pending the borrower can neither upload nor discard.
    const [first] = await files(unit.key);
    expect(
      (await call(owner.token, 'DELETE', `${filesUrl(unit.key)}/${first!.file.key}`)).statusCode,
    ).toBe(409);

    await review(unit.key, (type) => (type === 'KYC_APPLICANT' ? 'REJECTED' : 'APPROVED'));
    const wrongOutcome = await call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' });
    expect(wrongOutcome.statusCode).toBe(409);
    const rejected = await call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'REJECTED' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().unit.approvalStatus).toBe('REJECTED');

    const kyc = (await files(unit.key)).find((f) => f.file.fileType === 'KYC_APPLICANT')!;
    const approvedOne = (await files(unit.key)).find((f) => f.file.fileType === 'OTHER')!;
    expect(
      (await call(owner.token, 'DELETE', `${filesUrl(unit.key)}/${approvedOne.file.key}`))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(owner.token, 'PUT', unitUrl(unit), { approvalStatus: 'PENDING_APPROVAL' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(owner.token, 'DELETE', `${filesUrl(unit.key)}/${kyc.file.key}`)).statusCode,
    ).toBe(204);
    expect(
      (await uploadDocument(t.app, owner.token, filesUrl(unit.key), 'KYC_APPLICANT')).completed
        ?.statusCode,
    ).toBe(200);

    const resubmitted = await call(owner.token, 'POST', '/api/units/submit', { keys: [unit.key] });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().units[0].approvalStatus).toBe('PENDING_APPROVAL');
    const afterResubmit = await files(unit.key);
    // docs/product.md#statuses: approved files stay approved with their remarks; the new one awaits review.
    expect(afterResubmit.filter((f) => f.file.approvalStatus === 'APPROVED')).toHaveLength(6);
    expect(afterResubmit.find((f) => f.file.fileType === 'OTHER')!.file.approverRemarks).toBe(
      'Looks right: OTHER',
    );
    expect(
      afterResubmit.find((f) => f.file.fileType === 'KYC_APPLICANT')!.file.approvalStatus,
    ).toBe('PENDING_APPROVAL');

    await review(unit.key, () => 'APPROVED');
    const approved = await call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' });
    expect(approved.json().unit.approvalStatus).toBe('APPROVED');

    const history = (await call(owner.token, 'GET', `${unitUrl(unit)}/history`)).json().events as {
      action: string;
      actor: { username: string; role: string; name: string | null };
    }[];
    const actions = history.map((e) => e.action);
    expect(actions.filter((a) => a === 'file.uploaded')).toHaveLength(8);
    expect(actions).toEqual(
      expect.arrayContaining([
        'unit.submitted',
        'file.reviewed',
        'unit.finalised',
        'file.discarded',
      ]),
    );
    expect(actions.filter((a) => a === 'unit.submitted')).toHaveLength(2);
    expect(actions.at(-1)).toBe('unit.finalised');
    // The borrower reads the checker by name and role; the checker's sign-in, a work e-mail
    // address, stays with the lender, and staff read it as before.
    expect(history.find((e) => e.action === 'unit.finalised')!.actor).toEqual({
      username: '',
      role: 'approver',
      name: 'Test approver',
    });
    // Nor anywhere in the snapshots: the reviewed files' reviewer is the role alone.
    expect(JSON.stringify(history)).not.toMatch(/@lender\.example/);
    const reviewed = history.find((e) => e.action === 'file.reviewed') as unknown as {
      after: { file: { reviewedBy: { username: string; role: string } } };
    };
    expect(reviewed.after.file.reviewedBy).toEqual({ username: '', role: 'approver' });
    const staffHistory = (await call(approver, 'GET', `${unitUrl(unit)}/history`)).json()
      .events as typeof history;
    expect(staffHistory.at(-1)!.actor.username).toMatch(/^approver-.+@lender\.example$/);
  });

  it('refuses a submit without all 7 documents, and reviews without remarks or by the wrong role', async () => {
    const unit = nextUnit();
    for (const slot of SLOTS.slice(0, 6))
      await uploadDocument(t.app, owner.token, filesUrl(unit.key), slot);
    const early = await call(owner.token, 'PUT', unitUrl(unit), {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_READY_TO_SUBMIT');
    await uploadDocument(t.app, owner.token, filesUrl(unit.key), SLOTS[6]!);
    expect(
      (await call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'PENDING_APPROVAL' }))
        .statusCode,
    ).toBe(403);

    const [entry] = await files(unit.key);
    const url = `${filesUrl(unit.key)}/${entry!.file.key}`;
    expect(
      (await call(approver, 'PUT', url, { approvalStatus: 'APPROVED', approverRemarks: 'ok' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(owner.token, 'PUT', unitUrl(unit), { approvalStatus: 'PENDING_APPROVAL' }))
        .statusCode,
    ).toBe(200);
    expect((await call(approver, 'PUT', url, { approvalStatus: 'APPROVED' })).statusCode).toBe(400);
    expect(
      (await call(approver, 'PUT', url, { approvalStatus: 'APPROVED', approverRemarks: '   ' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(viewer, 'PUT', url, { approvalStatus: 'APPROVED', approverRemarks: 'ok' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(owner.token, 'PUT', url, { approvalStatus: 'APPROVED', approverRemarks: 'ok' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' })).json().error
        .code,
    ).toBe('NOT_ALL_REVIEWED');
    expect(
      (await call(viewer, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' })).statusCode,
    ).toBe(403);
  });

  it('lets exactly one of two approvers finalising at once succeed', async () => {
    const unit = nextUnit();
    await fillAllSlots(unit.key);
    await call(owner.token, 'PUT', unitUrl(unit), { approvalStatus: 'PENDING_APPROVAL' });
    await review(unit.key, () => 'APPROVED');
    const second = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
    const results = await Promise.all([
      call(approver, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' }),
      call(second, 'PUT', unitUrl(unit), { approvalStatus: 'APPROVED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = (await call(approver, 'GET', `${unitUrl(unit)}/history`)).json().events as {
      action: string;
    }[];
    expect(history.filter((e) => e.action === 'unit.finalised')).toHaveLength(1);
  });

  it('refuses a stale version', async () => {
    const unit = nextUnit();
    await fillAllSlots(unit.key);
    const current = (await call(owner.token, 'GET', unitUrl(unit))).json().unit.version;
    const stale = await call(owner.token, 'PUT', unitUrl(unit), {
      approvalStatus: 'PENDING_APPROVAL',
      version: current - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
  });

  it('bulk-submits all or nothing', async () => {
    const ready = nextUnit();
    const notReady = nextUnit();
    await fillAllSlots(ready.key);
    await uploadDocument(t.app, owner.token, filesUrl(notReady.key), 'OTHER');
    const refused = await call(owner.token, 'POST', '/api/units/submit', {
      keys: [ready.key, notReady.key],
    });
    expect(refused.statusCode).toBe(409);
    expect((await call(owner.token, 'GET', unitUrl(ready))).json().unit.approvalStatus).toBe(
      'NOT_RAISED',
    );
    expect(
      (await call(stranger, 'POST', '/api/units/submit', { keys: [ready.key] })).statusCode,
    ).toBe(404);
    expect(
      (await call(owner.token, 'POST', '/api/units/submit', { keys: [ready.key] })).statusCode,
    ).toBe(200);
  });
});

describe('unit lists', () => {
  it('shows the checker list with its columns; a borrower sees only their own units', async () => {
    const pending = await call(
      approver,
      'GET',
      '/api/projects/all/units/all/status/PENDING_APPROVAL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
    );
    expect(pending.statusCode).toBe(200);
    const body = pending.json();
    expect(body.meta.totalRecords).toBeGreaterThan(0);
    expect(body.units[0]).toMatchObject({
      accountName: `Account ${owner.accountKey}`,
      projectName: 'Project 1',
      nocType: 'Final',
      uploadedFiles: 7,
      approvalStatus: 'PENDING_APPROVAL',
    });
    const mine = await call(
      owner.token,
      'GET',
      '/api/projects/all/units/all/status/PENDING_APPROVAL/',
    );
    expect(mine.json().meta.totalRecords).toBe(body.meta.totalRecords);
    const theirs = await call(
      stranger,
      'GET',
      '/api/projects/all/units/all/status/PENDING_APPROVAL/',
    );
    expect(theirs.json().meta.totalRecords).toBe(0);
    expect(
      (await call(approver, 'GET', '/api/projects/all/units/all/status/BOGUS/')).statusCode,
    ).toBe(400);
  });

  it('pages a project’s units for its owner and hides them from others', async () => {
    const projectKey = owner.units[0]!.projectKey;
    const page = await call(
      owner.token,
      'GET',
      `/api/projects/${projectKey}/units?perPage=10&page=2`,
    );
    expect(page.json().meta).toMatchObject({
      page: 2,
      perPage: 10,
      totalRecords: 20,
      totalPages: 2,
      count: 10,
    });
    expect((await call(stranger, 'GET', `/api/projects/${projectKey}/units`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', unitUrl(owner.units[0]!))).statusCode).toBe(404);
  });
});
