import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unitSlotFileTypes } from '@portal/domain';
import { units as unitsTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reviewAll, uploadAll, uploadDocument } from '../../../test/documents.ts';
import { seedAccount, seedBorrower, seedStaff, tokenFor } from '../../../test/factories.ts';
import { importLenderData } from '../lender-data/import-lender-data.ts';

// Readiness (canSubmit), ALL, search and sort on the unit checker list (issue 11), in a world of
// its own so the totals are exact: borrower A's units and borrower B's, with look-alike names.

let t: TestApp;
let a: string;
let b: string;
let approver: string;
const A = { account: 'ACCGREEN01', loan: 'OPP-GREEN-1', project: 'PRJ-GREEN-1' };
const B = { account: 'ACCBLUE001', loan: 'OPP-BLUE-1', project: 'PRJ-BLUE-1' };

const unitRecord = (
  key: string,
  projectKey: string,
  tower: string,
  unit: string,
  customer: string,
) => ({
  key,
  projectKey,
  name: `Flat ${unit}`,
  tower,
  floor: '1',
  unit,
  areaSqft: '1000',
  customerName: customer,
  maxSellingPrice: '1',
  baseSellingPrice: '1',
  totalSaleValue: '1',
  amountToBeReceived: '1',
  selectedNoc: 'Final' as const,
});

beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.db, { key: A.account, name: 'Green Acres Developers' });
  await seedAccount(t.db, { key: B.account, name: 'Blue Ridge Homes' });
  await importLenderData(t.db, {
    opportunities: [
      {
        key: A.loan,
        accountId: A.account,
        name: 'Construction Finance',
        sanctionAmount: '1',
        peakExposure: '1',
        currentFace: '1',
      },
      {
        key: B.loan,
        accountId: B.account,
        name: 'Bridge Loan',
        sanctionAmount: '1',
        peakExposure: '1',
        currentFace: '1',
      },
    ],
    projects: [
      { key: A.project, opportunityKey: A.loan, name: 'Green Acres' },
      // B's project shares a word with A's: a search by it must still stay within B's account.
      { key: B.project, opportunityKey: B.loan, name: 'Green Valley' },
    ],
    units: [
      unitRecord('GA-FRESH', A.project, 'A', 'A-101', 'Asha Mehta'),
      unitRecord('GA-HALF', A.project, 'A', 'A-102', 'Ravi Kumar'),
      unitRecord('GA-REJECT', A.project, 'B', 'B-201', 'Meera Shah'),
      unitRecord('GA-PCT', A.project, 'C', 'C-301', '100% Owner_1'),
      unitRecord('GV-1', B.project, 'A', 'A-101', 'Vikram Rao'),
    ],
  });
  a = await tokenFor(t.db, (await seedBorrower(t.db, { accountKey: A.account })).user.id);
  b = await tokenFor(t.db, (await seedBorrower(t.db, { accountKey: B.account })).user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
});
afterAll(() => t?.close());

const SLOTS = unitSlotFileTypes('Final');
const filesUrl = (key: string) => `/api/units/${key}/files`;
const get = (token: string, url: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const put = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload });

