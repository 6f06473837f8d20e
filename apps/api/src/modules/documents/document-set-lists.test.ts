import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';

/**
 * Every page of the unit and frequency lists — read by number (from the front or, past the
 * middle, from the back) and walked by `next` — is exactly the list a plain ORDER BY gives, with
 * many rows sharing a timestamp, never-submitted rows, and page sizes from 1 to 100.
 */
let t: TestApp;
let owner: string;
let staff: string;
let accountKey: string;
let projectKey: string;
let collateralKey: string;

const STATUSES = ['ALL', 'NOT_RAISED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'] as const;
const SORTS = {
  recentlyUpdatedOnTop: sql`updated_at desc, key desc`,
  recentlyUpdatedOnBottom: sql`updated_at asc, key asc`,
  longestWaitingOnTop: sql`submitted_at asc nulls last, key asc`,
};
type Sort = keyof typeof SORTS;

beforeAll(async () => {
  t = await createTestApp();
  const borrower = await seedBorrower(t.db);
  accountKey = borrower.account.key;
  owner = await tokenFor(t.db, borrower.user.id);
  staff = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  const mine = await seedLoans(t.db, accountKey, { opportunities: 1, projects: 2, units: 20 });
  projectKey = mine.projects[0]!.key;
  const theirs = await seedBorrower(t.db);
  await seedLoans(t.db, theirs.account.key, { opportunities: 1, projects: 1, units: 14 });
  collateralKey = (await seedCollateral(t.db, accountKey)).key;
  const otherCollateral = (await seedCollateral(t.db, theirs.account.key)).key;
  for (const [collateral, account, months] of [
    [collateralKey, accountKey, 26],
    [otherCollateral, theirs.account.key, 6],
  ] as const) {
    await t.db.execute(sql`
      insert into frequencies (collateral_key, account_key, frequency, month, year)
      select ${collateral}, ${account}, 1 + 2 * (i % 2), 1 + i % 12, 2020 + i / 12
      from generate_series(0, ${months - 1}) as i`);
  }
  // Files of every unit and frequency: some discarded, some never completed, few upload times.
  for (const [table, parent] of [
    ['unit_files', 'units'],
    ['frequency_files', 'frequencies'],
  ] as const) {
    await t.db.execute(
      sql.raw(`insert into ${table} (${parent === 'units' ? 'unit_key' : 'frequency_key'},
          account_key, file_type, file_name, approval_status, completed_at, deleted_at, created_at)
        select p.key, p.account_key, (array['OTHER', 'ATS_BBA', 'KYC_APPLICANT'])[i], 'file.pdf',
          (array['NOT_RAISED','PENDING_APPROVAL','APPROVED','REJECTED'])[1 + i % 4]::approval_status,
          case when (abs(hashtext(p.key)) + i) % 7 = 0 then null else now() end,
          case when (abs(hashtext(p.key)) + i) % 5 = 0 then now() end,
          timestamptz '2026-02-01 00:00:00.5+00' - ((abs(hashtext(p.key)) + i) % 4) * interval '1 hour'
        from ${parent} p, generate_series(1, 3) i`),
    );
  }
  // Statuses, few distinct update times (ties broken by key) and some never submitted.
  for (const table of ['units', 'frequencies']) {
    await t.db.execute(
      sql.raw(`update ${table} set
        approval_status = (array['NOT_RAISED','PENDING_APPROVAL','APPROVED','REJECTED'])[1 + abs(hashtext(key)) % 4]::approval_status,
        updated_at = timestamptz '2026-01-01 10:00:00.123456+00' - (abs(hashtext(key || 'u')) % 5) * interval '1 minute',
        submitted_at = case when abs(hashtext(key || 's')) % 3 = 0 then null
          else timestamptz '2026-01-01 09:00:00.000001+00' - (abs(hashtext(key || 's')) % 4) * interval '1 second' end,
        created_at = timestamptz '2025-06-01 00:00:00+00' + (abs(hashtext(key || 'c')) % 3) * interval '1 day'`),
    );
  }
}, 120_000);

afterAll(() => t?.close());

