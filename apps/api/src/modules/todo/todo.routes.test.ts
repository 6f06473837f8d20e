import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COLLATERAL_SLOTS,
  unitSlotFileTypes,
  type ApprovalStatus,
  type TodoResponse,
} from '@portal/domain';
import {
  frequencies,
  frequencyFiles,
  loanStatementRequests,
  unitFiles,
  units,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';
import { TODO_LIST_LENGTH } from './todo.service.ts';

// The states are written straight into the tables: what is tested here is which sets the to-do
// picks and how it counts them, not the workflow that leads there (its own tests cover that).

let t: TestApp;
let a: string;
let b: string;
const staff: Record<'approver' | 'viewer' | 'admin', string> = {
  approver: '',
  viewer: '',
  admin: '',
};
const expected = {
  readyUnits: [] as string[],
  rejectedUnits: [] as string[],
  readyFrequencies: [] as string[],
  rejectedFrequencies: [] as string[],
  openRequests: [] as string[],
};

const SLOTS = unitSlotFileTypes('Final');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Live files in every slot but the last `missing`, the file of `rejectedSlot` rejected. */
function filesFor(
  slots: readonly string[],
  status: ApprovalStatus,
  options: { rejected?: string; missing?: number } = {},
) {
  return slots.slice(0, slots.length - (options.missing ?? 0)).map((fileType) => ({
    fileType,
    fileName: `${fileType.toLowerCase()}.pdf`,
    approvalStatus: fileType === options.rejected ? ('REJECTED' as const) : status,
    completedAt: new Date(),
  }));
}

async function setUnit(
  key: string,
  status: ApprovalStatus,
  files: ReturnType<typeof filesFor>,
  updatedAt: Date,
) {
  await t.db.update(units).set({ approvalStatus: status, updatedAt }).where(eq(units.key, key));
  if (files.length)
    await t.db.insert(unitFiles).values(
      files.map((f) => ({
        ...f,
        parentKey: key,
        accountKey: sql`(select account_key from units where key = ${key})`,
      })),
    );
}

async function addFrequency(
  { key: collateralKey, accountKey }: { key: string; accountKey: string },
  month: number,
  status: ApprovalStatus,
  files: ReturnType<typeof filesFor>,
  updatedAt: Date,
) {
  const [row] = await t.db
    .insert(frequencies)
    .values({
      collateralKey,
      accountKey,
      frequency: 1,
      month,
      year: 2025,
      approvalStatus: status,
      updatedAt,
    })
    .returning({ key: frequencies.key });
  if (files.length)
    await t.db
      .insert(frequencyFiles)
      .values(files.map((f) => ({ ...f, parentKey: row!.key, accountKey })));
  return row!.key;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await seedBorrower(t.db);
  a = await tokenFor(t.db, owner.user.id);
  const other = await seedBorrower(t.db);
  b = await tokenFor(t.db, other.user.id);
  for (const role of ['approver', 'viewer', 'admin'] as const)
    staff[role] = await tokenFor(t.db, (await seedStaff(t.db, role)).id);

  const loans = await seedLoans(t.db, owner.account.key, {
    opportunities: 1,
    projects: 1,
    units: 27,
  });
  const unitKeys = loans.units.map((u) => u.key);
  // 12 fresh units with every slot filled: ready.
  for (const [i, key] of unitKeys.slice(0, 12).entries()) {
    await setUnit(key, 'NOT_RAISED', filesFor(SLOTS, 'NOT_RAISED'), minutesAgo(100 - i));
    expected.readyUnits.unshift(key);
  }
  // 11 rejected units still holding their rejected file: to fix, not ready (the item 4 bug).
  for (const [i, key] of unitKeys.slice(12, 23).entries()) {
    await setUnit(
      key,
      'REJECTED',
      filesFor(SLOTS, 'APPROVED', { rejected: 'CUSTOMER_LEDGER' }),
      minutesAgo(200 - i),
    );
    expected.rejectedUnits.unshift(key);
  }
  // A rejected unit whose rejected file was replaced: still rejected, and ready; the newest.
  await setUnit(unitKeys[23]!, 'REJECTED', filesFor(SLOTS, 'APPROVED', {}), minutesAgo(1));
  expected.readyUnits.unshift(unitKeys[23]!);
  expected.rejectedUnits.unshift(unitKeys[23]!);
  // Neither: a slot still empty, a unit awaiting review, an approved one.
  await setUnit(
    unitKeys[24]!,
    'NOT_RAISED',
    filesFor(SLOTS, 'NOT_RAISED', { missing: 1 }),
    minutesAgo(2),
  );
  await setUnit(
    unitKeys[25]!,
    'PENDING_APPROVAL',
    filesFor(SLOTS, 'PENDING_APPROVAL'),
    minutesAgo(2),
  );
  await setUnit(unitKeys[26]!, 'APPROVED', filesFor(SLOTS, 'APPROVED'), minutesAgo(2));

  const collateral = await seedCollateral(t.db, owner.account.key);
  expected.readyFrequencies.push(
    await addFrequency(
      { key: collateral.key, accountKey: owner.account.key },
      1,
      'NOT_RAISED',
      filesFor(COLLATERAL_SLOTS, 'NOT_RAISED'),
      minutesAgo(5),
    ),
  );
  expected.rejectedFrequencies.push(
    await addFrequency(
      { key: collateral.key, accountKey: owner.account.key },
      2,
      'REJECTED',
      filesFor(COLLATERAL_SLOTS, 'APPROVED', { rejected: 'BANK_STATEMENT' }),
      minutesAgo(6),
    ),
  );
  await addFrequency(
    { key: collateral.key, accountKey: owner.account.key },
    3,
    'NOT_RAISED',
    filesFor(COLLATERAL_SLOTS, 'NOT_RAISED', { missing: 1 }),
    minutesAgo(7),
  );

  const loanKey = loans.opportunities[0]!.key;
  const request = (status: 'REQUESTED' | 'FULFILLED', createdAt: Date) => ({
    opportunityKey: loanKey,
    fromDate: '2025-01-01',
    toDate: '2025-03-31',
    status,
    createdAt,
  });
  const requests = await t.db
    .insert(loanStatementRequests)
    .values([
      request('REQUESTED', minutesAgo(30)),
      request('FULFILLED', minutesAgo(20)),
      request('REQUESTED', minutesAgo(10)),
    ])
    .returning({ id: loanStatementRequests.id, status: loanStatementRequests.status });
  expected.openRequests = requests
    .filter((r) => r.status === 'REQUESTED')
    .map((r) => r.id)
    .reverse();

  // B's own ready unit: never on A's list, the only thing on B's.
  const theirs = await seedLoans(t.db, other.account.key, {
    opportunities: 1,
    projects: 1,
    units: 1,
  });
  await setUnit(theirs.units[0]!.key, 'NOT_RAISED', filesFor(SLOTS, 'NOT_RAISED'), minutesAgo(1));
});
afterAll(() => t?.close());

