import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSetKind } from '@portal/domain';
import { queryRows } from '../../db/client.ts';
import { ALL_ACCOUNTS, compactListCounts } from '../../db/lists/index.ts';
import { importLenderData } from '../lender-data/import-lender-data.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  DOCUMENT_SET_KINDS,
  documentSetWorld,
  type DocumentSetRef,
  type DocumentSetWorld,
} from '../../../test/document-sets.ts';
import { reviewAll, uploadDocument } from '../../../test/documents.ts';
import { isFullSize } from '../../../test/fuzz-settings.ts';
import { randomFrom } from '../../../test/random.ts';

/**
 * The kept counts (list_counts) that list totals come from equal COUNT(*) of units, frequencies
 * and live files per account and status after a randomized run of the whole workflow — uploads,
 * replacements, discards, submits (50 at once), reviews, finalising, reopening — the lender
 * moving a project, a loan and a collateral to another account, and compactions beside changes.
 */
let t: TestApp;
let worlds: DocumentSetWorld[];

beforeAll(async () => {
  t = await createTestApp();
  // Every set the run starts from is made through the API too: each step of the workflow is
  // a change the triggers must count.
  const through = { through: 'api' } as const;
  worlds = [await documentSetWorld(t, through), await documentSetWorld(t, through)];
}, 60_000);

afterAll(() => t?.close());

/** Sets the run starts with, in random states: a dozen on every run, two dozen at full size. */
const SETS = isFullSize() ? 24 : 12;

/** Each table's rows per list, account and status, as `rows` (a subquery) has them. */
const perAccount = (
  rows: SQL,
) => sql`select list, account, status, sum(n)::int as n from (${rows}) r
  group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`;

/** The same summed over accounts, under list_counts' key for every account (staff totals). */
const everyAccount = (rows: SQL) => sql`select list, ${ALL_ACCOUNTS} as account, status,
  sum(n)::int as n from (${rows}) r group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`;

/** Both the accounts' kept counts and the staff totals equal COUNT(*) of the tables. */
async function expectCountsExact() {
  const kept = (account: SQL) => sql`select list, account_key as account,
    approval_status::text as status, n from list_counts where ${account}`;
  const counted = sql`
    select 'units' as list, account_key as account, approval_status::text as status, 1 as n
      from units
    union all
    select 'frequencies', account_key, approval_status::text, 1 from frequencies
    union all
    select 'unit_files', account_key, approval_status::text, 1 from unit_files
      where completed_at is not null and deleted_at is null
    union all
    select 'frequency_files', account_key, approval_status::text, 1 from frequency_files
      where completed_at is not null and deleted_at is null`;
  type Count = { list: string; account: string; status: string; n: number };
  expect(
    await queryRows<Count>(t.db, perAccount(kept(sql`account_key <> ${ALL_ACCOUNTS}`))),
  ).toEqual(await queryRows<Count>(t.db, perAccount(counted)));
  const staffTotals = await queryRows<Count>(
    t.db,
    everyAccount(kept(sql`account_key = ${ALL_ACCOUNTS}`)),
  );
  expect(staffTotals).toEqual(await queryRows<Count>(t.db, everyAccount(counted)));
  expect(staffTotals.length).toBeGreaterThan(0);
}

