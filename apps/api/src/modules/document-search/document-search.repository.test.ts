import { eq, inArray, sql } from 'drizzle-orm';
import {
  ApprovalStatusSchema,
  CollateralFileTypeSchema,
  SEARCH_MATCHES_COUNTED,
  UnitFileTypeSchema,
  type ApprovalStatus,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import {
  accounts,
  frequencies,
  frequencyFiles,
  opportunities,
  projects,
  unitFiles,
  units,
} from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { seedBorrower, seedCollateral, seedLoans } from '../../../test/factories.ts';
import {
  documentSearchRepository as repo,
  type DocumentFilter,
} from './document-search.repository.ts';
import { randomFrom } from '../../../test/random.ts';

/** A live or not file with everything a search looks at: its own name and type, its parent's and account's names. */
interface BookFile {
  kind: 'unit' | 'frequency';
  key: string;
  /** Seconds since 1970. */
  createdAt: number;
  accountKey: string;
  approvalStatus: ApprovalStatus;
  fileType: string;
  live: boolean;
  searchedText: string[];
}

let handle: DatabaseHandle;
let book: BookFile[];
let accountA: string;
let accountB: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  const random = randomFrom(11);
  const a = await seedBorrower(db);
  const b = await seedBorrower(db);
  accountA = a.account.key;
  accountB = b.account.key;
  await db
    .update(accounts)
    .set({ name: 'Skyline Builders' })
    .where(eq(accounts.key, b.account.key));

  // A's units: the search "Skyline" names them by project (loan 1's first project), by loan
  // (all of loan 2) and by tower (ten of loan 3), 70 of 125 with B's.
  const loans = await seedLoans(db, a.account.key, { opportunities: 3, projects: 2, units: 20 });
  const [loan1, loan2, loan3] = loans.opportunities;
  await db
    .update(projects)
    .set({ name: 'Skyline 1' })
    .where(eq(projects.key, `${loan1!.key}-P001`));
  await db
    .update(opportunities)
    .set({ name: 'Skyline East' })
    .where(eq(opportunities.key, loan2!.key));
  const loan3Units = loans.units.filter((u) => u.projectKey.startsWith(loan3!.key)).slice(0, 10);
  await db
    .update(units)
    .set({ tower: 'Skyline Tower' })
    .where(
      inArray(
        units.key,
        loan3Units.map((u) => u.key),
      ),
    );
  const theirs = await seedLoans(db, b.account.key, { opportunities: 1, projects: 1, units: 5 });

  // A's frequencies: 144 of a collateral "Skyline" names, 16 of one it does not.
  const named = await seedCollateral(db, a.account.key, 'Skyline Receivables');
  const other = await seedCollateral(db, a.account.key, 'Stock of Tower B');
  const periods = (collateralKey: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      collateralKey,
      accountKey: a.account.key,
      frequency: 1,
      month: (i % 12) + 1,
      year: 2023 + Math.floor(i / 12),
    }));
  const frequencyKeys = (
    await db
      .insert(frequencies)
      .values([...periods(named.key, 144), ...periods(other.key, 16)])
      .returning({ key: frequencies.key })
  ).map((row) => row.key);

  // Files at random times over 100 days, kinds and accounts interleaved: some not completed or
  // discarded, half named "scan…".
  let made = 0;
  const fileOf = (parentKey: string, accountKey: string, fileType: string) => {
    made += 1;
    const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 100 * 86_400_000));
    const state = random();
    return {
      parentKey,
      accountKey,
      fileType,
      fileName: random() < 0.5 ? `scan-${made}.pdf` : random() < 0.9 ? `${fileType}.pdf` : null,
      approvalStatus: ApprovalStatusSchema.options[
        Math.floor(random() * ApprovalStatusSchema.options.length)
      ] as ApprovalStatus,
      createdAt: at,
      completedAt: state < 0.05 ? null : at,
      deletedAt: state > 0.95 ? new Date() : null,
    };
  };
  const typesFor = (types: readonly string[]) => types.filter(() => random() < 0.4);
  await db
    .insert(unitFiles)
    .values([
      ...loans.units.flatMap((u) =>
        typesFor(UnitFileTypeSchema.options).map((type) => fileOf(u.key, a.account.key, type)),
      ),
      ...theirs.units.flatMap((u) =>
        typesFor(UnitFileTypeSchema.options).map((type) => fileOf(u.key, b.account.key, type)),
      ),
    ]);
  await db
    .insert(frequencyFiles)
    .values(
      frequencyKeys.flatMap((key) =>
        typesFor(CollateralFileTypeSchema.options).map((type) => fileOf(key, a.account.key, type)),
      ),
    );
  // The row counts PostgreSQL keeps, which choose how a search walks, as at a real book.
  await db.execute(sql`analyze`);

  book = [
    ...(
      await queryRows<Omit<BookFile, 'kind' | 'live'> & { live: boolean }>(
        db,
        sql`select f.key, extract(epoch from f.created_at)::float8 as "createdAt", f.account_key as "accountKey",
                 f.approval_status as "approvalStatus", f.file_type as "fileType",
                 f.completed_at is not null and f.deleted_at is null as live,
                 array[f.file_name, a.key, a.name, u.unit, u.tower, p.name, o.name] as "searchedText"
            from unit_files f join units u on u.key = f.unit_key
            join projects p on p.key = u.project_key
            join opportunities o on o.key = p.opportunity_key
            join accounts a on a.key = f.account_key`,
      )
    ).map((row) => ({ ...row, kind: 'unit' as const })),
    ...(
      await queryRows<Omit<BookFile, 'kind'>>(
        db,
        sql`select f.key, extract(epoch from f.created_at)::float8 as "createdAt", f.account_key as "accountKey",
                 f.approval_status as "approvalStatus", f.file_type as "fileType",
                 f.completed_at is not null and f.deleted_at is null as live,
                 array[f.file_name, a.key, a.name, c.collateral_name] as "searchedText"
            from frequency_files f join frequencies q on q.key = f.frequency_key
            join collaterals c on c.key = q.collateral_key
            join accounts a on a.key = f.account_key`,
      )
    ).map((row) => ({ ...row, kind: 'frequency' as const })),
  ];
});
afterAll(() => handle?.close());