const todo = (token?: string) =>
  t.app.inject({ url: '/api/todo', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/todo', () => {
  it('lists what needs the borrower, newest first, the first ten of each, with every count', async () => {
    const res = await todo(a);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TodoResponse;
    expect(body.counts).toEqual({
      rejectedUnits: 12,
      readyUnits: 13,
      rejectedFrequencies: 1,
      readyFrequencies: 1,
      openLoanStatementRequests: 2,
    });
    expect(body.readyUnits.map((u) => u.key)).toEqual(
      expected.readyUnits.slice(0, TODO_LIST_LENGTH),
    );
    expect(body.rejectedUnits.map((u) => u.key)).toEqual(
      expected.rejectedUnits.slice(0, TODO_LIST_LENGTH),
    );
    expect(body.readyUnits.every((u) => u.canSubmit)).toBe(true);
    expect(body.rejectedUnits[0]).toMatchObject({ canSubmit: true, approvalStatus: 'REJECTED' });
    expect(body.rejectedUnits.slice(1).every((u) => !u.canSubmit)).toBe(true);
    expect(body.rejectedUnits[0]).toMatchObject({
      projectName: 'Project 1',
      opportunityName: 'Loan 1',
      uploadedFiles: 7,
    });
    expect(body.readyFrequencies.map((f) => f.key)).toEqual(expected.readyFrequencies);
    expect(body.rejectedFrequencies.map((f) => f.key)).toEqual(expected.rejectedFrequencies);
    expect(body.rejectedFrequencies[0]).toMatchObject({
      collateralName: 'Receivables of Tower A',
      canSubmit: false,
    });
    expect(body.openLoanStatementRequests.map((r) => r.id)).toEqual(expected.openRequests);
    expect(body.openLoanStatementRequests[0]).toMatchObject({
      status: 'REQUESTED',
      opportunityName: 'Loan 1',
      downloadUrl: null,
    });
  });

  it('shows each borrower only their own account', async () => {
    const body = (await todo(b)).json() as TodoResponse;
    expect(body.counts).toEqual({
      rejectedUnits: 0,
      readyUnits: 1,
      rejectedFrequencies: 0,
      readyFrequencies: 0,
      openLoanStatementRequests: 0,
    });
    expect(body.readyUnits).toHaveLength(1);
    expect(expected.readyUnits).not.toContain(body.readyUnits[0]!.key);
  });

  it('is the borrower’s alone: staff get 403, no session 401', async () => {
    for (const token of Object.values(staff)) expect((await todo(token)).statusCode).toBe(403);
    expect((await todo()).statusCode).toBe(401);
  });
});
