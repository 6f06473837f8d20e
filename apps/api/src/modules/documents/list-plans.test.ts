import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SEARCH_MATCHES_COUNTED } from '@portal/domain';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testPostgresUrl } from '../../../test/database.ts';
import {
  planOf,
  recordStatements,
  type PlanNode,
  type SentStatement,
} from '../../../test/plans.ts';
import { seedStaff, tokenFor } from '../../../test/factories.ts';

/**
 * On a seeded PostgreSQL database, every statement a list call sends is planned without a Seq
 * Scan or a Sort — whichever page, order, status or scope, read by number or walked by cursor,
 * and whether PostgreSQL plans the prepared statement for its values or reuses a generic plan.
 */
const serverUrl = testPostgresUrl();
const UNITS = 40_000;

let t: TestApp;
let staff: string;
let borrower: string;
let captured: SentStatement[] = [];

/** Lender data in bulk (as `npm run seed:large` does, smaller): accounts to files, then statistics. */
async function seed(db: TestApp['db']) {
  const statements = [
    sql`insert into accounts (key, name, email)
        select 'ACC' || i, 'Account ' || i, 'acc' || i || '@example.com' from generate_series(1, 400) i`,
    sql`insert into users (username, email, role, account_key, name)
        select 'ACC' || i, 'acc' || i || '@example.com', 'client', 'ACC' || i, 'Account ' || i
        from generate_series(1, 400) i`,
    sql`insert into opportunities (key, account_key, name, sanction_amount, peak_exposure, current_face)
        select 'OPP' || i, 'ACC' || (1 + i % 400), 'Loan ' || i, 1000000, 500000, 250000
        from generate_series(1, 800) i`,
    sql`insert into projects (key, opportunity_key, name)
        select 'PRJ' || i, 'OPP' || (1 + i % 800), 'Project ' || i from generate_series(1, 4000) i`,
    // Every eighth unit is in one big project (PRJ8), the rest spread over the others.
    sql`insert into units (key, project_key, account_key, name, tower, floor, unit, area_sqft,
          customer_name, max_selling_price, base_selling_price, total_sale_value,
          amount_to_be_received, selected_noc, approval_status, updated_at, submitted_at)
        select 'U' || i, 'PRJ' || p, 'ACC' || (1 + (1 + p % 800) % 400),
          'Flat ' || i, 'T' || (i % 5), (i % 30)::text, 'A-' || i, 1000, 'Customer ' || i,
          9500000, 9000000, 9900000, 350000, 'Final',
          (case when i % 10 = 0 then 'PENDING_APPROVAL' when i % 10 < 4 then 'APPROVED'
                when i % 10 < 6 then 'REJECTED' else 'NOT_RAISED' end)::approval_status,
          now() - (i % 100000) * interval '5 minutes',
          case when i % 10 < 6 then now() - (i % 77777) * interval '7 minutes' end
        from generate_series(1, ${UNITS}) i,
          lateral (select case when i % 8 = 0 then 8 else 1 + i % 4000 end as p) project`,
    sql`insert into unit_files (unit_key, account_key, file_type, file_name, approval_status,
          completed_at, created_at, created_by)
        select units.key, units.account_key, t.file_type, t.file_type || '.pdf',
          units.approval_status, now(), units.updated_at - interval '1 hour', users.id
        from units join users on users.account_key = units.account_key,
          unnest(array['SHORTFALL_INFUSION_PROOF','NOC_REQUEST_FINAL','KYC_CO_APPLICANT',
            'CUSTOMER_LEDGER','KYC_APPLICANT','ATS_BBA','OTHER']) as t(file_type)`,
    sql`insert into collaterals (key, account_key, collateral_name)
        select 'COL' || i, 'ACC' || (1 + i % 400), 'Collateral ' || i from generate_series(1, 800) i`,
    // Every eighth frequency is one collateral's (COL8), one a month back through the years.
    sql`insert into frequencies (collateral_key, account_key, frequency, month, year,
          approval_status, updated_at, submitted_at, created_at)
        select 'COL' || c, 'ACC' || (1 + c % 400), 1, m, y,
          (case when i % 10 = 0 then 'PENDING_APPROVAL' else 'APPROVED' end)::approval_status,
          now() - i * interval '3 minutes', now() - i * interval '4 minutes',
          now() - i * interval '2 minutes'
        from generate_series(0, ${UNITS - 1}) i,
          lateral (select case when i % 8 = 0 then 8 else 1 + i % 800 end as c,
            case when i % 8 = 0 then 1 + (i / 8) % 12 else 1 + (i / 800) % 12 end as m,
            case when i % 8 = 0 then 1000 + i / 96 else 2000 + i / 9600 end as y) period`,
    sql`insert into frequency_files (frequency_key, account_key, file_type, file_name,
          approval_status, completed_at, created_at)
        select key, account_key, 'SALES_MIS', 'sales.xlsx', approval_status, now(), updated_at
        from frequencies`,
    // Uploads the scanner blocked: never completed, so on no list but the admins' quarantine.
    sql`insert into unit_files (unit_key, account_key, file_type, file_name, scan_result,
          quarantined_at, created_at)
        select key, account_key, 'OTHER', 'infected.pdf', 'Eicar-Signature',
          now() - (row_number() over (order by key)) * interval '9 minutes', now()
        from units where key like '%7'`,
    sql`insert into frequency_files (frequency_key, account_key, file_type, file_name, scan_result,
          quarantined_at, created_at)
        select key, account_key, 'OTHER', 'infected.pdf', 'Eicar-Signature',
          now() - (row_number() over (order by key)) * interval '11 minutes', now()
        from frequencies where month = 3 and year = 2001`,
    sql`vacuum analyze`,
  ];
  for (const statement of statements) await db.execute(statement);
}