interface ListedUnit {
  key: string;
  approvalStatus: string;
  canSubmit: boolean;
  submittedAt: string | null;
  uploadedFiles: number;
}
async function list(token: string, status: string, query = '') {
  const res = await get(token, `/api/projects/all/units/all/status/${status}/?perPage=50${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { units: ListedUnit[]; meta: { totalRecords: number } };
  return { keys: body.units.map((u) => u.key), units: body.units, total: body.meta.totalRecords };
}
const listed = async (key: string) => (await list(a, 'ALL')).units.find((u) => u.key === key)!;
const single = async (key: string) =>
  (await get(a, `/api/projects/${A.project}/units/${key}`)).json().unit as ListedUnit;

describe('readiness on every unit answer', () => {
  it('offers a fresh unit with every slot filled, not one with a slot still empty', async () => {
    await uploadAll(t.app, a, filesUrl('GA-FRESH'), SLOTS);
    await uploadAll(t.app, a, filesUrl('GA-HALF'), SLOTS.slice(0, 6));
    expect(await listed('GA-FRESH')).toMatchObject({ canSubmit: true, submittedAt: null });
    expect(await listed('GA-HALF')).toMatchObject({ canSubmit: false, uploadedFiles: 6 });
    expect(await single('GA-FRESH')).toMatchObject({ canSubmit: true, submittedAt: null });
    const projectList = (await get(a, `/api/projects/${A.project}/units?perPage=50`)).json()
      .units as ListedUnit[];
    expect(projectList.find((u) => u.key === 'GA-FRESH')!.canSubmit).toBe(true);
    expect(projectList.find((u) => u.key === 'GA-HALF')!.canSubmit).toBe(false);
  });

  it('does not offer a rejected unit whose seven files include a rejected one (issue 11 item 4)', async () => {
    await uploadAll(t.app, a, filesUrl('GA-REJECT'), SLOTS);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/units/submit',
      headers: { authorization: `Bearer ${a}` },
      payload: { keys: ['GA-REJECT'] },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().units[0]).toMatchObject({ canSubmit: false });
    expect(submitted.json().units[0].submittedAt).toEqual(expect.any(String));

    await reviewAll(t.app, approver, filesUrl('GA-REJECT'), (type) =>
      type === 'CUSTOMER_LEDGER' ? 'REJECTED' : 'APPROVED',
    );
    const finalised = await put(approver, `/api/projects/${A.project}/units/GA-REJECT`, {
      approvalStatus: 'REJECTED',
    });
    expect(finalised.json().unit).toMatchObject({ approvalStatus: 'REJECTED', canSubmit: false });
    expect(await listed('GA-REJECT')).toMatchObject({
      approvalStatus: 'REJECTED',
      uploadedFiles: 7,
      canSubmit: false,
    });

    // Once the rejected file is replaced, every file is NOT_RAISED or APPROVED: ready again.
    const files = (await get(a, `${filesUrl('GA-REJECT')}?perPage=50`)).json().files as {
      file: { key: string; fileType: string };
    }[];
    const ledger = files.find((f) => f.file.fileType === 'CUSTOMER_LEDGER')!;
    const discarded = await t.app.inject({
      method: 'DELETE',
      url: `${filesUrl('GA-REJECT')}/${ledger.file.key}`,
      headers: { authorization: `Bearer ${a}` },
    });
    expect(discarded.statusCode).toBe(204);
    expect(await listed('GA-REJECT')).toMatchObject({ uploadedFiles: 6, canSubmit: false });
    const replaced = await uploadDocument(t.app, a, filesUrl('GA-REJECT'), 'CUSTOMER_LEDGER');
    expect(replaced.completed?.statusCode).toBe(200);
    expect(await listed('GA-REJECT')).toMatchObject({
      approvalStatus: 'REJECTED',
      canSubmit: true,
    });
  });
});

describe('the unit checker list', () => {
  it('lists every status under ALL, with the loan columns, and only the borrower’s own rows', async () => {
    const all = await list(a, 'ALL');
    expect(all.keys.sort()).toEqual(['GA-FRESH', 'GA-HALF', 'GA-PCT', 'GA-REJECT']);
    expect(all.total).toBe(4);
    expect(all.units.find((u) => u.key === 'GA-FRESH')).toMatchObject({
      accountId: A.account,
      accountName: 'Green Acres Developers',
      opportunityKey: A.loan,
      opportunityName: 'Construction Finance',
      projectName: 'Green Acres',
    });
    expect((await list(b, 'ALL')).keys).toEqual(['GV-1']);
    expect((await list(approver, 'ALL')).total).toBe(5);
    expect((await list(approver, 'NOT_RAISED')).keys.sort()).toEqual([
      'GA-FRESH',
      'GA-HALF',
      'GA-PCT',
      'GV-1',
    ]);
    expect((await list(approver, 'REJECTED')).keys).toEqual(['GA-REJECT']);
  });

  it('searches account, loan, project, tower, unit number and customer, ignoring case', async () => {
    const found = async (token: string, search: string) =>
      (await list(token, 'ALL', `&search=${encodeURIComponent(search)}`)).keys.sort();
    expect(await found(approver, 'blue ridge')).toEqual(['GV-1']);
    expect(await found(approver, 'accgreen01')).toEqual([
      'GA-FRESH',
      'GA-HALF',
      'GA-PCT',
      'GA-REJECT',
    ]);
    expect(await found(approver, 'construction')).toHaveLength(4);
    expect(await found(approver, 'OPP-BLUE')).toEqual(['GV-1']);
    expect(await found(approver, 'green')).toHaveLength(5);
    expect(await found(approver, 'b-201')).toEqual(['GA-REJECT']);
    expect(await found(approver, 'meera')).toEqual(['GA-REJECT']);
    expect(await found(approver, '  Asha  ')).toEqual(['GA-FRESH']);
    const total = (await list(approver, 'ALL', '&search=a-101')).total;
    expect(total).toBe(2);
  });

  it('keeps a borrower’s search inside their account', async () => {
    const found = async (token: string, search: string) =>
      (await list(token, 'ALL', `&search=${encodeURIComponent(search)}`)).keys;
    expect(await found(b, 'green')).toEqual(['GV-1']);
    expect(await found(b, 'Asha')).toEqual([]);
    expect(await found(b, A.account)).toEqual([]);
    expect((await list(b, 'ALL', '&search=Asha')).total).toBe(0);
    expect(await found(a, 'Vikram')).toEqual([]);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    const found = async (search: string) =>
      (await list(approver, 'ALL', `&search=${encodeURIComponent(search)}`)).keys;
    expect(await found('%')).toEqual(['GA-PCT']);
    expect(await found('_')).toEqual(['GA-PCT']);
    expect(await found('0%')).toEqual(['GA-PCT']);
    expect(await found('\\')).toEqual([]);
    const tooLong = await get(
      approver,
      `/api/projects/all/units/all/status/ALL/?search=${'x'.repeat(101)}`,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('puts the longest waiting first, never-submitted last, and keeps SPEC’s two orders', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const stamp = (key: string, submittedAt: Date | null, updatedAt: Date) =>
      t.db.update(unitsTable).set({ submittedAt, updatedAt }).where(eq(unitsTable.key, key));
    await stamp('GA-HALF', daysAgo(1), daysAgo(5));
    await stamp('GA-PCT', daysAgo(9), daysAgo(2));
    await stamp('GA-FRESH', null, daysAgo(1));
    await stamp('GA-REJECT', daysAgo(4), daysAgo(3));

    expect((await list(a, 'ALL', '&sort=longestWaitingOnTop')).keys).toEqual([
      'GA-PCT',
      'GA-REJECT',
      'GA-HALF',
      'GA-FRESH',
    ]);
    expect((await list(a, 'ALL', '&sort=recentlyUpdatedOnTop')).keys).toEqual([
      'GA-FRESH',
      'GA-PCT',
      'GA-REJECT',
      'GA-HALF',
    ]);
    expect((await list(a, 'ALL', '&sort=recentlyUpdatedOnBottom')).keys).toEqual([
      'GA-HALF',
      'GA-REJECT',
      'GA-PCT',
      'GA-FRESH',
    ]);
    expect((await get(a, '/api/projects/all/units/all/status/ALL/?sort=oldest')).statusCode).toBe(
      400,
    );
  });
});
