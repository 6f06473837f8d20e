import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLATERAL_SLOTS, currentMonthIn } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reviewAll, uploadAll } from '../../../test/documents.ts';
import { seedBorrower, seedCollateral, seedStaff, tokenFor } from '../../../test/factories.ts';

let t: TestApp;
let owner: string;
let accountKey: string;
let collateralKey: string;
let stranger: string;
let approver: string;
let viewer: string;
let periodOffset = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  owner = await tokenFor(t.db, user.id);
  accountKey = account.key;
  collateralKey = (await seedCollateral(t.db, account.key)).key;
  stranger = await tokenFor(t.db, (await seedBorrower(t.db)).user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
});
afterAll(() => t?.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
const freqUrl = (key = '') =>
  `/api/collaterals/${collateralKey}/frequencies${key ? `/${key}` : ''}`;
const filesUrl = (key: string) => `/api/frequencies/${key}/files`;

/** A past month no other test uses, so every test gets its own frequency. */
function nextPeriod() {
  const now = currentMonthIn('Asia/Kolkata');
  const monthsBack = ++periodOffset;
  const index = now.year * 12 + (now.month - 1) - monthsBack;
  return { frequency: 1, month: (index % 12) + 1, year: Math.floor(index / 12) };
}

async function addFrequency() {
  const res = await call(owner, 'POST', freqUrl(), nextPeriod());
  expect(res.statusCode).toBe(201);
  return res.json().frequency.key as string;
}

const uploadSlots = (key: string, slots: readonly string[] = COLLATERAL_SLOTS) =>
  uploadAll(t.app, owner, filesUrl(key), slots);
const reviewSlots = (key: string, decide: (type: string) => 'APPROVED' | 'REJECTED') =>
  reviewAll(t.app, approver, filesUrl(key), decide);

describe('collaterals', () => {
  it('lists an account’s collaterals to its borrower and staff, 404 to anyone else', async () => {
    const own = await call(owner, 'GET', `/api/accounts/${accountKey}/collaterals`);
    expect(own.json()).toMatchObject({
      collaterals: [{ key: collateralKey, accountId: accountKey }],
      meta: { page: 1, totalPages: 1 },
    });
    expect(
      (await call(viewer, 'GET', `/api/accounts/${accountKey}/collaterals/${collateralKey}`)).json()
        .collateral.collateralName,
    ).toBe('Receivables of Tower A');
    expect(
      (await call(stranger, 'GET', `/api/accounts/${accountKey}/collaterals`)).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'GET', `/api/accounts/${accountKey}/collaterals/${collateralKey}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('adding frequencies', () => {
  it('creates a NOT_RAISED frequency and refuses a duplicate with the spec’s message', async () => {
    const period = nextPeriod();
    const created = await call(owner, 'POST', freqUrl(), {
      ...period,
      approvalStatus: 'NOT_RAISED',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().frequency).toMatchObject({
      ...period,
      approvalStatus: 'NOT_RAISED',
      uploadedFiles: 0,
      hasRequiredFiles: false,
    });
    const duplicate = await call(owner, 'POST', freqUrl(), period);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Similar monitoring frequency already exists');
    const quarterly = await call(owner, 'POST', freqUrl(), { ...period, frequency: 3 });
    expect(quarterly.statusCode).toBe(201);
  });

  it('refuses a future month, a bad status, a missing month, and the wrong people', async () => {
    const now = currentMonthIn('Asia/Kolkata');
    const next =
      now.month === 12
        ? { month: 1, year: now.year + 1 }
        : { month: now.month + 1, year: now.year };
    expect((await call(owner, 'POST', freqUrl(), { frequency: 1, ...next })).statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', freqUrl(), { ...nextPeriod(), approvalStatus: 'APPROVED' }))
        .statusCode,
    ).toBe(400);
    const noMonth = await call(owner, 'POST', freqUrl(), { frequency: 1, year: now.year });
    expect(noMonth.json().error.message).toContain('Date is required');
    expect(
      (await call(owner, 'POST', freqUrl(), { ...nextPeriod(), frequency: 4 })).statusCode,
    ).toBe(400);
    expect((await call(approver, 'POST', freqUrl(), nextPeriod())).statusCode).toBe(403);
    expect((await call(stranger, 'POST', freqUrl(), nextPeriod())).statusCode).toBe(404);
  });

  it('lists with file counts, sorting and paging', async () => {
    const key = await addFrequency();
    await uploadSlots(key, COLLATERAL_SLOTS.slice(0, 3));
    const list = await call(
      owner,
      'GET',
      `${freqUrl()}/?sortColumn=year&sortOrder=bottomUp&perPage=50`,
    );
    expect(list.statusCode).toBe(200);
    const rows = list.json().frequencies as { key: string; year: number; uploadedFiles: number }[];
    expect(rows.find((r) => r.key === key)?.uploadedFiles).toBe(3);
    const years = rows.map((r) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect((await call(owner, 'GET', `${freqUrl()}?sortColumn=colour`)).statusCode).toBe(400);
    expect((await call(stranger, 'GET', freqUrl())).statusCode).toBe(404);
  });
});

describe('the credit monitoring cycle', () => {
  it('submits nine documents, is rejected, fixed, resubmitted, approved, then reopened', async () => {
    const key = await addFrequency();
    await uploadSlots(key, COLLATERAL_SLOTS.slice(0, 8));
    const early = await call(owner, 'POST', '/api/frequencies/submit', { keys: [key] });
    expect(early.statusCode).toBe(409);
    await uploadSlots(key, COLLATERAL_SLOTS.slice(8));

    const submitted = await call(owner, 'POST', '/api/frequencies/submit', { keys: [key] });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().frequencies[0]).toMatchObject({
      approvalStatus: 'PENDING_APPROVAL',
      uploadedFiles: 9,
      hasRequiredFiles: true,
    });

    const checker = await call(
      approver,
      'GET',
      '/api/collaterals/all/frequencies/all/status/PENDING_APPROVAL/?sort=recentlyUpdatedOnTop&perPage=10&page=1',
    );
    expect(checker.json().monitoringFrequencies[0]).toMatchObject({
      key,
      collateralName: 'Receivables of Tower A',
    });
    expect(
      (
        await call(stranger, 'GET', '/api/collaterals/all/frequencies/all/status/PENDING_APPROVAL/')
      ).json().meta.totalRecords,
    ).toBe(0);

    await reviewSlots(key, (type) => (type === 'BANK_STATEMENT' ? 'REJECTED' : 'APPROVED'));
    const rejected = await call(approver, 'PUT', freqUrl(key), { approvalStatus: 'REJECTED' });
    expect(rejected.json().frequency.approvalStatus).toBe('REJECTED');

    const files = (await call(owner, 'GET', `${filesUrl(key)}?perPage=50`)).json().files as {
      file: { key: string; fileType: string };
    }[];
    const bank = files.find((f) => f.file.fileType === 'BANK_STATEMENT')!;
    expect((await call(owner, 'DELETE', `${filesUrl(key)}/${bank.file.key}`)).statusCode).toBe(204);
    await uploadSlots(key, ['BANK_STATEMENT']);
    const resubmitted = await call(owner, 'PUT', freqUrl(key), {
      approvalStatus: 'PENDING_APPROVAL',
    });
    expect(resubmitted.json().frequency.approvalStatus).toBe('PENDING_APPROVAL');

    await reviewSlots(key, () => 'APPROVED');
    expect(
      (await call(viewer, 'PUT', freqUrl(key), { approvalStatus: 'APPROVED' })).statusCode,
    ).toBe(403);
    const approved = await call(approver, 'PUT', freqUrl(key), { approvalStatus: 'APPROVED' });
    expect(approved.json().frequency.approvalStatus).toBe('APPROVED');

    expect(
      (await call(approver, 'PUT', freqUrl(key), { approvalStatus: 'NOT_RAISED' })).statusCode,
    ).toBe(403);
    const reopened = await call(owner, 'PUT', freqUrl(key), { approvalStatus: 'NOT_RAISED' });
    expect(reopened.json().frequency.approvalStatus).toBe('NOT_RAISED');
    const after = (await call(owner, 'GET', `${filesUrl(key)}?perPage=50`)).json().files as {
      file: { approvalStatus: string; approverRemarks: string | null };
    }[];
    expect(after).toHaveLength(9);
    expect(
      after.every((f) => f.file.approvalStatus === 'NOT_RAISED' && f.file.approverRemarks === null),
    ).toBe(true);

    const history = (await call(owner, 'GET', `${freqUrl(key)}/history`)).json().events as {
      action: string;
    }[];
    expect(history.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'frequency.submitted',
        'frequency.finalised',
        'frequency.reopened',
        'file.discarded',
      ]),
    );
    expect(history.at(-1)?.action).toBe('frequency.reopened');
  });

  it('lets exactly one of two approvers finalising at once succeed', async () => {
    const key = await addFrequency();
    await uploadSlots(key);
    await call(owner, 'PUT', freqUrl(key), { approvalStatus: 'PENDING_APPROVAL' });
    await reviewSlots(key, () => 'APPROVED');
    const second = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
    const results = await Promise.all([
      call(approver, 'PUT', freqUrl(key), { approvalStatus: 'APPROVED' }),
      call(second, 'PUT', freqUrl(key), { approvalStatus: 'APPROVED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for another borrower’s frequency and its files', async () => {
    const key = await addFrequency();
    for (const url of [freqUrl(key), `${freqUrl(key)}/history`, filesUrl(key)]) {
      expect((await call(stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    expect(
      (await call(stranger, 'PUT', freqUrl(key), { approvalStatus: 'PENDING_APPROVAL' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'POST', '/api/frequencies/submit', { keys: [key] })).statusCode,
    ).toBe(404);
  });
});