async function get(token: string, url: string) {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown> & {
    meta: { page: number; totalPages: number; totalRecords: number; next: string | null };
  };
}

async function expected(table: string, where: SQL, order: SQL) {
  const rows = await queryRows<{ key: string }>(
    t.db,
    sql`select key from ${sql.raw(table)} where ${where} order by ${order}`,
  );
  return rows.map((r) => r.key);
}

/** Reads the list page by page by number, and again walking `next`; both must equal `want`. */
async function expectList(
  token: string,
  base: string,
  itemsKey: string,
  want: string[],
  keyOf: (item: Record<string, unknown>) => string = (item) => item.key as string,
  perPages = [1, 7, 100],
) {
  for (const perPage of perPages) {
    const joiner = base.includes('?') ? '&' : '?';
    const url = (query: string) => `${base}${joiner}perPage=${perPage}&${query}`;
    const first = await get(token, url('page=1'));
    expect(first.meta.totalRecords, `${base} total`).toBe(want.length);
    expect(first.meta.totalPages).toBe(Math.ceil(want.length / perPage));
    const keysOf = (answer: Record<string, unknown>) =>
      (answer[itemsKey] as Record<string, unknown>[]).map(keyOf);

    // One a page is walked by `next` only: crossing every pair of neighbours is the cursor's
    // work, and reading by number (from the front, and from the back past the middle) is proved
    // by the larger pages' offsets.
    if (perPage > 1) {
      const byNumber: string[] = [];
      for (let page = 1; page <= first.meta.totalPages; page++) {
        byNumber.push(...keysOf(await get(token, url(`page=${page}`))));
      }
      expect(byNumber, `${base} by page number, ${perPage} a page`).toEqual(want);
    }

    const walked = keysOf(first);
    let next = first.meta.next;
    let page = 1;
    while (next) {
      const answer = await get(token, url(`next=${encodeURIComponent(next)}`));
      expect(answer.meta.page).toBe(++page);
      walked.push(...keysOf(answer));
      next = answer.meta.next;
    }
    expect(walked, `${base} walked by next, ${perPage} a page`).toEqual(want);
    if (want.length === 0) continue;
    const beyond = await get(token, url(`page=${first.meta.totalPages + 1}`));
    expect(keysOf(beyond)).toEqual([]);
    expect(beyond.meta.next).toBeNull();
  }
}

const statusWhere = (status: (typeof STATUSES)[number]) =>
  status === 'ALL' ? sql`true` : sql`approval_status = ${status}`;

/** The checker lists: each table's status path and the answer's key for its items. */
const CHECKER_LISTS = [
  { table: 'units', path: '/api/projects/all/units/all/status', items: 'units' },
  {
    table: 'frequencies',
    path: '/api/collaterals/all/frequencies/all/status',
    items: 'monitoringFrequencies',
  },
] as const;

describe('the checker lists', () => {
  const cases = CHECKER_LISTS.flatMap((list) =>
    (Object.keys(SORTS) as Sort[]).map((sort) => ({ ...list, sort })),
  );
  it.each(cases)(
    'page $table by every status, $sort, for staff and borrower',
    async ({ table, path, items, sort }) => {
      for (const status of STATUSES) {
        const url = `${path}/${status}/?sort=${sort}`;
        const where = statusWhere(status);
        // One a page crosses every pair of neighbours: done on the whole list; a status's list,
        // read off its own index, is crossed every third row.
        const perPages = status === 'ALL' ? [1, 7, 100] : [3, 100];
        const want = await expected(table, where, SORTS[sort]);
        await expectList(staff, url, items, want, undefined, perPages);
        await expectList(
          owner,
          url,
          items,
          await expected(table, sql`${where} and account_key = ${accountKey}`, SORTS[sort]),
          undefined,
          perPages,
        );
      }
    },
    120_000,
  );
});

