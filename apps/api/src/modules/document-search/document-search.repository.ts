import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, DocumentParent } from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  afterCursor,
  containsPattern,
  countedTotal,
  plannedForItsValues,
  cursorValuesOf,
  preparedOnce,
  readList,
  type PagedRow,
  type PreparedPage,
  type ReadVariant,
} from '../../db/lists/index.ts';
import { asDocumentFiles, selectFileRecords } from '../documents/document-files.repository.ts';
import {
  accounts,
  collaterals,
  frequencies,
  frequencyFiles,
  listCounts,
  opportunities,
  projects,
  unitFiles,
  units,
} from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

export interface DocumentFilter {
  scope: AccountScope;
  search: string;
  status?: ApprovalStatus | undefined;
  /** The file types whose names match the search, per kind (a search also finds by type name). */
  typesNamed: { unit: string[]; frequency: string[] };
}

type Kind = DocumentParent['kind'];

/** Live: completed (bytes verified) and not discarded, as the file tables' partial indexes say. */
const live = (t: FileTable) => sql`${t.completedAt} is not null and ${t.deletedAt} is null`;

type FileTable = typeof unitFiles | typeof frequencyFiles;

/** The accounts whose key or name contains the search, within the reader's scope. */
const accountsNamed = (filter: DocumentFilter, pattern: string) => sql`
  select ${accounts.key} from ${accounts}
   where (${accounts.key} ilike ${pattern} or ${accounts.name} ilike ${pattern})
     ${filter.scope === null ? sql`` : sql`and ${accounts.key} = ${filter.scope}`}`;

/** The units whose tower or number, project or loan contains the search. */
const unitsNamed = (pattern: string) => sql`
  select ${units.key} from ${units} where ${units.unit} ilike ${pattern} or ${units.tower} ilike ${pattern}
  union
  select ${units.key} from ${units} where ${units.projectKey} in (
    select ${projects.key} from ${projects} where ${projects.name} ilike ${pattern}
    union
    select ${projects.key} from ${projects} where ${projects.opportunityKey} in (
      select ${opportunities.key} from ${opportunities} where ${opportunities.name} ilike ${pattern}))`;

/** The frequencies whose collateral's name contains the search. */
const frequenciesNamed = (pattern: string) => sql`
  select ${frequencies.key} from ${frequencies} where ${frequencies.collateralKey} in (
    select ${collaterals.key} from ${collaterals} where ${collaterals.collateralName} ilike ${pattern})`;

/**
 * What a search finds in one file table, split so each part comes off an index: every live file
 * of an account the search names (its newest `upTo` off the account's live-file index, the total
 * from the kept counts), and in the other accounts the files whose name (trigram index), type or
 * parent matches. The two are disjoint, so a page and a total are sums and unions without
 * duplicates.
 */
function searchParts(t: FileTable, kind: Kind, filter: DocumentFilter, upTo: number) {
  const pattern = containsPattern(filter.search);
  const types = filter.typesNamed[kind];
  const parentsNamed = kind === 'unit' ? unitsNamed(pattern) : frequenciesNamed(pattern);
  const status = filter.status ? sql`and ${t.approvalStatus} = ${filter.status}` : sql``;
  const scope = filter.scope === null ? sql`` : sql`and ${t.accountKey} = ${filter.scope}`;
  const elsewhere = sql`${live(t)} ${status} ${scope}
    and ${t.accountKey} not in (select key from named_accounts)`;
  const found = (condition: SQL) =>
    sql`select ${t.key} as key, ${t.createdAt} as created_at from ${t} where ${condition} and ${elsewhere}`;
  return {
    ofAccounts: sql`
      select ${sql.raw(`'${kind}'`)}::text as kind, newest.key, newest.created_at
        from named_accounts cross join lateral (
          select ${t.key} as key, ${t.createdAt} as created_at from ${t}
           where ${t.accountKey} = named_accounts.key and ${live(t)} ${status}
           order by ${t.createdAt} desc, ${t.key} desc limit ${upTo}) newest`,
    elsewhere: sql.join(
      [
        found(sql`${t.fileName} ilike ${pattern}`),
        types.length > 0 ? found(sql`${t.fileType} in ${types}`) : undefined,
        // As an array the parents are looked up one by one on the parent's file index, however
        // many PostgreSQL guesses a "contains" finds (a guess of many made it read every file).
        found(sql`${t.parentKey} = any(array(${parentsNamed}))`),
      ].filter((part) => part !== undefined),
      sql` union `,
    ),
  };
}

/** One file table's rows with what the files screen filters on (the filters stay outside). */
function fileRowsOf(db: Executor, t: typeof unitFiles | typeof frequencyFiles, kind: Kind) {
  return db
    .select({
      // A literal, not a parameter: PostgreSQL then merges the two tables' index scans.
      kind: sql<Kind>`${sql.raw(`'${kind}'`)}::text`.as('kind'),
      key: t.key,
      createdAt: t.createdAt,
      accountKey: t.accountKey,
      approvalStatus: t.approvalStatus,
      completedAt: t.completedAt,
      deletedAt: t.deletedAt,
    })
    .from(t);
}

/**
 * A page of the files screen without a search: both file tables' live-file indexes merged in
 * order (a Merge Append, nothing sorted), numbered, with each row's cursor values. The filters
 * apply to the union as a whole, which PostgreSQL pushes into each table's index scan.
 */
