import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testPostgresUrl } from '../../../test/database.ts';
import { seedStaff, tokenFor } from '../../../test/factories.ts';
import { planOf, recordStatements, type SentStatement } from '../../../test/plans.ts';

/**
 * On a seeded PostgreSQL database, the monitoring calendar's pages — every account's and one's,
 * overdue or all, either order, at any depth — read `monitoring_periods` off its indexes in the
 * calendar's order, and the kept counts off theirs: no Seq Scan of either and no Sort of periods,
 * with PostgreSQL's custom plans and generic ones. (The page's few collaterals may be joined by
 * scanning this small book's.)
 */
const serverUrl = testPostgresUrl();
const COLLATERALS = 2_000;
const now = new Date('2026-06-16T06:00:00Z');

let t: TestApp;
let staff: string;
let borrower: string;
let sent: SentStatement[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  t = await createTestApp({}, { now: () => now });
  const statements = [
    sql`insert into accounts (key, name, email)
        select 'ACC' || i, 'Account ' || i, 'acc' || i || '@example.com' from generate_series(1, 200) i`,
    sql`insert into users (username, email, role, account_key, name)
        values ('ACC7', 'acc7@example.com', 'client', 'ACC7', 'Account 7')`,
    // Monthly (two in three) or quarterly since January 2024, due on any day: the triggers plan
    // their periods.
    sql`insert into collaterals (key, account_key, collateral_name, monitoring_frequency, due_day,
          monitoring_since)
        select 'COL' || i, 'ACC' || (1 + i % 200), 'Collateral ' || i,
          case when i % 3 = 0 then 3 else 1 end, 1 + i % 28, '2024-01-01'
        from generate_series(1, ${COLLATERALS}) i`,
    // Frequency rows for a third of the periods so far, in every status.
    sql`insert into frequencies (collateral_key, account_key, frequency, month, year, approval_status)
        select collateral_key, account_key, frequency, month, year,
          (array['NOT_RAISED', 'PENDING_APPROVAL', 'APPROVED', 'APPROVED', 'REJECTED'])[1 + (year + month) % 5]::approval_status
        from monitoring_periods
        where (year * 12 + month) % 3 = 0 and make_date(year, month, 1) <= '2026-06-01'`,
    sql`vacuum analyze`,
  ];
  for (const statement of statements) await t.db.execute(statement);
  staff = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  const [client] = await queryRows<{ id: string }>(
    t.db,
    sql`select id from users where username = 'ACC7'`,
  );
  borrower = await tokenFor(t.db, client!.id);
  sent = recordStatements(t.db);
}, 300_000);

afterAll(() => t?.close());

/**
 * A statement of the periods themselves; the others add up kept counts, a few hundred rows that
 * may be sorted to be grouped by due date.
 */
const readsPeriods = (statement: SentStatement) => /\bmonitoring_periods\b/.test(statement.text);

/** Each calendar statement of a page's request, planned without a Seq Scan or a Sort. */
async function expectPlansClean(token: string, url: string) {
  sent.length = 0;
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const statements = sent.filter((s) => /monitoring_period/.test(s.text));
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      const bad = (await planOf(t.db, statement, mode)).filter(
        (node) =>
          (node['Node Type'] === 'Sort' && readsPeriods(statement)) ||
          (node['Node Type'] === 'Seq Scan' && node['Relation Name']?.startsWith('monitoring_')),
      );
      expect(
        bad.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`),
        `${url} (${mode}): ${statement.text}`,
      ).toEqual([]);
    }
  }
  return res.json() as { meta: { totalPages: number } };
}

describe.skipIf(!serverUrl)(
  `the monitoring calendar's plans on ${COLLATERALS.toLocaleString('en')} collaterals`,
  () => {
    it('reads every page off the periods’ indexes', async () => {
      for (const [token, base] of [
        [staff, '/api/monitoring/calendar'],
        [borrower, '/api/accounts/ACC7/calendar'],
      ] as const) {
        for (const sort of ['mostOverdueFirst', 'leastOverdueFirst']) {
          for (const overdue of ['false', 'true']) {
            const url = `${base}?perPage=50&sort=${sort}&overdue=${overdue}`;
            const { meta } = await expectPlansClean(token, `${url}&page=1`);
            for (const page of [2, Math.ceil(meta.totalPages / 2), meta.totalPages]) {
              if (page > 1) await expectPlansClean(token, `${url}&page=${page}`);
            }
          }
        }
      }
    }, 300_000);
  },
);