/** What a search must find, worked out file by file: live, in scope and status, and matching. */
function expected(filter: DocumentFilter) {
  const term = filter.search.toLowerCase();
  return book
    .filter(
      (file) =>
        file.live &&
        (filter.scope === null || file.accountKey === filter.scope) &&
        (filter.status === undefined || file.approvalStatus === filter.status) &&
        (filter.typesNamed[file.kind].includes(file.fileType) ||
          file.searchedText.some((text) => text?.toLowerCase().includes(term))),
    )
    .sort((x, y) => y.createdAt - x.createdAt || (y.key < x.key ? -1 : y.key > x.key ? 1 : 0))
    .map((file) => ({ kind: file.kind, key: file.key }));
}

const none = { unit: [], frequency: [] };

describe('the files screen search', () => {
  it('finds by either way of walking what a search of the whole book finds, newest first', async () => {
    // The data reaches both ways: "Skyline" names enough units (by project, loan and tower) and
    // frequencies (by collateral) to walk the newest files for a first page of 10 and not for a
    // page reaching 40, and "scan" enough unit files by their own name.
    const ways = (search: string, upTo: number) =>
      repo.walksNewest(handle.db, { scope: null, search, typesNamed: none }, upTo);
    expect(book.filter((file) => file.kind === 'unit').length).toBeGreaterThan(100);
    expect(await ways('Skyline', 10)).toEqual({ unit: true, frequency: true });
    expect(await ways('Skyline', 40)).toEqual({ unit: false, frequency: false });
    expect(await ways('scan', 10)).toMatchObject({ unit: true });
    expect(await ways('scan', 40)).toMatchObject({ unit: false });

    const searches: DocumentFilter[] = [
      { scope: null, search: 'Skyline', typesNamed: none },
      { scope: accountA, search: 'Skyline', typesNamed: none },
      { scope: accountB, search: 'Skyline', typesNamed: none },
      { scope: accountB, search: 'scan', typesNamed: none },
      { scope: null, search: 'Skyline', status: 'APPROVED', typesNamed: none },
      { scope: null, search: 'scan', typesNamed: none },
      { scope: null, search: 'A-101', typesNamed: none },
      { scope: null, search: 'Receivables', typesNamed: none },
      {
        scope: null,
        search: 'ledger',
        typesNamed: { unit: ['CUSTOMER_LEDGER'], frequency: ['CUSTOMER_LEDGER'] },
      },
      { scope: null, search: 'nothing-like-this', typesNamed: none },
    ];
    for (const filter of searches) {
      const all = expected(filter);
      for (const page of [
        { offset: 0, limit: 10 },
        { offset: 10, limit: 10 },
        { offset: 30, limit: 10 },
      ]) {
        const found = await repo.findPage(handle.db, filter, page);
        expect(found.rows, `${JSON.stringify(filter)} ${JSON.stringify(page)}`).toEqual(
          all.slice(page.offset, page.offset + page.limit),
        );
        expect(found.total).toBe(all.length);
        expect(found.moreThanTotal).toBe(false);
      }
    }
  });
});

