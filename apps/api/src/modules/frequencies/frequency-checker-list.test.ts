import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COLLATERAL_SLOTS } from '@portal/domain';
import { frequencies as frequenciesTable } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reviewAll, uploadAll, uploadDocument } from '../../../test/documents.ts';
import {
  seedAccount,
  seedBorrower,
  seedCollateral,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';

// Readiness (canSubmit), ALL, search and sort on the collateral checker list (issue 11), in a
// world of its own so the totals are exact.

let t: TestApp;
let a: string;
let b: string;
let approver: string;
let collateralA: string;
let collateralB: string;
const keys: Record<'fresh' | 'half' | 'rejected' | 'theirs', string> = {
  fresh: '',
  half: '',
  rejected: '',
  theirs: '',
};

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

async function addFrequency(token: string, collateralKey: string, month: number) {
  const res = await call(token, 'POST', `/api/collaterals/${collateralKey}/frequencies`, {
    frequency: 1,
    month,
    year: 2025,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().frequency.key as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const accountA = await seedAccount(t.db, { name: 'Green Acres Developers' });
  const accountB = await seedAccount(t.db, { name: 'Blue Ridge Homes' });
  a = await tokenFor(t.db, (await seedBorrower(t.db, { accountKey: accountA.key })).user.id);
  b = await tokenFor(t.db, (await seedBorrower(t.db, { accountKey: accountB.key })).user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  collateralA = (await seedCollateral(t.db, accountA.key, 'Receivables of Tower A')).key;
  // B's collateral shares words with A's: a search by them must still stay within B's account.
  collateralB = (await seedCollateral(t.db, accountB.key, 'Receivables of 50%_Tower')).key;
  keys.fresh = await addFrequency(a, collateralA, 1);
  keys.half = await addFrequency(a, collateralA, 2);
  keys.rejected = await addFrequency(a, collateralA, 3);
  keys.theirs = await addFrequency(b, collateralB, 1);
});
afterAll(() => t?.close());

const filesUrl = (key: string) => `/api/frequencies/${key}/files`;
const freqUrl = (key: string) => `/api/collaterals/${collateralA}/frequencies/${key}`;

interface ListedFrequency {
  key: string;
  approvalStatus: string;
  canSubmit: boolean;
  submittedAt: string | null;
  uploadedFiles: number;
}
async function list(token: string, status: string, query = '') {
  const res = await call(
    token,
    'GET',
    `/api/collaterals/all/frequencies/all/status/${status}/?perPage=50${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    monitoringFrequencies: ListedFrequency[];
    meta: { totalRecords: number };
  };
  const rows = body.monitoringFrequencies;
  return { keys: rows.map((f) => f.key), rows, total: body.meta.totalRecords };
}
const listed = async (key: string) => (await list(a, 'ALL')).rows.find((f) => f.key === key)!;

describe('readiness on every frequency answer', () => {
  it('offers a fresh frequency with all nine documents, not one with eight', async () => {
    await uploadAll(t.app, a, filesUrl(keys.fresh), COLLATERAL_SLOTS);
    await uploadAll(t.app, a, filesUrl(keys.half), COLLATERAL_SLOTS.slice(0, 8));
    expect(await listed(keys.fresh)).toMatchObject({ canSubmit: true, submittedAt: null });
    expect(await listed(keys.half)).toMatchObject({ canSubmit: false, uploadedFiles: 8 });
    expect((await call(a, 'GET', freqUrl(keys.fresh))).json().frequency).toMatchObject({
      canSubmit: true,
      submittedAt: null,
    });
    const perCollateral = (
      await call(a, 'GET', `/api/collaterals/${collateralA}/frequencies?perPage=50`)
    ).json().frequencies as ListedFrequency[];
    expect(perCollateral.find((f) => f.key === keys.fresh)!.canSubmit).toBe(true);
    expect(perCollateral.find((f) => f.key === keys.half)!.canSubmit).toBe(false);
  });

  it('does not offer a rejected frequency whose nine files include a rejected one (issue 11 item 4)', async () => {
    await uploadAll(t.app, a, filesUrl(keys.rejected), COLLATERAL_SLOTS);
    const submitted = await call(a, 'POST', '/api/frequencies/submit', { keys: [keys.rejected] });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().frequencies[0]).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      canSubmit: false,
      submittedAt: expect.any(String),
    });

    await reviewAll(t.app, approver, filesUrl(keys.rejected), (type) =>
      type === 'BANK_STATEMENT' ? 'REJECTED' : 'APPROVED',
    );
    const finalised = await call(approver, 'PUT', freqUrl(keys.rejected), {
      approvalStatus: 'REJECTED',
    });
    expect(finalised.json().frequency).toMatchObject({
      approvalStatus: 'REJECTED',
      uploadedFiles: 9,
      hasRequiredFiles: true,
      canSubmit: false,
    });
    expect(await listed(keys.rejected)).toMatchObject({ uploadedFiles: 9, canSubmit: false });

    const files = (await call(a, 'GET', `${filesUrl(keys.rejected)}?perPage=50`)).json().files as {
      file: { key: string; fileType: string };
    }[];
    const bank = files.find((f) => f.file.fileType === 'BANK_STATEMENT')!;
    expect(
      (await call(a, 'DELETE', `${filesUrl(keys.rejected)}/${bank.file.key}`)).statusCode,
    ).toBe(204);
    expect(
      (await uploadDocument(t.app, a, filesUrl(keys.rejected), 'BANK_STATEMENT')).completed
        ?.statusCode,
    ).toBe(200);
    expect(await listed(keys.rejected)).toMatchObject({
      approvalStatus: 'REJECTED',
      canSubmit: true,
    });
  });
});

describe('the collateral checker list', () => {
  it('lists every status under ALL, and only the borrower’s own rows', async () => {
    const all = await list(a, 'ALL');
    expect(all.keys.sort()).toEqual([keys.fresh, keys.half, keys.rejected].sort());
    expect(all.total).toBe(3);
    expect((await list(b, 'ALL')).keys).toEqual([keys.theirs]);
    expect((await list(approver, 'ALL')).total).toBe(4);
    expect((await list(approver, 'REJECTED')).keys).toEqual([keys.rejected]);
    expect((await list(approver, 'NOT_RAISED')).total).toBe(3);
  });

  it('searches account id and name and collateral name, within the borrower’s own account', async () => {
    const found = async (token: string, search: string) =>
      (await list(token, 'ALL', `&search=${encodeURIComponent(search)}`)).keys.sort();
    expect(await found(approver, 'blue ridge')).toEqual([keys.theirs]);
    expect(await found(approver, 'receivables')).toHaveLength(4);
    expect(await found(approver, 'tower a')).toHaveLength(3);
    expect(await found(b, 'receivables')).toEqual([keys.theirs]);
    expect(await found(b, 'green acres')).toEqual([]);
    expect(await found(a, 'blue')).toEqual([]);
    // % and _ are the characters themselves, not wildcards.
    expect(await found(approver, '%')).toEqual([keys.theirs]);
    expect(await found(approver, '0%_t')).toEqual([keys.theirs]);
  });

  it('puts the longest waiting first, never-submitted last', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const stamp = (key: string, submittedAt: Date | null) =>
      t.db.update(frequenciesTable).set({ submittedAt }).where(eq(frequenciesTable.key, key));
    await stamp(keys.fresh, null);
    await stamp(keys.half, daysAgo(2));
    await stamp(keys.rejected, daysAgo(6));
    expect((await list(a, 'ALL', '&sort=longestWaitingOnTop')).keys).toEqual([
      keys.rejected,
      keys.half,
      keys.fresh,
    ]);
  });
});
