import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  COLLATERAL_SLOTS,
  currentMonthIn,
  todayIn,
  unitSlotFileTypes,
  type DocumentFile,
} from '@portal/domain';
import { createTestApp, TEST_INTEGRATION_KEY, type TestApp } from '../test/app.ts';
import { pdfBytes, sha256Hex } from '../test/documents.ts';
import { seedBorrower, seedStaff, TEST_PASSWORD, tokenFor } from '../test/factories.ts';

// docs/product.md#api: the documented calls are a compatibility floor. Every request
// here is shaped exactly as SPEC's client sends it — its paths (trailing slashes and queries
// included), its bodies and nothing more — plus only what docs/product.md#api asks of every client (a
// bearer token from sign-in, the three-step upload). A feature that changes any of these calls
// fails this file: change the feature, not this file.

let t: TestApp;
let borrower: string;
let approver: string;

const ACCOUNT = { key: 'SPECACC1', name: 'Sunrise Developers', email: 'accounts@sunrise.example' };
const OPPORTUNITY = {
  key: 'SPEC-OPP-1',
  accountId: ACCOUNT.key,
  name: 'Construction finance',
  sanctionAmount: 250000000,
  peakExposure: '180000000.50',
  currentFace: '120000000.25',
};
const PROJECT = { key: 'SPEC-PRJ-1', opportunityKey: OPPORTUNITY.key, name: 'Sunrise Heights' };
const UNIT = {
  key: 'SPEC-UNIT-101',
  projectKey: PROJECT.key,
  name: 'Flat 101',
  tower: 'A',
  floor: '1',
  unit: 'A-101',
  areaSqft: '1250.5',
  customerName: 'Asha Rao',
  maxSellingPrice: '9500000',
  baseSellingPrice: '9000000',
  totalSaleValue: '9900000',
  amountToBeReceived: '350000',
  selectedNoc: 'Final',
};
const COLLATERAL = {
  key: 'SPEC-COL-1',
  accountId: ACCOUNT.key,
  collateralName: 'Receivables of Tower A',
};

beforeAll(async () => {
  t = await createTestApp();
  // The lender's systems push the loans (docs/product.md#api): the portal invents none.
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { authorization: `Bearer ${TEST_INTEGRATION_KEY}` },
    payload: {
      accounts: [ACCOUNT],
      opportunities: [OPPORTUNITY],
      projects: [PROJECT],
      units: [UNIT],
      collaterals: [COLLATERAL],
    },
  });
  expect(imported.statusCode).toBe(200);
  // Sign-up goes through the identity provider, which is no call of docs/product.md#api's: the borrower is
  // seeded registered, and signs in below. Staff sign on through OIDC (docs/product.md#roles), likewise.
  await seedBorrower(t.db, { accountKey: ACCOUNT.key });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username: ACCOUNT.key, password: TEST_PASSWORD },
  });
  borrower = answer(signIn, 200, ['token', 'user']).token as string;
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
});
afterAll(() => t?.close());

/** docs/product.md#api: every request carries the session's bearer authorization; paths are under /api/. */
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
) =>
  t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

/** The answer's status and its top-level keys as docs/product.md#api, #api name them. */
function answer(res: LightMyRequestResponse, status: number, keys: string[]) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  for (const key of keys) expect(body).toHaveProperty(key);
  return body;
}

const LIST_META = ['page', 'perPage', 'totalPages', 'totalRecords', 'count', 'next'];
const listAnswer = (res: LightMyRequestResponse, key: string) => {
  const body = answer(res, 200, [key, 'meta']);
  for (const field of LIST_META) expect(body.meta).toHaveProperty(field);
  return body;
};

interface Entry {
  file: DocumentFile;
  meta: { presignedUrl: string | null };
}