describe('the kept list counts', () => {
  it('equal COUNT(*) after a randomized workflow run', async () => {
    const next = randomFrom(20261124);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const sets: { world: DocumentSetWorld; set: DocumentSetRef }[] = [];

    for (let step = 0; step < SETS; step++) {
      const world = pick(worlds);
      const kind: DocumentSetKind = pick(DOCUMENT_SET_KINDS);
      const made = pick(['empty', 'filled', 'reviewed', 'rejected', 'approved'] as const);
      if (made === 'empty') sets.push({ world, set: await world.emptySet(kind) });
      else if (made === 'filled') sets.push({ world, set: await world.filledSet(kind) });
      else if (made === 'rejected') {
        sets.push({ world, set: await world.rejectedSet(kind, 'OTHER') });
      } else {
        const outcome = next() < 0.5 ? 'APPROVED' : 'REJECTED';
        const set = await world.reviewedSet(kind, () => outcome);
        if (made === 'approved') await world.setStatus(set, world.approver.token, outcome);
        sets.push({ world, set });
      }
    }
    await expectCountsExact();

    // Borrowers discard a file of some sets, and replace a rejected file of others.
    for (const { world, set } of sets) {
      const status = await world.statusOf(set);
      const files = await world.filesOf(set);
      if (status === 'NOT_RAISED' && files.length > 0 && next() < 0.3) {
        const res = await world.call(
          world.owner.token,
          'DELETE',
          `${set.filesUrl}/${files[0]!.key}`,
        );
        expect(res.statusCode).toBe(204);
      }
      const rejected = files.find((f) => f.approvalStatus === 'REJECTED');
      if (status === 'REJECTED' && rejected) {
        const { completed } = await uploadDocument(
          t.app,
          world.owner.token,
          set.filesUrl,
          rejected.fileType,
          { replaces: rejected.key },
        );
        expect(completed?.statusCode).toBe(200);
      }
    }
    await expectCountsExact();

    // 50 requests at once: every filled set submitted several times over; one of each wins.
    const filled: typeof sets = [];
    for (const { world, set } of sets) {
      if ((await world.statusOf(set)) === 'NOT_RAISED' && (await world.filesOf(set)).length > 0)
        filled.push({ world, set });
    }
    expect(filled.length).toBeGreaterThan(0);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const { world, set } = filled[i % filled.length]!;
        return world.call(world.owner.token, 'PUT', set.url, {
          approvalStatus: 'PENDING_APPROVAL',
        });
      }),
    );
    await expectCountsExact();

    // Checkers work the pending ones; finalise, reopen an approved frequency, resubmit.
    for (const { world, set } of sets) {
      const status = await world.statusOf(set);
      if (status === 'PENDING_APPROVAL') {
        await reviewAll(t.app, world.approver.token, set.filesUrl, () =>
          next() < 0.7 ? 'APPROVED' : 'REJECTED',
        );
        const files = await world.filesOf(set);
        const outcome = files.some((f) => f.approvalStatus === 'REJECTED')
          ? 'REJECTED'
          : 'APPROVED';
        await world.setStatus(set, world.approver.token, outcome);
      } else if (status === 'APPROVED' && set.kind === 'frequency') {
        await world.setStatus(set, world.owner.token, 'NOT_RAISED');
      }
    }
    await expectCountsExact();

    // The lender moves the first world's loan and collateral to the second world's account.
    const [from, to] = await queryRows<{ key: string }>(
      t.db,
      sql`select distinct account_key as key from units order by 1`,
    );
    const loans = await queryRows<{ key: string; name: string }>(
      t.db,
      sql`select key, name from opportunities where account_key = ${from!.key}`,
    );
    const collaterals = await queryRows<{ key: string; name: string }>(
      t.db,
      sql`select key, collateral_name as name from collaterals where account_key = ${from!.key}`,
    );
    await importLenderData(t.db, {
      opportunities: loans.map((loan) => ({
        key: loan.key,
        accountId: to!.key,
        name: loan.name,
        sanctionAmount: '1',
        peakExposure: '1',
        currentFace: '1',
      })),
      collaterals: collaterals.map((c) => ({
        key: c.key,
        accountId: to!.key,
        collateralName: c.name,
      })),
    });
    const moved = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from units where account_key = ${from!.key}`,
    );
    expect(moved[0]!.n).toBe(0);
    await expectCountsExact();

    // And a project back to a loan of the first account.
    await importLenderData(t.db, {
      opportunities: [
        {
          key: 'OPP-BACK',
          accountId: from!.key,
          name: 'Moved back',
          sanctionAmount: '1',
          peakExposure: '1',
          currentFace: '1',
        },
      ],
    });
    const [project] = await queryRows<{ key: string; name: string }>(
      t.db,
      sql`select key, name from projects order by key limit 1`,
    );
    await importLenderData(t.db, {
      projects: [{ key: project!.key, opportunityKey: 'OPP-BACK', name: project!.name }],
    });
    await expectCountsExact();

    // Compacting, also while changes and another compaction run, keeps every sum and leaves
    // one row per list, account and status.
    const rowsBefore = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from list_counts`,
    );
    await Promise.all([
      compactListCounts(t.db),
      compactListCounts(t.db),
      ...filled
        .slice(0, 5)
        .map(({ world, set }) =>
          world.call(world.owner.token, 'PUT', set.url, { approvalStatus: 'PENDING_APPROVAL' }),
        ),
    ]);
    await expectCountsExact();
    await compactListCounts(t.db);
    await expectCountsExact();
    const [groups] = await queryRows<{ rows: number; groups: number }>(
      t.db,
      sql`select count(*)::int as rows,
            count(distinct (list, account_key, approval_status))::int as groups from list_counts`,
    );
    expect(groups!.rows).toBe(groups!.groups);
    expect(groups!.rows).toBeLessThan(rowsBefore[0]!.n);
  }, 240_000);
});