describe('a search that matches more than it counts', () => {
  let bulk: DatabaseHandle;
  beforeAll(async () => {
    bulk = await openTestDatabase();
    const { account } = await seedBorrower(bulk.db);
    const loans = await seedLoans(bulk.db, account.key, {
      opportunities: 1,
      projects: 1,
      units: 150,
    });
    await bulk.db.insert(unitFiles).values(
      loans.units.flatMap((u, i) =>
        UnitFileTypeSchema.options.map((fileType, j) => ({
          parentKey: u.key,
          accountKey: account.key,
          fileType,
          fileName: `bulk-${i}-${j}.pdf`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 8 + j)),
          completedAt: new Date(),
        })),
      ),
    );
    await bulk.db.execute(sql`analyze`);
  });
  afterAll(() => bulk?.close());

  it('counts up to SEARCH_MATCHES_COUNTED, says there are more, and pages through that many', async () => {
    const filter: DocumentFilter = { scope: null, search: 'bulk', typesNamed: none };
    const last = await repo.findPage(bulk.db, filter, {
      offset: SEARCH_MATCHES_COUNTED - 5,
      limit: 10,
    });
    expect(last).toMatchObject({ total: SEARCH_MATCHES_COUNTED, moreThanTotal: true });
    expect(last.rows).toHaveLength(5);
    const [oldestShown] = await queryRows<{ name: string }>(
      bulk.db,
      sql`select file_name as name from unit_files where key = ${last.rows.at(-1)!.key}`,
    );
    // 150 units × 8 files, newest first: the 1,000th newest is the 201st oldest.
    expect(oldestShown!.name).toBe(`bulk-25-0.pdf`);
    // Judged from the newest 1,000 of the 1,200 files: every one named "bulk", 8 "bulk-149-".
    expect(await repo.walksNewest(bulk.db, filter, 10)).toEqual({ unit: true, frequency: false });
    expect(await repo.walksNewest(bulk.db, { ...filter, search: 'bulk-149-' }, 10)).toEqual({
      unit: false,
      frequency: false,
    });
    const beyond = await repo.findPage(bulk.db, filter, {
      offset: SEARCH_MATCHES_COUNTED,
      limit: 10,
    });
    expect(beyond).toEqual({ rows: [], total: SEARCH_MATCHES_COUNTED, moreThanTotal: true });
  });
});
