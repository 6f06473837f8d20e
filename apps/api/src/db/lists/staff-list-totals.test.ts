import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportBodySchema } from '@portal/domain';
import { importLenderData } from '../../modules/lender-data/import-lender-data.ts';
import { MIGRATIONS_FOLDER } from '../../install-paths.ts';
import { pgliteExtensions, queryRows, type Database } from '../client.ts';
import * as schema from '../schema.ts';
import { ALL_ACCOUNTS, compactListCounts } from './counts.ts';

/**
 * Migration 0005 gives a database that already holds units the staff totals (list_counts' rows
 * under ALL_ACCOUNTS), equal to the tables, and its triggers keep them from then on.
 */
const client = new PGlite({ extensions: await pgliteExtensions() });
const db = drizzle(client, { schema }) as unknown as Database;
const tableCountsClient = new PGlite({ extensions: await pgliteExtensions() });
const tableCountsDb = drizzle(tableCountsClient, { schema }) as unknown as Database;
const scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
afterAll(async () => {
  await client.close();
  await tableCountsClient.close();
  await rm(scratch, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`: its files, and a journal that ends before it. */
async function migrationsBefore(tag: string) {
  await cp(MIGRATIONS_FOLDER, scratch, { recursive: true });
  const journalPath = path.join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return scratch;
}

const staffTotals = () =>
  queryRows<{ status: string; kept: number; counted: number }>(
    db,
    sql`select s.status, coalesce(k.n, 0)::int as kept, coalesce(c.n, 0)::int as counted
          from unnest(enum_range(null::approval_status)::text[]) s(status)
          left join (select approval_status::text as status, sum(n) as n from list_counts
                      where list = 'units' and account_key = ${ALL_ACCOUNTS} group by 1) k
            on k.status = s.status
          left join (select approval_status::text as status, count(*) as n from units group by 1) c
            on c.status = s.status
         order by 1`,
  );

describe('migration 0005 (staff list totals)', () => {
  it('fills the totals of a book loaded before it, and keeps them after', async () => {
    await migrate(db as never, {
      migrationsFolder: await migrationsBefore('0005_staff_list_totals'),
    });
    const accounts = ['ACC1', 'ACC2', 'ACC3'];
    await importLenderData(
      db,
      ImportBodySchema.parse({
        accounts: accounts.map((key) => ({ key, name: key, email: `${key}@example.com` })),
        opportunities: accounts.map((key) => ({
          key: `OPP-${key}`,
          accountId: key,
          name: 'Loan',
          sanctionAmount: 1,
          peakExposure: 1,
          currentFace: 1,
        })),
      }),
    );
    // Projects as a database of then holds them: today's import also writes columns added since.
    for (const key of accounts) {
      await db.execute(sql`insert into projects (key, opportunity_key, name)
                            values (${`PRJ-${key}`}, ${`OPP-${key}`}, 'Tower')`);
    }
    await importLenderData(
      db,
      ImportBodySchema.parse({
        units: Array.from({ length: 12 }, (_, i) => ({
          key: `UNIT-${i}`,
          projectKey: `PRJ-${accounts[i % 3]}`,
          name: `Flat ${i}`,
          tower: 'A',
          floor: 1,
          unit: i,
          areaSqft: 1000,
          customerName: 'Asha',
          maxSellingPrice: 1,
          baseSellingPrice: 1,
          totalSaleValue: 1,
          amountToBeReceived: 1,
          selectedNoc: 'Final',
        })),
      }),
    );
    await db.execute(sql`update units set approval_status = 'PENDING_APPROVAL'
                          where key in ('UNIT-1', 'UNIT-2', 'UNIT-4', 'UNIT-7')`);
    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from list_counts where account_key = ${ALL_ACCOUNTS}`,
    );
    expect(before[0]!.n).toBe(0);

    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const filled = await staffTotals();
    expect(filled.find((row) => row.status === 'PENDING_APPROVAL')).toEqual({
      status: 'PENDING_APPROVAL',
      kept: 4,
      counted: 4,
    });
    expect(filled.every((row) => row.kept === row.counted)).toBe(true);

    // From here the triggers keep them: a status change, a move to another account, a delete.
    await db.execute(sql`update units set approval_status = 'APPROVED' where key = 'UNIT-1'`);
    await db.execute(sql`update units set account_key = 'ACC3' where key = 'UNIT-2'`);
    await db.execute(sql`delete from units where key = 'UNIT-4'`);
    const kept = await staffTotals();
    expect(kept.find((row) => row.status === 'PENDING_APPROVAL')!.counted).toBe(2);
    expect(kept.every((row) => row.kept === row.counted)).toBe(true);
  });
});

/** The accounts and loans kept in table_counts beside the tables' own counts. */
const tableTotals = () =>
  queryRows<{ table: string; kept: number; counted: number }>(
    tableCountsDb,
    sql`select t.table, coalesce((select sum(n) from table_counts k where k.table = t.table), 0)::int as kept,
               t.counted::int as counted
          from (select 'accounts' as table, (select count(*) from accounts) as counted
                union all
                select 'opportunities', (select count(*) from opportunities)) t
         order by 1`,
  );

describe('migration 0014 (accounts and loans totals)', () => {
  it('fills the totals of a book loaded before it, and keeps them through imports, deletes and compaction', async () => {
    await migrate(tableCountsDb as never, {
      migrationsFolder: await migrationsBefore('0014_table_count_triggers'),
    });
    const importBook = (keys: string[]) =>
      importLenderData(
        tableCountsDb,
        ImportBodySchema.parse({
          accounts: keys.map((key) => ({ key, name: key, email: `${key}@example.com` })),
          opportunities: keys.flatMap((key) =>
            [1, 2].map((n) => ({
              key: `OPP-${key}-${n}`,
              accountId: key,
              name: 'Loan',
              sanctionAmount: 1,
              peakExposure: 1,
              currentFace: 1,
            })),
          ),
        }),
      );
    await importBook(['ACC1', 'ACC2', 'ACC3']);

    await migrate(tableCountsDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
    expect(await tableTotals()).toEqual([
      { table: 'accounts', kept: 3, counted: 3 },
      { table: 'opportunities', kept: 6, counted: 6 },
    ]);

    await importBook(['ACC2', 'ACC4', 'ACC5']);
    await tableCountsDb.execute(sql`delete from opportunities where account_key = 'ACC5'`);
    await tableCountsDb.execute(sql`delete from accounts where key = 'ACC5'`);
    expect(await tableTotals()).toEqual([
      { table: 'accounts', kept: 4, counted: 4 },
      { table: 'opportunities', kept: 8, counted: 8 },
    ]);

    await compactListCounts(tableCountsDb);
    const rows = await queryRows<{ n: number }>(
      tableCountsDb,
      sql`select count(*)::int as n from table_counts`,
    );
    expect(rows[0]!.n).toBe(2);
    expect((await tableTotals()).every((row) => row.kept === row.counted)).toBe(true);
  });
});