/** docs/product.md#api's files list, with the defaults of its files status screen (docs/product.md#limits). */
async function listFiles(token: string, filesPath: string): Promise<Entry[]> {
  const res = await call(
    token,
    'GET',
    `${filesPath}?page=1&perPage=10&sortColumn=key&sortOrder=topDown&returnDeleted=false`,
  );
  const { files } = listAnswer(res, 'files');
  for (const entry of files) expect(entry).toHaveProperty('meta.presignedUrl');
  return files as Entry[];
}

/**
 * A borrower's upload: docs/product.md#api's POST body plus size and contentType, the PUT of the bytes to
 * the presigned URL with the headers the answer gives, then complete (docs/product.md#api).
 */
async function upload(filesPath: string, fileType: string) {
  const bytes = pdfBytes(fileType);
  const created = answer(
    await call(borrower, 'POST', filesPath, {
      fileName: `${fileType.toLowerCase()}.pdf`,
      fileHash: sha256Hex(bytes),
      approvalStatus: 'NOT_RAISED',
      fileType,
      approverRemarks: '',
      borrowerRemarks: `Our ${fileType} for this period`,
      size: bytes.length,
      contentType: 'application/pdf',
    }),
    201,
    ['file', 'meta.presignedUrl'],
  );
  expect(created.file).toMatchObject({ fileType, approvalStatus: 'NOT_RAISED' });
  const put = await t.app.inject({
    method: 'PUT',
    url: created.meta.presignedUrl as string,
    headers: created.meta.uploadHeaders as Record<string, string>,
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  const completed = await call(borrower, 'POST', `${filesPath}/${created.file.key}/complete`);
  answer(completed, 200, ['file', 'meta.presignedUrl']);
}

/** An approver's decision: docs/product.md#api's PUT body, the file's own fields sent back as read. */
async function review(filesPath: string, file: DocumentFile, approvalStatus: string) {
  const res = await call(approver, 'PUT', `${filesPath}/${file.key}`, {
    approvalStatus,
    fileName: file.fileName,
    fileHash: file.fileHash,
    fileType: file.fileType,
    approverRemarks: approvalStatus === 'APPROVED' ? 'Verified' : 'Unreadable scan',
    borrowerRemarks: file.borrowerRemarks,
  });
  return answer(res, 200, ['file', 'meta.presignedUrl']).file as DocumentFile;
}

describe('docs/product.md#api’s calls, exactly as its client sends them', () => {
  it('drive a whole NOC cycle: upload, submit, review, reject, fix, resubmit, approve', async () => {
    const { account } = answer(await call(borrower, 'GET', `accounts/${ACCOUNT.key}`), 200, [
      'account',
    ]);
    expect(account).toMatchObject({ name: ACCOUNT.name, email: ACCOUNT.email });

    const loans = listAnswer(
      await call(borrower, 'GET', 'opportunities?page=1&perPage=10'),
      'opportunities',
    );
    expect(loans.opportunities).toEqual([
      expect.objectContaining({
        key: OPPORTUNITY.key,
        accountId: ACCOUNT.key,
        accountName: ACCOUNT.name,
        sanctionAmount: '250000000.00',
        peakExposure: '180000000.50',
        currentFace: '120000000.25',
      }),
    ]);
    const { opportunity } = answer(
      await call(borrower, 'GET', `opportunities/${OPPORTUNITY.key}`),
      200,
      ['opportunity'],
    );
    expect(opportunity.key).toBe(OPPORTUNITY.key);

    const projects = answer(
      await call(borrower, 'GET', `opportunities/${OPPORTUNITY.key}/projects`),
      200,
      ['projects', 'meta.next', 'meta.count'],
    );
    expect(projects.projects).toEqual([expect.objectContaining({ key: PROJECT.key })]);
    const { project } = answer(
      await call(borrower, 'GET', `opportunities/${OPPORTUNITY.key}/projects/${PROJECT.key}`),
      200,
      ['project'],
    );
    expect(project.name).toBe(PROJECT.name);

    const units = answer(await call(borrower, 'GET', `projects/${PROJECT.key}/units`), 200, [
      'units',
      'meta.totalPages',
    ]);
    expect(units.units).toEqual([expect.objectContaining({ key: UNIT.key })]);
    const unitPath = `projects/${PROJECT.key}/units/${UNIT.key}`;
    const readUnit = async () => answer(await call(borrower, 'GET', unitPath), 200, ['unit']).unit;
    /** docs/product.md#api's unit PUT: the unit's own fields as read, with the requested status. */
    const putUnit = async (token: string, approvalStatus: string) => {
      const unit = await readUnit();
      const res = await call(token, 'PUT', unitPath, {
        key: unit.key,
        name: unit.name,
        tower: unit.tower,
        areaSqft: unit.areaSqft,
        unit: unit.unit,
        floor: unit.floor,
        approvalStatus,
        createdAt: unit.createdAt,
      });
      expect(answer(res, 200, ['unit']).unit.approvalStatus).toBe(approvalStatus);
    };

    const filesPath = `units/${UNIT.key}/files`;
    const slots = unitSlotFileTypes('Final');
    for (const fileType of slots) await upload(filesPath, fileType);
    await putUnit(borrower, 'PENDING_APPROVAL');

    const checker = answer(
      await call(
        approver,
        'GET',
        'projects/all/units/all/status/PENDING_APPROVAL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
      ),
      200,
      ['units', 'meta.totalPages'],
    );
    expect(checker.units).toEqual([
      expect.objectContaining({ key: UNIT.key, approvalStatus: 'PENDING_APPROVAL' }),
    ]);
    const submitted = await listFiles(approver, filesPath);
    expect(submitted.map((e) => e.file.approvalStatus)).toEqual(
      Array<string>(7).fill('PENDING_APPROVAL'),
    );
    const one = answer(await call(approver, 'GET', `${filesPath}/${submitted[0]!.file.key}`), 200, [
      'file',
      'meta.presignedUrl',
    ]);
    expect(one.file.key).toBe(submitted[0]!.file.key);

    for (const { file } of submitted) {
      const decided = await review(
        filesPath,
        file,
        file.fileType === 'KYC_APPLICANT' ? 'REJECTED' : 'APPROVED',
      );
      // docs/product.md#api: SPEC's client names no reason; its rejection is recorded as OTHER.
      if (decided.approvalStatus === 'REJECTED') expect(decided.rejectionReason).toBe('OTHER');
    }
    await putUnit(approver, 'REJECTED');

    const rejected = (await listFiles(borrower, filesPath)).find(
      (e) => e.file.approvalStatus === 'REJECTED',
    )!;
    expect(rejected.file).toMatchObject({
      fileType: 'KYC_APPLICANT',
      approverRemarks: 'Unreadable scan',
    });
    expect((await call(borrower, 'DELETE', `${filesPath}/${rejected.file.key}`)).statusCode).toBe(
      204,
    );
    await upload(filesPath, 'KYC_APPLICANT');
    await putUnit(borrower, 'PENDING_APPROVAL');

    const resubmitted = await listFiles(approver, filesPath);
    const pending = resubmitted.filter((e) => e.file.approvalStatus === 'PENDING_APPROVAL');
    expect(pending.map((e) => e.file.fileType)).toEqual(['KYC_APPLICANT']);
    await review(filesPath, pending[0]!.file, 'APPROVED');
    await putUnit(approver, 'APPROVED');

    const final = await listFiles(borrower, filesPath);
    expect(final).toHaveLength(7);
    expect(final.every((e) => e.file.approvalStatus === 'APPROVED' && e.meta.presignedUrl)).toBe(
      true,
    );
    expect(await readUnit()).toMatchObject({ key: UNIT.key, approvalStatus: 'APPROVED' });

    const today = todayIn(t.env.BUSINESS_TIMEZONE);
    const statement = await call(
      borrower,
      'POST',
      `opportunities/${OPPORTUNITY.key}/loan-statement-requests`,
      { fromDate: today, toDate: today, borrowerRemarks: 'For our auditors', approverRemarks: '' },
    );
    expect(statement.statusCode, statement.body).toBe(201);
  });

  it('drive a whole monitoring cycle: add, upload nine, submit, review, approve, reopen', async () => {
    const collaterals = answer(
      await call(borrower, 'GET', `accounts/${ACCOUNT.key}/collaterals`),
      200,
      ['collaterals', 'meta.page', 'meta.totalPages'],
    );
    expect(collaterals.collaterals).toEqual([expect.objectContaining({ key: COLLATERAL.key })]);
    const { collateral } = answer(
      await call(borrower, 'GET', `accounts/${ACCOUNT.key}/collaterals/${COLLATERAL.key}`),
      200,
      ['collateral'],
    );
    expect(collateral.collateralName).toBe(COLLATERAL.collateralName);

    const { month, year } = currentMonthIn(t.env.BUSINESS_TIMEZONE);
    const period = { frequency: 1, month, year };
    const created = answer(
      await call(borrower, 'POST', `collaterals/${COLLATERAL.key}/frequencies`, {
        ...period,
        approvalStatus: 'NOT_RAISED',
      }),
      201,
      ['frequency'],
    );
    expect(created.frequency).toMatchObject({ ...period, approvalStatus: 'NOT_RAISED' });
    const frequencyKey = created.frequency.key as string;
    const frequencyPath = `collaterals/${COLLATERAL.key}/frequencies/${frequencyKey}`;

    const listed = answer(
      await call(
        borrower,
        'GET',
        `collaterals/${COLLATERAL.key}/frequencies/?page=1&perPage=10&sortColumn=key&sortOrder=topDown`,
      ),
      200,
      ['frequencies', 'meta.totalPages'],
    );
    expect(listed.frequencies).toEqual([expect.objectContaining({ key: frequencyKey })]);
    const read = answer(await call(borrower, 'GET', frequencyPath), 200, ['frequency']);
    expect(read.frequency).toMatchObject({ key: frequencyKey, ...period });

    /** docs/product.md#api's frequency PUT: frequency, month, year and the requested status. */
    const putFrequency = async (token: string, approvalStatus: string) => {
      const res = await call(token, 'PUT', frequencyPath, { ...period, approvalStatus });
      expect(answer(res, 200, ['frequency']).frequency.approvalStatus).toBe(approvalStatus);
    };

    const filesPath = `frequencies/${frequencyKey}/files`;
    for (const fileType of COLLATERAL_SLOTS) await upload(filesPath, fileType);
    await putFrequency(borrower, 'PENDING_APPROVAL');

    const checker = answer(
      await call(
        approver,
        'GET',
        'collaterals/all/frequencies/all/status/PENDING_APPROVAL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
      ),
      200,
      ['monitoringFrequencies', 'meta.totalPages'],
    );
    expect(checker.monitoringFrequencies).toEqual([
      expect.objectContaining({ key: frequencyKey, collateralName: COLLATERAL.collateralName }),
    ]);

    const submitted = await listFiles(approver, filesPath);
    expect(submitted).toHaveLength(9);
    answer(await call(approver, 'GET', `${filesPath}/${submitted[0]!.file.key}`), 200, [
      'file',
      'meta.presignedUrl',
    ]);
    for (const { file } of submitted) await review(filesPath, file, 'APPROVED');
    await putFrequency(approver, 'APPROVED');

    // docs/product.md#statuses: the edit icon on an APPROVED frequency reopens it, files and all.
    await putFrequency(borrower, 'NOT_RAISED');
    const reopened = await listFiles(borrower, filesPath);
    expect(reopened).toHaveLength(9);
    expect(
      reopened.every((e) => e.file.approvalStatus === 'NOT_RAISED' && !e.file.approverRemarks),
    ).toBe(true);
  });
});