beforeAll(async () => {
  if (!serverUrl) return;
  t = await createTestApp();
  await seed(t.db);
  staff = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  const [client] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from users where username = 'ACC7'`,
  );
  borrower = await tokenFor(t.db, client!.id);
  // Every statement the app sends from here on is captured, to be explained below.
  captured = recordStatements(t.db);
}, 300_000);

afterAll(() => t?.close());

/**
 * The ALL total adds up every kept count of its list: all of those rows, read in one pass; a
 * whole table's kept count (table_counts) is a few rows too.
 */
const addsUpAllCounts = (text: string, node: PlanNode) =>
  (node['Relation Name'] === 'list_counts' && !text.includes('approval_status')) ||
  node['Relation Name'] === 'table_counts';

const PLAN_MODES = ['force_custom_plan', 'force_generic_plan'];

async function expectPlansClean(token: string, url: string, modes = PLAN_MODES) {
  captured.length = 0;
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  // The session lookup is by its unique token hash; here the few sessions make a scan cheaper.
  const statements = captured.filter(
    (s) => /^\s*(select|with)/i.test(s.text) && !/from "sessions"/.test(s.text),
  );
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    for (const mode of modes) {
      const bad = (await planOf(t.db, statement, mode)).filter(
        (node) =>
          node['Node Type'] === 'Sort' ||
          (node['Node Type'] === 'Seq Scan' && !addsUpAllCounts(statement.text, node)),
      );
      expect(
        bad.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`),
        `${url} (${mode}): ${statement.text}`,
      ).toEqual([]);
    }
  }
  return res.json() as { meta: { totalPages: number; next: string | null } };
}

/** The first, second, hundredth, middle and last pages, and the page after the first's cursor. */
async function expectEveryDepthClean(token: string, url: string, modes = PLAN_MODES) {
  const first = await expectPlansClean(token, `${url}&page=1`);
  const pages = first.meta.totalPages;
  for (const page of [2, 100, Math.ceil(pages / 2), pages]) {
    if (page >= 1 && page <= pages) await expectPlansClean(token, `${url}&page=${page}`, modes);
  }
  if (first.meta.next) {
    await expectPlansClean(token, `${url}&next=${encodeURIComponent(first.meta.next)}`, modes);
  }
}