function livePageQuery(db: Executor, filter: LiveFileFilter, variant: ReadVariant) {
  const found = unionAll(
    fileRowsOf(db, unitFiles, 'unit'),
    fileRowsOf(db, frequencyFiles, 'frequency'),
  ).as('found');
  const direction = variant === 'reversed' ? 'asc' : 'desc';
  const order = [
    sql`${found.createdAt} ${sql.raw(direction)}`,
    sql`${found.key} ${sql.raw(direction)}`,
  ];
  const query = db
    .select({
      kind: found.kind,
      key: found.key,
      ord: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`,
      cursor: cursorValuesOf([found.createdAt, found.key]),
    })
    .from(found)
    .where(
      and(
        isNotNull(found.completedAt),
        isNull(found.deletedAt),
        filter.scope === null ? undefined : sql`${found.accountKey} = ${sql.placeholder('scope')}`,
        filter.status === undefined
          ? undefined
          : sql`${found.approvalStatus} = ${sql.placeholder('status')}`,
        variant === 'after'
          ? afterCursor(
              {
                columns: [
                  { expr: found.createdAt, type: 'timestamptz' },
                  { expr: found.key, type: 'uuid' },
                ],
                direction: 'desc',
              },
              (i) => sql.placeholder(`after${i}`),
            )
          : undefined,
      ),
    )
    .orderBy(...order)
    .limit(sql.placeholder('limit') as never)
    .$dynamic();
  return variant === 'after' ? query : query.offset(sql.placeholder('offset') as never);
}

export interface LiveFileFilter {
  scope: AccountScope;
  status?: ApprovalStatus | undefined;
}

export const documentSearchRepository = {
  /**
   * One page of the files screen without a search (docs/product.md#screens `files`), newest upload first: which
   * files, how many there are (kept counts), and the next page's cursor.
   */
  async findLivePage(
    db: Executor,
    filter: LiveFileFilter,
    paging: { page: number; perPage: number; next?: string | undefined },
  ) {
    const name = `files.${filter.scope === null ? 'all' : 'account'}.${filter.status ?? 'ALL'}`;
    const values = { scope: filter.scope, status: filter.status ?? null };
    const totalName = `${name}.total`;
    return readList({
      name,
      columns: 2,
      paging,
      total: async () => {
        const [counted] = await preparedOnce(db, totalName, (statement) =>
          countedTotal(
            db,
            ['unit_files', 'frequency_files'],
            filter.scope !== null,
            filter.status ?? 'ALL',
          ).prepare(statement),
        ).execute(values);
        return counted?.n ?? 0;
      },
      statement: (variant) =>
        preparedOnce(db, `${name}.${variant}`, (statement) =>
          livePageQuery(db, filter, variant).prepare(statement),
        ) as unknown as PreparedPage<{ kind: Kind; key: string } & PagedRow>,
      values,
    });
  },

  /**
   * One page of what a search finds among unit and frequency files together, newest upload
   * first: which files (kind and key), and how many match in all. Two queries, whatever the page
   * size, each off the search and list indexes.
   */
  async findPage(db: Executor, filter: DocumentFilter, page: { offset: number; limit: number }) {
    const upTo = page.offset + page.limit;
    const unit = searchParts(unitFiles, 'unit', filter, upTo);
    const frequency = searchParts(frequencyFiles, 'frequency', filter, upTo);
    const namedAccounts = sql`with named_accounts as (${accountsNamed(filter, containsPattern(filter.search))})`;
    const [rows, [total]] = await Promise.all([
      plannedForItsValues(db, (tx) =>
        queryRows<{ kind: Kind; key: string }>(
          tx,
          sql`${namedAccounts}
          select kind, key from (
            ${unit.ofAccounts}
            union all ${frequency.ofAccounts}
            union all select 'unit', key, created_at from (${unit.elsewhere}) found
            union all select 'frequency', key, created_at from (${frequency.elsewhere}) found
          ) found
          order by created_at desc, key desc
          offset ${page.offset} limit ${page.limit}`,
        ),
      ),
      plannedForItsValues(db, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`${namedAccounts}
          select (
            select coalesce(sum(${listCounts.n}), 0) from ${listCounts}
             where ${listCounts.list} in ('unit_files', 'frequency_files')
               and ${listCounts.accountKey} in (select key from named_accounts)
               ${filter.status ? sql`and ${listCounts.approvalStatus} = ${filter.status}` : sql``}
          ) + (select count(*) from (${unit.elsewhere}) found)
            + (select count(*) from (${frequency.elsewhere}) found) as n`,
        ),
      ),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /**
   * The unit files named, as file answers show them, with the unit, project and account: one
   * statement prepared once, whatever the page.
   */
  unitFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return preparedOnce(db, 'unit_files.with-parents', (name) =>
      selectFileRecords(db, asDocumentFiles(unitFiles), {
        parentUnit: units,
        projectName: projects.name,
        accountName: accounts.name,
      })
        .innerJoin(units, eq(units.key, unitFiles.parentKey))
        .innerJoin(projects, eq(projects.key, units.projectKey))
        .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
        .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
        .where(sql`${unitFiles.key} = any(${sql.placeholder('keys')})`)
        .prepare(name),
    ).execute({ keys });
  },

  /**
   * The frequency files named, as file answers show them, with the frequency, collateral and
   * account: one statement prepared once, whatever the page.
   */
  frequencyFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return preparedOnce(db, 'frequency_files.with-parents', (name) =>
      selectFileRecords(db, asDocumentFiles(frequencyFiles), {
        parentFrequency: frequencies,
        collateralName: collaterals.collateralName,
        accountName: accounts.name,
      })
        .innerJoin(frequencies, eq(frequencies.key, frequencyFiles.parentKey))
        .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
        .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
        .where(sql`${frequencyFiles.key} = any(${sql.placeholder('keys')})`)
        .prepare(name),
    ).execute({ keys });
  },
};
