import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COLLATERAL_SLOTS,
  unitSlotFileTypes,
  type ApprovalStatus,
  type TodoResponse,
} from '@portal/domain';
import {
  collaterals,
  frequencies,
  frequencyFiles,
  loanStatementRequests,
  nocLetters,
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
let c: string;
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
  unitsToUpload: [] as string[],
  letter: '',
};

// The calendar is read on a fixed business day: packs from December 2025, due on the 15th.
const TODAY = new Date('2026-03-20T06:00:00Z');
const daysBefore = (days: number) => new Date(TODAY.getTime() - days * 86_400_000);

const SLOTS = unitSlotFileTypes('Final');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Live files in every slot but the last `missing`, the file of `rejectedSlot` rejected as
 * illegible with the reviewer's remark.
 */
function filesFor(
  slots: readonly string[],
  status: ApprovalStatus,
  options: { rejected?: string; missing?: number } = {},
) {
  return slots.slice(0, slots.length - (options.missing ?? 0)).map((fileType) => {
    const rejected = fileType === options.rejected;
    return {
      fileType,
      fileName: `${fileType.toLowerCase()}.pdf`,
      approvalStatus: rejected ? ('REJECTED' as const) : status,
      rejectionReason: rejected ? ('ILLEGIBLE' as const) : null,
      approverRemarks: rejected ? 'Page 2 is blurred' : null,
      completedAt: new Date(),
    };
  });
}

/** Monthly packs from December 2025, due on the 15th of the month after. */
const monitorFromDecember = (key: string) =>
  t.db
    .update(collaterals)
    .set({ monitoringFrequency: 1, monitoringSince: '2025-12-01', dueDay: 15 })
    .where(eq(collaterals.key, key));

