import { eq, sql } from 'drizzle-orm';
import {
  ApprovalStatusSchema,
  unitSlotFileTypes,
  UnitFileTypeSchema,
  type ApprovalStatus,
} from '@portal/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { unitFiles, units } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { seedBorrower, seedLoans } from '../../../test/factories.ts';
import { accountScope } from '../loans/loans.service.ts';
import { getUnit, todoUnitLists } from './units.service.ts';
import { randomFrom } from '../../../test/random.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

it('lists exactly the units the domain’s readiness rule finds ready, and those not raised with a slot empty, newest first', async () => {
  const { user: row, account } = await seedBorrower(handle.db);
  const user = { ...row, sessionId: 'test', language: 'en' as const };
  const loans = await seedLoans(handle.db, account.key, {
    opportunities: 1,
    projects: 2,
    units: 30,
  });
  const random = randomFrom(7);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  /** Not raised with a slot holding no live file, oldest update first. */
  const toUpload: string[] = [];
  for (const [i, { key }] of loans.units.entries()) {
    const noc = pick(['Final', 'Provisional'] as const);
    // Mostly full sets, so that ready and nearly ready units are both common: a slot left empty,
    // a file of the other NOC kind, a file pending or rejected, a file not yet uploaded in full.
    const slots = unitSlotFileTypes(noc).filter(() => random() > 0.05);
    const extra = UnitFileTypeSchema.options.filter(
      (type) => !slots.includes(type) && random() < 0.2,
    );
    const approvalStatus = pick(ApprovalStatusSchema.options);
    await handle.db
      .update(units)
      .set({
        selectedNoc: noc,
        approvalStatus,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })
      .where(eq(units.key, key));
    const files = [...slots, ...extra].map((fileType) => ({
      parentKey: key,
      accountKey: sql`(select account_key from units where key = ${key})`,
      fileType,
      fileName: `${fileType}.pdf`,
      approvalStatus: (random() < 0.8
        ? pick(['NOT_RAISED', 'APPROVED'] as const)
        : pick(ApprovalStatusSchema.options)) as ApprovalStatus,
      completedAt: random() < 0.97 ? new Date() : null,
    }));
    if (files.length) await handle.db.insert(unitFiles).values(files);
    const filled = files.filter(
      (file) => file.completedAt && unitSlotFileTypes(noc).includes(file.fileType),
    ).length;
    if (approvalStatus === 'NOT_RAISED' && filled < unitSlotFileTypes(noc).length)
      toUpload.push(key);
  }

  const scope = accountScope(user);
  const ready: string[] = [];
  for (const { key } of [...loans.units].reverse()) {
    if ((await getUnit(handle.db, user, key)).canSubmit) ready.push(key);
  }
  expect(ready.length).toBeGreaterThan(5);
  expect(ready.length).toBeLessThan(loans.units.length - 5);

  const listed = (await todoUnitLists(handle.db, scope!, 100)).ready;
  expect(listed.units.map((unit) => unit.key)).toEqual(ready);
  expect(listed.total).toBe(ready.length);
  const firstFew = (await todoUnitLists(handle.db, scope!, 3)).ready;
  expect(firstFew.units.map((unit) => unit.key)).toEqual(ready.slice(0, 3));
  expect(firstFew.total).toBe(ready.length);

  const upload = (await todoUnitLists(handle.db, scope!, 100)).toUpload;
  expect(toUpload.length).toBeGreaterThan(2);
  expect(upload.units.map((unit) => unit.key)).toEqual([...toUpload].reverse());
  expect(upload.total).toBe(toUpload.length);
  const firstUploads = (await todoUnitLists(handle.db, scope!, 2)).toUpload;
  expect(firstUploads.units.map((unit) => unit.key)).toEqual([...toUpload].reverse().slice(0, 2));
  expect(firstUploads.total).toBe(toUpload.length);
});
