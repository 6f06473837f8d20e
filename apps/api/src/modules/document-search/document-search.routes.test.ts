import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLATERAL_SLOTS, monthLabel, unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema.ts';
import { download, pdfBytes, uploadDocument } from '../../../test/documents.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';

let t: TestApp;
let a: { token: string; accountKey: string; accountName: string };
let b: string;
let bUserId: string;
const staff: Record<'approver' | 'viewer' | 'admin', string> = {
  approver: '',
  viewer: '',
  admin: '',
};
let unit: { key: string; projectKey: string };
let frequencyKey: string;
let collateralKey: string;
/** A's files, newest upload first, as `kind:fileType`. */
const uploadedByA: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await seedBorrower(t.db);
  a = {
    token: await tokenFor(t.db, owner.user.id),
    accountKey: owner.account.key,
    accountName: owner.account.name,
  };
  const other = await seedBorrower(t.db);
  b = await tokenFor(t.db, other.user.id);
  bUserId = other.user.id;
  for (const role of ['approver', 'viewer', 'admin'] as const)
    staff[role] = await tokenFor(t.db, (await seedStaff(t.db, role)).id);

  unit = (await seedLoans(t.db, a.accountKey, { opportunities: 1, projects: 1, units: 1 }))
    .units[0]!;
  collateralKey = (await seedCollateral(t.db, a.accountKey)).key;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/collaterals/${collateralKey}/frequencies`,
    headers: { authorization: `Bearer ${a.token}` },
    payload: { frequency: 1, month: 3, year: 2025 },
  });
  frequencyKey = added.json().frequency.key;

  // Unit and frequency uploads interleaved, so the newest-first page mixes the two kinds.
  const unitSlots = unitSlotFileTypes('Final');
  for (let i = 0; i < COLLATERAL_SLOTS.length; i++) {
    const upload = async (kind: 'unit' | 'frequency', fileType: string) => {
      const url =
        kind === 'unit' ? `/api/units/${unit.key}/files` : `/api/frequencies/${frequencyKey}/files`;
      const fileName = fileType === 'OTHER' && kind === 'unit' ? '100%_report.pdf' : undefined;
      const { completed } = await uploadDocument(t.app, a.token, url, fileType, {
        ...(fileName ? { fileName } : {}),
      });
      expect(completed?.statusCode).toBe(200);
      uploadedByA.unshift(`${kind}:${fileType}`);
    };
    if (unitSlots[i]) await upload('unit', unitSlots[i]!);
    await upload('frequency', COLLATERAL_SLOTS[i]!);
  }

  const theirs = (
    await seedLoans(t.db, other.account.key, { opportunities: 1, projects: 1, units: 1 })
  ).units[0]!;
  for (const fileType of ['KYC_APPLICANT', 'CUSTOMER_LEDGER'])
    await uploadDocument(t.app, b, `/api/units/${theirs.key}/files`, fileType);
});
afterAll(() => t?.close());

interface Found {
  file: {
    key: string;
    fileType: string;
    fileName: string;
    approvalStatus: string;
    uploadedBy: string | null;
  };
  meta: { presignedUrl: string | null };
  parent: {
    kind: 'unit' | 'frequency';
    key: string;
    label: string;
    accountId: string;
    accountName: string;
    projectKey: string | null;
    collateralKey: string | null;
    approvalStatus: string;
  };
}
async function search(token: string, query = '') {
  const res = await t.app.inject({
    url: `/api/files?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { files: Found[]; meta: { totalRecords: number; count: number } };
  return { ...body, tags: body.files.map((f) => `${f.parent.kind}:${f.file.fileType}`) };
}