async function addLetter(
  unitKey: string,
  accountKey: string,
  letter: { issuedAt: Date | null; revokedAt?: Date },
) {
  const letterNumber = `NOC-${unitKey}`;
  await t.db.insert(nocLetters).values({
    letterNumber,
    unitKey,
    accountKey,
    details: {},
    approvedAt: letter.issuedAt ?? new Date(),
    issuedAt: letter.issuedAt,
    revokedAt: letter.revokedAt ?? null,
  });
  return letterNumber;
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
  year = 2025,
) {
  const [row] = await t.db
    .insert(frequencies)
    .values({
      collateralKey,
      accountKey,
      frequency: 1,
      month,
      year,
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
  t = await createTestApp({}, { now: () => TODAY });
  const owner = await seedBorrower(t.db);
  a = await tokenFor(t.db, owner.user.id);
  const other = await seedBorrower(t.db);
  b = await tokenFor(t.db, other.user.id);
  c = await tokenFor(t.db, (await seedBorrower(t.db)).user.id);
  for (const role of ['approver', 'viewer', 'admin'] as const)
    staff[role] = await tokenFor(t.db, (await seedStaff(t.db, role)).id);

  const loans = await seedLoans(t.db, owner.account.key, {
    opportunities: 1,
    projects: 1,
    units: 32,
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
  expected.unitsToUpload.push(unitKeys[24]!);
  // To upload: one with nothing yet, one with three slots filled (and the NOC kind it does not
  // ask for, which fills no slot).
  await setUnit(unitKeys[27]!, 'NOT_RAISED', [], minutesAgo(3));
  expected.unitsToUpload.push(unitKeys[27]!);
  await setUnit(
    unitKeys[28]!,
    'NOT_RAISED',
    [
      ...filesFor(SLOTS, 'NOT_RAISED', { missing: 4 }),
      ...filesFor(['NOC_REQUEST_PROVISIONAL'], 'NOT_RAISED'),
    ],
    minutesAgo(4),
  );
  expected.unitsToUpload.push(unitKeys[28]!);
  // NOC letters: the approved unit's, issued, is to download; a revoked one, one still being
  // made and one approved long ago are not.
  expected.letter = await addLetter(unitKeys[26]!, owner.account.key, { issuedAt: minutesAgo(1) });
  for (const key of unitKeys.slice(29, 32))
    await setUnit(key, 'APPROVED', filesFor(SLOTS, 'APPROVED'), minutesAgo(2));
  await addLetter(unitKeys[29]!, owner.account.key, {
    issuedAt: minutesAgo(2),
    revokedAt: minutesAgo(1),
  });
  await addLetter(unitKeys[30]!, owner.account.key, { issuedAt: null });
  await t.db
    .update(units)
    .set({ updatedAt: daysBefore(40) })
    .where(eq(units.key, unitKeys[31]!));
  await addLetter(unitKeys[31]!, owner.account.key, { issuedAt: daysBefore(40) });

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

  // The calendar: December (nothing added) and February (added, not complete) overdue, January
  // submitted, March due.
  const monitored = await seedCollateral(t.db, owner.account.key, 'Escrow of Tower B');
  await monitorFromDecember(monitored.key);
  const period = { key: monitored.key, accountKey: owner.account.key };
  await addFrequency(
    period,
    1,
    'PENDING_APPROVAL',
    filesFor(COLLATERAL_SLOTS, 'PENDING_APPROVAL'),
    minutesAgo(8),
    2026,
  );
  await addFrequency(
    period,
    2,
    'NOT_RAISED',
    filesFor(COLLATERAL_SLOTS, 'NOT_RAISED', { missing: 7 }),
    minutesAgo(9),
    2026,
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
  // B's monitored collateral, all four packs owed: never on A's list.
  await monitorFromDecember((await seedCollateral(t.db, other.account.key, 'Their escrow')).key);
});
afterAll(() => t?.close());

const todo = (token?: string) =>
  t.app.inject({ url: '/api/todo', headers: token ? { authorization: `Bearer ${token}` } : {} });

const NOTHING = {
  monitoringPacks: 0,
  overduePacks: 0,
  rejectedUnits: 0,
  unitsToUpload: 0,
  readyUnits: 0,
  rejectedFrequencies: 0,
  readyFrequencies: 0,
  nocLetters: 0,
  openLoanStatementRequests: 0,
};

describe('GET /api/todo', () => {
  it('lists what needs the borrower, newest first, the first ten of each, with every count', async () => {
    const res = await todo(a);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TodoResponse;
    expect(body.counts).toEqual({
      monitoringPacks: 3,
      overduePacks: 2,
      rejectedUnits: 12,
      unitsToUpload: 3,
      readyUnits: 13,
      rejectedFrequencies: 1,
      readyFrequencies: 1,
      nocLetters: 1,
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

  it('lists the packs not submitted, most overdue first, with their due dates', async () => {
    const body = (await todo(a)).json() as TodoResponse;
    expect(
      body.monitoringPacks.map(({ collateralName, month, year, dueDate, state, daysOverdue }) => ({
        collateralName,
        month,
        year,
        dueDate,
        state,
        daysOverdue,
      })),
    ).toEqual([
      {
        collateralName: 'Escrow of Tower B',
        month: 12,
        year: 2025,
        dueDate: '2026-01-15',
        state: 'OVERDUE',
        daysOverdue: 64,
      },
      {
        collateralName: 'Escrow of Tower B',
        month: 2,
        year: 2026,
        dueDate: '2026-03-15',
        state: 'OVERDUE',
        daysOverdue: 5,
      },
      {
        collateralName: 'Escrow of Tower B',
        month: 3,
        year: 2026,
        dueDate: '2026-04-15',
        state: 'DUE',
        daysOverdue: 0,
      },
    ]);
    // The added one links to its frequency; the others are still to be added.
    expect(body.monitoringPacks.map((p) => p.frequencyKey !== null)).toEqual([false, true, false]);
  });

  it('says which documents were rejected and why', async () => {
    const body = (await todo(a)).json() as TodoResponse;
    const rejected = {
      fileType: 'CUSTOMER_LEDGER',
      rejectionReason: 'ILLEGIBLE',
      approverRemarks: 'Page 2 is blurred',
    };
    // The newest had its rejected file replaced: nothing rejected is left in it.
    expect(body.rejectedUnits[0]!.rejectedDocuments).toEqual([]);
    expect(body.rejectedUnits.slice(1).map((u) => u.rejectedDocuments)).toEqual(
      Array.from({ length: TODO_LIST_LENGTH - 1 }, () => [rejected]),
    );
    expect(body.rejectedFrequencies[0]!.rejectedDocuments).toEqual([
      { ...rejected, fileType: 'BANK_STATEMENT' },
    ]);
  });

  it('lists the units with documents still to upload, with how many of their slots are filled', async () => {
    const body = (await todo(a)).json() as TodoResponse;
    expect(
      body.unitsToUpload.map(({ key, filledSlots, requiredSlots }) => ({
        key,
        filledSlots,
        requiredSlots,
      })),
    ).toEqual([
      { key: expected.unitsToUpload[0], filledSlots: 6, requiredSlots: 7 },
      { key: expected.unitsToUpload[1], filledSlots: 0, requiredSlots: 7 },
      { key: expected.unitsToUpload[2], filledSlots: 3, requiredSlots: 7 },
    ]);
  });

  it('lists the NOC letters issued lately and still valid', async () => {
    const body = (await todo(a)).json() as TodoResponse;
    expect(body.nocLetters).toEqual([
      expect.objectContaining({
        letterNumber: expected.letter,
        projectName: 'Project 1',
        tower: 'A',
        unit: 'A-2701',
      }),
    ]);
  });

  it('shows each borrower only their own account', async () => {
    const body = (await todo(b)).json() as TodoResponse;
    expect(body.counts).toEqual({
      ...NOTHING,
      monitoringPacks: 4,
      overduePacks: 3,
      readyUnits: 1,
    });
    expect(body.readyUnits).toHaveLength(1);
    expect(expected.readyUnits).not.toContain(body.readyUnits[0]!.key);
    expect(body.monitoringPacks.every((p) => p.collateralName === 'Their escrow')).toBe(true);
  });

  it('has nothing for a borrower who owes nothing', async () => {
    const body = (await todo(c)).json() as TodoResponse;
    expect(body.counts).toEqual(NOTHING);
    const { counts: _counts, ...lists } = body;
    expect(Object.values(lists).every((list) => list.length === 0)).toBe(true);
  });

  it('is the borrower’s alone: staff get 403, no session 401', async () => {
    for (const token of Object.values(staff)) expect((await todo(token)).statusCode).toBe(403);
    expect((await todo()).statusCode).toBe(401);
  });
});