describe.skipIf(!serverUrl)(`list plans on ${UNITS.toLocaleString('en')} units`, () => {
  const sorts = ['recentlyUpdatedOnTop', 'recentlyUpdatedOnBottom', 'longestWaitingOnTop'];

  it.each(['units', 'frequencies'])(
    'reads the %s checker lists off an index at any depth',
    async (list) => {
      const base =
        list === 'units'
          ? '/api/projects/all/units/all/status'
          : '/api/collaterals/all/frequencies/all/status';
      for (const token of [staff, borrower]) {
        for (const status of ['PENDING_APPROVAL', 'ALL']) {
          for (const sort of sorts) {
            await expectEveryDepthClean(token, `${base}/${status}/?sort=${sort}&perPage=50`);
          }
        }
      }
    },
    300_000,
  );

  it('reads a project’s units and a collateral’s frequencies off an index', async () => {
    for (const query of ['', '?status=APPROVED', '?status=ALL&sort=longestWaitingOnTop&page=2']) {
      await expectPlansClean(staff, `/api/projects/PRJ8/units${query}`);
    }
    for (const column of ['key', 'approvalStatus', 'frequency', 'month', 'year']) {
      await expectPlansClean(
        staff,
        `/api/collaterals/COL8/frequencies?sortColumn=${column}&sortOrder=bottomUp`,
      );
    }
  }, 120_000);

  it('reads the staff accounts and loans lists off their keys at any depth', async () => {
    // Short lists paged by number from the start: planned for a deep page's offset, a scan and a
    // top-N sort of a few hundred rows costs less than the index; the product's connections
    // reuse the generic plan (../../db/client.ts), which walks the key's index at every depth.
    for (const url of ['/api/accounts?perPage=50', '/api/opportunities?perPage=50']) {
      await expectEveryDepthClean(staff, url, ['force_generic_plan']);
    }
  }, 120_000);

  it('merges both tables’ quarantined uploads off their indexes at any depth', async () => {
    const admin = await tokenFor(t.db, (await seedStaff(t.db, 'admin')).id);
    await expectEveryDepthClean(admin, '/api/admin/quarantine?perPage=50');
    // Page after page, the merge gives both tables' uploads once each, in the plain query's order.
    const expected = await queryRows<{ key: string }>(
      t.db,
      sql`select key from (select key, quarantined_at from unit_files where quarantined_at is not null
             union all select key, quarantined_at from frequency_files where quarantined_at is not null) q
           order by quarantined_at desc, key desc`,
    );
    const listed: string[] = [];
    for (let page = 1; listed.length < expected.length + 1; page++) {
      const res = await t.app.inject({
        url: `/api/admin/quarantine?perPage=100&page=${page}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      const body = res.json() as { files: { key: string }[]; meta: { totalRecords: number } };
      expect(body.meta.totalRecords).toBe(expected.length);
      if (body.files.length === 0) break;
      listed.push(...body.files.map((file) => file.key));
    }
    expect(listed).toEqual(expected.map((row) => row.key));
  }, 120_000);

  it('reads the files screen off both tables’ live-file indexes at any depth', async () => {
    for (const token of [staff, borrower]) {
      for (const status of ['', '&status=PENDING_APPROVAL']) {
        await expectEveryDepthClean(token, `/api/files?perPage=50${status}`);
      }
    }
  }, 300_000);
});

/**
 * What the files screen's search must find, newest upload first: a live file whose name, type,
 * unit, project, loan, collateral or account contains the term — written the plain way, joining
 * every file to its owners, which reads every file.
 */
async function filesContaining(term: string, account: string | null) {
  const anyContains = (columns: string[]) =>
    sql.raw(`(${columns.map((column) => `${column} ilike wanted.pattern`).join(' or ')})`);
  const rows = await queryRows<{ key: string; created_at: string }>(
    t.db,
    sql`with wanted as (select ${`%${term}%`}::text as pattern, ${account}::text as account)
        select f.key, f.created_at from wanted, unit_files f
          join units u on u.key = f.unit_key join projects p on p.key = u.project_key
          join opportunities o on o.key = p.opportunity_key join accounts a on a.key = o.account_key
         where f.completed_at is not null and f.deleted_at is null
           and (wanted.account is null or a.key = wanted.account)
           and ${anyContains(['f.file_name', 'a.key', 'a.name', 'o.name', 'p.name', 'u.tower', 'u.unit'])}
        union all
        select f.key, f.created_at from wanted, frequency_files f
          join frequencies q on q.key = f.frequency_key
          join collaterals c on c.key = q.collateral_key join accounts a on a.key = c.account_key
         where f.completed_at is not null and f.deleted_at is null
           and (wanted.account is null or a.key = wanted.account)
           and ${anyContains(['f.file_name', 'a.key', 'a.name', 'c.collateral_name'])}
        order by created_at desc, key desc`,
  );
  return rows.map((row) => row.key);
}

describe.skipIf(!serverUrl)('the files screen’s search', () => {
  // An account key, a loan, a unit, a collateral, file names (which here hold the type too).
  const terms = ['ACC12', 'Loan 77', 'A-1234', 'Collateral 8', 'infusion', 'sales'];
  const bigTables = ['units', 'unit_files', 'frequencies', 'frequency_files'];

  it('finds each file once, by name, owner or account, as the plain join does', async () => {
    for (const [token, account] of [
      [staff, null],
      [borrower, 'ACC7'],
    ] as const) {
      for (const term of terms) {
        const found: string[] = [];
        for (let page = 1; ; page++) {
          const res = await t.app.inject({
            url: `/api/files?search=${encodeURIComponent(term)}&perPage=100&page=${page}`,
            headers: { authorization: `Bearer ${token}` },
          });
          const body = res.json() as {
            files: { file: { key: string } }[];
            meta: { totalRecords: number; totalPages: number; moreThanTotal?: boolean };
          };
          found.push(...body.files.map((entry) => entry.file.key));
          // Deep pages of a broad term are not walked here; its total still must agree, counted
          // up to SEARCH_MATCHES_COUNTED.
          if (page >= body.meta.totalPages || page === 5) {
            const expected = await filesContaining(term, account);
            const label = `${term} for ${account ?? 'staff'}`;
            expect(body.meta.totalRecords, label).toBe(
              Math.min(expected.length, SEARCH_MATCHES_COUNTED),
            );
            expect(body.meta.moreThanTotal ?? false, label).toBe(
              expected.length > SEARCH_MATCHES_COUNTED,
            );
            expect(found, label).toEqual(expected.slice(0, found.length));
            if (page === body.meta.totalPages) {
              expect(found.length, label).toBe(Math.min(expected.length, SEARCH_MATCHES_COUNTED));
            }
            break;
          }
        }
      }
    }
  }, 300_000);

  it('reads a file name off its trigram index, never scanning a big table', async () => {
    const used = new Set<string>();
    // A search's count runs in a transaction of its own, on a connection it holds: caught per
    // connection.
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
      captured.push({
        text: typeof config === 'string' ? config : config.text,
        values: (values as unknown[]) ?? (typeof config === 'string' ? [] : config.values) ?? [],
      });
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    onTestFinished(() => {
      pg.Client.prototype.query = query;
    });
    // Not "sales": every frequency file here is named so, and then reading the table is right.
    for (const term of terms.filter((term) => term !== 'sales')) {
      captured.length = 0;
      const res = await t.app.inject({
        url: `/api/files?search=${encodeURIComponent(term)}&perPage=50`,
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The page runs on the pool (seen by both catchers), the count in a transaction of its own.
      const statements = [
        ...new Map(
          captured
            .filter((s) => /\bwith named_accounts as/i.test(s.text))
            .map((s) => [JSON.stringify(s), s]),
        ).values(),
      ];
      expect(statements).toHaveLength(2);
      for (const statement of statements) {
        // Each as the product plans it: the page once per connection (generic), the count per term.
        const page = statement.text.includes('units_broad');
        const nodes = await planOf(
          t.db,
          statement,
          page ? 'force_generic_plan' : 'force_custom_plan',
        );
        for (const node of nodes) if (node['Index Name']) used.add(node['Index Name']);
        expect(
          nodes
            .filter((node) => node['Node Type'] === 'Seq Scan')
            .map((node) => node['Relation Name'])
            .filter((relation) => bigTables.includes(relation ?? '')),
          `${term}: ${statement.text}`,
        ).toEqual([]);
      }
    }
    expect([...used]).toEqual(
      expect.arrayContaining(['unit_files_live_name_idx', 'frequency_files_live_name_idx']),
    );
  }, 120_000);
});
