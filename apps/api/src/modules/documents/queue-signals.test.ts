import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FraudFlag } from '@portal/domain';
import { frequencies, frequencyFiles, unitFiles, units } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';

// What a checker's queue row tells beside its age: how late a monitoring pack came, and how many
// fraud flags its documents carry (staff only). Rows are written straight to the database.

let t: TestApp;
let borrower: string;
let approver: string;
let collateralKey: string;
let unitKey: string;
let latePack: string;
let onTimePack: string;

const edited: FraudFlag = { code: 'EDITED_PDF', detail: 'iLovePDF' };
const reused: FraudFlag = { code: 'REUSED_DOCUMENT', detail: 'ACC999' };

/** A live file (or, with `deletedAt`, a discarded one) with these flags. */
const file = (accountKey: string, fileType: string, flags: FraudFlag[] | null, gone = false) => ({
  accountKey,
  fileType,
  fileName: `${fileType}.pdf`,
  approvalStatus: 'PENDING_APPROVAL' as const,
  completedAt: new Date(),
  deletedAt: gone ? new Date() : null,
  fraudFlags: flags,
});

beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  borrower = await tokenFor(t.db, user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  collateralKey = (await seedCollateral(t.db, account.key)).key;
  const pending = { approvalStatus: 'PENDING_APPROVAL' as const, accountKey: account.key };
  // March 2026's pack was due on 15 April and came on 2 October (India): 170 days late.
  const [late, onTime] = await t.db
    .insert(frequencies)
    .values([
      {
        ...pending,
        collateralKey,
        frequency: 1,
        month: 3,
        year: 2026,
        submittedAt: new Date('2026-10-01T20:00:00Z'),
      },
      {
        ...pending,
        collateralKey,
        frequency: 1,
        month: 4,
        year: 2026,
        submittedAt: new Date('2026-05-15T09:00:00Z'),
      },
    ])
    .returning({ key: frequencies.key });
  latePack = late!.key;
  onTimePack = onTime!.key;
  await t.db.insert(frequencyFiles).values([
    { parentKey: latePack, ...file(account.key, 'SALES_MIS', [edited, reused]) },
    { parentKey: latePack, ...file(account.key, 'GST_DOCUMENT', [edited]) },
    { parentKey: latePack, ...file(account.key, 'TDS_DOCUMENT', null) },
    // A discarded file's flags no longer concern the checker.
    { parentKey: latePack, ...file(account.key, 'OTHER', [edited], true) },
    { parentKey: onTimePack, ...file(account.key, 'SALES_MIS', []) },
  ]);

  const {
    units: [unit],
  } = await seedLoans(t.db, account.key, {
    opportunities: 1,
    projects: 1,
    units: 1,
  });
  unitKey = unit!.key;
  await t.db
    .update(units)
    .set({ approvalStatus: 'PENDING_APPROVAL', submittedAt: new Date() })
    .where(eq(units.key, unitKey));
  await t.db.insert(unitFiles).values([
    { parentKey: unitKey, ...file(account.key, 'KYC_APPLICANT', [reused]) },
    { parentKey: unitKey, ...file(account.key, 'ATS_BBA', [edited, reused], true) },
  ]);
});
afterAll(() => t?.close());

async function get<T>(token: string, url: string): Promise<T> {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

interface QueuePack {
  key: string;
  dueDate: string;
  daysLate: number | null;
  fraudFlagCount: number | null;
  submittedAt: string | null;
}

const packQueue = (token: string) =>
  get<{ monitoringFrequencies: QueuePack[] }>(
    token,
    '/api/collaterals/all/frequencies/all/status/PENDING_APPROVAL/?perPage=50',
  ).then(({ monitoringFrequencies }) => new Map(monitoringFrequencies.map((f) => [f.key, f])));

describe('the collateral checker queue', () => {
  it('tells staff how late each pack came and how many fraud flags its live files carry', async () => {
    const queue = await packQueue(approver);
    expect(queue.get(latePack)).toMatchObject({
      dueDate: '2026-04-15',
      daysLate: 170,
      fraudFlagCount: 3,
      // Nothing the list answered before is lost.
      submittedAt: '2026-10-01T20:00:00.000Z',
    });
    expect(queue.get(onTimePack)).toMatchObject({
      dueDate: '2026-05-15',
      daysLate: 0,
      fraudFlagCount: 0,
    });
  });

  it('tells the borrower the lateness but never the fraud flags', async () => {
    const queue = await packQueue(borrower);
    expect(queue.get(latePack)).toMatchObject({ daysLate: 170, fraudFlagCount: null });
  });

  it('gives a collateral’s own list and a single pack the due date and lateness too', async () => {
    const { frequencies: own } = await get<{ frequencies: QueuePack[] }>(
      approver,
      `/api/collaterals/${collateralKey}/frequencies`,
    );
    expect(own.find((f) => f.key === latePack)).toMatchObject({
      dueDate: '2026-04-15',
      daysLate: 170,
    });
    const { frequency } = await get<{ frequency: QueuePack }>(
      borrower,
      `/api/collaterals/${collateralKey}/frequencies/${latePack}`,
    );
    expect(frequency).toMatchObject({ dueDate: '2026-04-15', daysLate: 170 });
  });
});

describe('the NOC checker queue', () => {
  it('counts the fraud flags of a unit’s live files for staff, and null for its borrower', async () => {
    const url = '/api/projects/all/units/all/status/PENDING_APPROVAL/?perPage=50';
    const unitOf = async (token: string) =>
      (
        await get<{ units: { key: string; fraudFlagCount: number | null }[] }>(token, url)
      ).units.find((u) => u.key === unitKey);
    expect((await unitOf(approver))?.fraudFlagCount).toBe(1);
    expect((await unitOf(borrower))?.fraudFlagCount).toBeNull();
  });
});