describe('the unit lists', () => {
  it('pages a project’s units by key, and by status and sort as the listing asks', async () => {
    const inProject = sql`project_key = ${projectKey}`;
    await expectList(
      owner,
      `/api/projects/${projectKey}/units`,
      'units',
      await expected('units', inProject, sql`key asc`),
    );
    await expectList(
      owner,
      `/api/projects/${projectKey}/units?status=REJECTED`,
      'units',
      await expected('units', sql`${inProject} and approval_status = 'REJECTED'`, sql`key asc`),
    );
    await expectList(
      owner,
      `/api/projects/${projectKey}/units?status=PENDING_APPROVAL&sort=longestWaitingOnTop`,
      'units',
      await expected(
        'units',
        sql`${inProject} and approval_status = 'PENDING_APPROVAL'`,
        SORTS.longestWaitingOnTop,
      ),
    );
  }, 120_000);

  it('refuses a cursor of another list, sort or filter, and one that was tampered with', async () => {
    const list = await get(staff, '/api/projects/all/units/all/status/ALL/?perPage=5');
    const next = list.meta.next!;
    for (const url of [
      `/api/projects/all/units/all/status/APPROVED/?perPage=5&next=${next}`,
      `/api/projects/all/units/all/status/ALL/?sort=longestWaitingOnTop&perPage=5&next=${next}`,
      `/api/collaterals/all/frequencies/all/status/ALL/?perPage=5&next=${next}`,
      `/api/projects/all/units/all/status/ALL/?perPage=5&next=${next.slice(0, -3)}`,
      `/api/projects/all/units/all/status/ALL/?perPage=5&next=%7B%7D`,
    ]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${staff}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toMatch(/^next: /);
    }
  });

  it('refuses page sizes outside 1–100 with the field named', async () => {
    for (const perPage of ['0', '101', 'ten']) {
      const res = await t.app.inject({
        url: `/api/projects/all/units/all/status/ALL/?perPage=${perPage}`,
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/perPage/);
    }
  });
});

describe('the frequency lists', () => {
  it('pages a collateral’s frequencies by each sort column, both ways', async () => {
    // One a page crosses every pair of neighbours: by key, the order every other column falls
    // back on; by the other columns every third boundary, as the status lists are proved.

    const columns = {
      key: sql``,
      approvalStatus: sql`approval_status`,
      frequency: sql`frequency`,
      month: sql`month`,
      year: sql`year`,
    };
    for (const [column, expr] of Object.entries(columns)) {
      for (const [sortOrder, direction] of [
        ['topDown', sql`asc`],
        ['bottomUp', sql`desc`],
      ] as const) {
        const lead = column === 'key' ? sql`` : sql`${expr} ${direction}, `;
        await expectList(
          owner,
          `/api/collaterals/${collateralKey}/frequencies?sortColumn=${column}&sortOrder=${sortOrder}`,
          'frequencies',
          await expected(
            'frequencies',
            sql`collateral_key = ${collateralKey}`,
            sql`${lead}created_at ${direction}, key ${direction}`,
          ),
          undefined,
          column === 'key' ? [1, 100] : [3, 100],
        );
      }
    }
  }, 120_000);
});

describe('the files screen', () => {
  it('pages live files of both kinds newest first, for staff and borrower, any status or one', async () => {
    const liveFiles = (where: SQL) =>
      queryRows<{ key: string }>(
        t.db,
        sql`select key from (
              select key, created_at, account_key, approval_status, completed_at, deleted_at
                from unit_files
              union all
              select key, created_at, account_key, approval_status, completed_at, deleted_at
                from frequency_files) f
            where completed_at is not null and deleted_at is null and ${where}
            order by created_at desc, key desc`,
      ).then((rows) => rows.map((r) => r.key));
    const fileKey = (item: Record<string, unknown>) => (item.file as { key: string }).key;
    for (const status of [undefined, 'REJECTED'] as const) {
      const query = status ? `?status=${status}` : '';
      const byStatus = status ? sql`approval_status = ${status}` : sql`true`;
      const perPages = [13, 100];
      await expectList(
        staff,
        `/api/files${query}`,
        'files',
        await liveFiles(byStatus),
        fileKey,
        perPages,
      );
      await expectList(
        owner,
        `/api/files${query}`,
        'files',
        await liveFiles(sql`${byStatus} and account_key = ${accountKey}`),
        fileKey,
        perPages,
      );
    }
  }, 120_000);
});