describe('GET /api/files', () => {
  it('pages a borrower’s unit and frequency files together, newest upload first', async () => {
    const first = await search(a.token, 'perPage=10&page=1');
    const second = await search(a.token, 'perPage=10&page=2');
    expect(first.meta).toMatchObject({ totalRecords: 16, count: 10 });
    expect(second.meta).toMatchObject({ totalRecords: 16, count: 6 });
    expect([...first.tags, ...second.tags]).toEqual(uploadedByA);
  });

  it('names what each file belongs to, in words, with the keys that open it', async () => {
    const { files } = await search(a.token, 'perPage=50');
    const ledger = files.find(
      (f) => f.parent.kind === 'unit' && f.file.fileType === 'CUSTOMER_LEDGER',
    )!;
    expect(ledger.parent).toEqual({
      kind: 'unit',
      key: unit.key,
      label: 'Project 1 · Tower A · Unit A-101',
      accountId: a.accountKey,
      accountName: a.accountName,
      projectKey: unit.projectKey,
      collateralKey: null,
      approvalStatus: 'NOT_RAISED',
    });
    expect(ledger.file.uploadedBy).toBe(a.accountKey);
    const bank = files.find((f) => f.file.fileType === 'BANK_STATEMENT')!;
    expect(bank.parent).toMatchObject({
      kind: 'frequency',
      key: frequencyKey,
      label: `Receivables of Tower A · Monthly, ${monthLabel(3)} 2025`,
      projectKey: null,
      collateralKey,
    });
    const res = await download(t.app, bank.meta.presignedUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes('BANK_STATEMENT'))).toBe(true);
  });

  it('never shows one borrower another’s files, whatever they search', async () => {
    const theirs = await search(b, 'perPage=50');
    expect(theirs.meta.totalRecords).toBe(2);
    expect(theirs.files.every((f) => f.parent.accountId !== a.accountKey)).toBe(true);
    expect((await search(b, `search=${a.accountKey}`)).meta.totalRecords).toBe(0);
    expect((await search(b, 'search=Receivables')).meta.totalRecords).toBe(0);
    expect((await search(b, 'search=ledger')).meta.totalRecords).toBe(1);
  });

  it('names what a file belongs to, and finds type names, in a Hindi reader’s language', async () => {
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, bUserId));
    try {
      const ledgers = await search(b, `search=${encodeURIComponent('लेजर')}`);
      expect(ledgers.tags).toEqual(['unit:CUSTOMER_LEDGER']);
      expect(ledgers.files[0]!.parent.label).toBe('Project 1 · टावर A · यूनिट A-101');
      expect((await search(b, 'search=ledger')).meta.totalRecords).toBe(1);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, bUserId));
    }
  });

  it('shows staff everyone’s files', async () => {
    for (const token of Object.values(staff)) {
      expect((await search(token, 'perPage=50')).meta.totalRecords).toBe(18);
    }
    expect(
      (await search(staff.viewer, `search=${encodeURIComponent(a.accountName)}`)).meta.totalRecords,
    ).toBe(16);
  });

  it('searches file name, type name and parent, % and _ being themselves', async () => {
    const total = async (query: string) => (await search(staff.admin, query)).meta.totalRecords;
    // Type names: "Customer Ledger" in both workflows (A's unit and frequency, B's unit).
    expect(await total('search=ledger')).toBe(3);
    expect(await total('search=bank%20statements')).toBe(1);
    expect(await total('search=receivables')).toBe(9);
    expect(await total('search=project%201')).toBe(9);
    expect(await total('search=kyc_applicant')).toBe(2);
    expect(await total(`search=${encodeURIComponent('100%_')}`)).toBe(1);
    expect(await total(`search=${encodeURIComponent('%')}`)).toBe(1);
    expect(await total('search=nothing-like-this')).toBe(0);
  });

  it('narrows to one file status', async () => {
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/frequencies/submit',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { keys: [frequencyKey] },
    });
    expect(submitted.statusCode).toBe(200);
    const pending = await search(a.token, 'status=PENDING_APPROVAL&perPage=50');
    expect(pending.meta.totalRecords).toBe(9);
    expect(pending.files.every((f) => f.parent.approvalStatus === 'PENDING_APPROVAL')).toBe(true);
    expect((await search(a.token, 'status=NOT_RAISED')).meta.totalRecords).toBe(7);
    expect(
      (
        await t.app.inject({
          url: '/api/files?status=LOST',
          headers: { authorization: `Bearer ${a.token}` },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/files' })).statusCode).toBe(401);
  });
});
