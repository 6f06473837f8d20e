import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_MATCHES_COUNTED, type ApprovalStatus, type DocumentParent } from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  afterCursor,
  containsPattern,
  countedTotal,
  plannedForItsValues,
  preparedByText,
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

/** `and` the row's account is the scope's, or nothing for staff. */
const inScope = (accountKey: AnyPgColumn, scope: AccountScope) =>
  scope === null ? sql`` : sql`and ${accountKey} = ${scope}`;

/** The accounts whose key or name contains the search, within the reader's scope. */
const accountsNamed = (filter: DocumentFilter, pattern: string) => sql`
  select ${accounts.key} from ${accounts}
   where (${accounts.key} ilike ${pattern} or ${accounts.name} ilike ${pattern})
     ${inScope(accounts.key, filter.scope)}`;

/**
 * The projects in scope whose name or loan's name contains the search: for staff off the names'
 * trigram indexes, for a borrower among their own loans' projects.
 */
const projectsNamed = (pattern: string, scope: AccountScope) =>
  scope === null
    ? sql`
      select ${projects.key} from ${projects} where ${projects.name} ilike ${pattern}
      union
      select ${projects.key} from ${projects} where ${projects.opportunityKey} in (
        select ${opportunities.key} from ${opportunities} where ${opportunities.name} ilike ${pattern})`
    : sql`
      select ${projects.key} from ${opportunities}
        join ${projects} on ${projects.opportunityKey} = ${opportunities.key}
       where ${opportunities.accountKey} = ${scope}
         and (${projects.name} ilike ${pattern} or ${opportunities.name} ilike ${pattern})`;

/** The units in scope whose own tower or number contains the search. */
const unitsNamedDirectly = (pattern: string, scope: AccountScope) => sql`
  select ${units.key} from ${units}
   where (${units.unit} ilike ${pattern} or ${units.tower} ilike ${pattern}) ${inScope(units.accountKey, scope)}`;

/**
 * The units in scope whose tower or number, project or loan contains the search, each once (the
 * units of a named project are those whose own names do not match), streamed: a project's units
 * are read off its index as they are asked for, so a count that stops early reads few.
 */
const unitsNamed = (pattern: string, scope: AccountScope) => sql`
  ${unitsNamedDirectly(pattern, scope)}
  union all
  select named.key from (${projectsNamed(pattern, scope)}) named_projects cross join lateral (
    select ${units.key} from ${units}
     where ${units.projectKey} = named_projects.key
       and not (${units.unit} ilike ${pattern} or ${units.tower} ilike ${pattern})
       ${inScope(units.accountKey, scope)}
    offset 0) named`;

/**
 * Whether a unit file's unit has a tower or number, project or loan containing the search: looked
 * up file by file (`offset 0` keeps PostgreSQL from hashing every unit named first, 1 s at the 1M
 * book, when a walk checks only a few hundred), against the statement's `projects_named`
 * (hashed once); not looked up at all when the search names no unit, directly or by project (a
 * file name's search walks thousands of files at a deep page, 15 µs each when looked up).
 */
const unitIsNamed = (t: FileTable, pattern: string) => sql`(
  exists (select 1 from units_named_directly) or exists (select 1 from projects_named)) and exists (
  select 1 from ${units}
   where ${units.key} = ${t.parentKey}
     and (${units.unit} ilike ${pattern} or ${units.tower} ilike ${pattern}
       or ${units.projectKey} in (select key from projects_named))
  offset 0)`;

/** The collaterals in scope whose name contains the search. */
const collateralsNamed = (pattern: string, scope: AccountScope) => sql`
  select ${collaterals.key} from ${collaterals}
   where ${collaterals.collateralName} ilike ${pattern} ${inScope(collaterals.accountKey, scope)}`;

/** The frequencies in scope whose collateral's name contains the search, each once, streamed. */
const frequenciesNamed = (pattern: string, scope: AccountScope) => sql`
  select named.key from (${collateralsNamed(pattern, scope)}) named_collaterals cross join lateral (
    select ${frequencies.key} from ${frequencies} where ${frequencies.collateralKey} = named_collaterals.key
    offset 0) named`;

/** Whether a frequency file's collateral is one of the statement's `collaterals_named`, file by file. */
const frequencyIsNamed = (t: FileTable) => sql`exists (select 1 from collaterals_named) and exists (
  select 1 from ${frequencies}
   where ${frequencies.key} = ${t.parentKey}
     and ${frequencies.collateralKey} in (select key from collaterals_named)
  offset 0)`;

/**
 * What a search names beside accounts, each read once a statement (`with`): the units named by
 * their own tower or number, the projects (by name or loan) and the collaterals. Materialised,
 * the units come off the trigram index; inlined into an "exists", PostgreSQL read every unit
 * hoping to find one soon (0.7 s).
 */
const namedGroups = (filter: DocumentFilter) => {
  const pattern = containsPattern(filter.search);
  return sql`units_named_directly as materialized (${unitsNamedDirectly(pattern, filter.scope)}),
    projects_named as materialized (${projectsNamed(pattern, filter.scope)}),
    collaterals_named as materialized (${collateralsNamed(pattern, filter.scope)})`;
};

/** `√(3·upTo·U)`, U being PostgreSQL's estimate of `table`'s rows: where the two ways meet. */
const walkThreshold = (table: string, upTo: number) =>
  sql`select ceil(sqrt(3.0 * ${upTo} * greatest(reltuples, 1)))::bigint as n, greatest(reltuples, 1) as rows
        from pg_class where oid = ${table}::regclass`;

/**
 * Whether the parents a search names (N of `table`'s rows) are so many that the newest matching
 * files are found sooner by walking the newest files and checking each (about upTo·U/N of them)
 * than by reading every named parent's files off its index and sorting them (N of them, each
 * cheaper): the two meet near N = √(3·upTo·U) at the 1M book. The parents named one by one
 * (`single`) are counted up to there; those named as a group (`groups`: a project's units, a
 * collateral's frequencies) count as the group's average size, `table`'s rows over
 * `groupTable`'s, so a project named Skyline is not read unit by unit (45 ms for the 12,000
 * units at the threshold).
 */
const parentsAreMany = (
  single: SQL | undefined,
  groups: SQL,
  { table, groupTable }: { table: string; groupTable: string },
  upTo: number,
) => sql`coalesce((
  select ${single ? sql`(select count(*) from (${single} limit threshold.n) counted) + ` : sql``}
         (select count(*) from (${groups} limit ceil(threshold.n / per_group.n)) counted) * per_group.n
         >= threshold.n
    from (${walkThreshold(table, upTo)}) threshold, (
      select greatest(reltuples, 1) / greatest((
        select reltuples from pg_class where oid = ${groupTable}::regclass), 1) as n
        from pg_class where oid = ${table}::regclass) per_group), false)`;

/** How many of the newest live files `manyAmongNewest` looks at. */
const NEWEST_SAMPLED = 1_000;

/**
 * The same question as `parentsAreMany` for the files a search names by their own name or type, judged
 * from the newest NEWEST_SAMPLED live files in scope (the ones a walk would check first): N is
 * their share of matches times U, or the matches themselves when the sample is every live file.
 * Counting them outright read a quarter of a million files for a term in one name of seven
 * (30–60 ms of a 4 ms walk at the 1M book).
 */
const manyAmongNewest = (
  t: FileTable,
  matches: SQL,
  scope: SQL,
  table: string,
  upTo: number,
) => sql`(
  select case when count(*) < ${NEWEST_SAMPLED}
              then count(*) filter (where matched) >= threshold.n
              else count(*) filter (where matched) * threshold.rows >= threshold.n * ${NEWEST_SAMPLED} end
    from (${walkThreshold(table, upTo)}) threshold, (
      select ${matches} as matched from ${t}
       where ${live(t)} ${scope}
       order by ${t.createdAt} desc, ${t.key} desc limit ${NEWEST_SAMPLED}) sampled
   group by threshold.n, threshold.rows)`;

/**
 * What a search finds in one file table, split so each part comes off an index: every live file
 * of an account the search names (its newest `upTo` off the account's live-file index, the total
 * from the kept counts), and in the other accounts the files whose name (trigram index), type or
 * parent matches. The two are disjoint, so a page and a total are sums and unions without
 * duplicates. The other accounts' newest come by one of two ways, chosen as the statement runs
 * (`broad`: when it names many parents, or many files by name or type); their count is of parts
 * disjoint by construction, streamed, so it can stop at SEARCH_MATCHES_COUNTED.
 */
function searchParts(t: FileTable, kind: Kind, filter: DocumentFilter, upTo: number) {
  const pattern = containsPattern(filter.search);
  const types = filter.typesNamed[kind];
  const parentsNamed =
    kind === 'unit' ? unitsNamed(pattern, filter.scope) : frequenciesNamed(pattern, filter.scope);
  const parentIsNamed = kind === 'unit' ? unitIsNamed(t, pattern) : frequencyIsNamed(t);
  const status = filter.status ? sql`and ${t.approvalStatus} = ${filter.status}` : sql``;
  const scope = inScope(t.accountKey, filter.scope);
  const elsewhere = sql`${live(t)} ${status} ${scope}
    and ${t.accountKey} not in (select key from named_accounts)`;
  const nameMatches = sql`coalesce(${t.fileName} ilike ${pattern}, false)`;
  const typeMatches = types.length > 0 ? sql`${t.fileType} in ${types}` : sql`false`;
  const found = (condition: SQL) =>
    sql`select ${t.key} as key, ${t.createdAt} as created_at from ${t} where ${condition} and ${elsewhere}`;
  const counted = (condition: SQL) => sql`select 1 from ${t} where ${condition} and ${elsewhere}`;
  return {
    broad: sql`${
      kind === 'unit'
        ? parentsAreMany(
            sql`select 1 from units_named_directly`,
            sql`select 1 from projects_named`,
            { table: 'units', groupTable: 'projects' },
            upTo,
          )
        : parentsAreMany(
            undefined,
            sql`select 1 from collaterals_named`,
            { table: 'frequencies', groupTable: 'collaterals' },
            upTo,
          )
    }
      or coalesce(${manyAmongNewest(
        t,
        sql`${nameMatches} or ${typeMatches}`,
        scope,
        kind === 'unit' ? 'unit_files' : 'frequency_files',
        upTo,
      )}, false)`,
    ofAccounts: sql`
      select ${sql.raw(`'${kind}'`)}::text as kind, newest.key, newest.created_at
        from named_accounts cross join lateral (
          select ${t.key} as key, ${t.createdAt} as created_at from ${t}
           where ${t.accountKey} = named_accounts.key and ${live(t)} ${status}
           order by ${t.createdAt} desc, ${t.key} desc limit ${upTo}) newest`,
    /** The newest `upTo` of the other accounts when what the search names is few: off its indexes. */
    elsewhere: sql.join(
      [
        found(sql`${t.fileName} ilike ${pattern}`),
        types.length > 0 ? found(typeMatches) : undefined,
        // As an array the parents are looked up one by one on the parent's file index, however
        // many PostgreSQL guesses a "contains" finds (a guess of many made it read every file).
        found(sql`${t.parentKey} = any(array(${parentsNamed}))`),
      ].filter((part) => part !== undefined),
      sql` union `,
    ),
    /** The same when the parents named are many: the newest live files, each's parent checked. */
    newest: sql`${found(sql`(${nameMatches} or ${typeMatches} or ${parentIsNamed})`)}
      order by ${t.createdAt} desc, ${t.key} desc limit ${upTo}`,
    /** The other accounts' matches, each once: by name, else by type, else by parent. */
    counted: sql.join(
      [
        counted(sql`${t.fileName} ilike ${pattern}`),
        types.length > 0 ? counted(sql`${typeMatches} and not ${nameMatches}`) : undefined,
        sql`select 1 from (${parentsNamed}) parents cross join lateral (
          ${counted(sql`${t.parentKey} = parents.key and not (${nameMatches} or ${typeMatches})`)}
          offset 0) files`,
      ].filter((part) => part !== undefined),
      sql` union all `,
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
   * Which way a page reaching `upTo` finds each kind's newest matches outside the accounts the
   * search names (`findPage` decides the same inside its statement): `true` walks the newest files.
   */
  async walksNewest(db: Executor, filter: DocumentFilter, upTo: number) {
    const unit = searchParts(unitFiles, 'unit', filter, upTo);
    const frequency = searchParts(frequencyFiles, 'frequency', filter, upTo);
    const [ways] = await plannedForItsValues(db, (tx) =>
      queryRows<Record<Kind, boolean>>(
        tx,
        sql`with ${namedGroups(filter)}
            select ${unit.broad} as unit, ${frequency.broad} as frequency`,
      ),
    );
    return ways!;
  },

  /**
   * One page of what a search finds among unit and frequency files together, newest upload
   * first, within the newest SEARCH_MATCHES_COUNTED: which files (kind and key), and how many
   * match, counted up to that many (`moreThanTotal` when more do). Two queries, whatever the
   * page size, each off the search and list indexes.
   */
  async findPage(db: Executor, filter: DocumentFilter, page: { offset: number; limit: number }) {
    const limit = Math.min(page.limit, SEARCH_MATCHES_COUNTED - page.offset);
    const upTo = page.offset + limit;
    const unit = searchParts(unitFiles, 'unit', filter, upTo);
    const frequency = searchParts(frequencyFiles, 'frequency', filter, upTo);
    const pattern = containsPattern(filter.search);
    const namedAccounts = sql`named_accounts as (${accountsNamed(filter, pattern)})`;
    const [rows, [counted]] = await Promise.all([
      limit <= 0
        ? []
        : preparedByText(
            db.select({ kind: sql<Kind>`kind`, key: sql<string>`key` }).from(
              sql`(with ${namedAccounts},
                ${namedGroups(filter)},
                units_broad as (select ${unit.broad} as yes),
                frequencies_broad as (select ${frequency.broad} as yes)
              select kind, key from (
                ${unit.ofAccounts}
                union all ${frequency.ofAccounts}
                union all select 'unit', key, created_at from (${unit.elsewhere}) found
                  where not (select yes from units_broad)
                union all select 'unit', key, created_at from (${unit.newest}) found
                  where (select yes from units_broad)
                union all select 'frequency', key, created_at from (${frequency.elsewhere}) found
                  where not (select yes from frequencies_broad)
                union all select 'frequency', key, created_at from (${frequency.newest}) found
                  where (select yes from frequencies_broad)
              ) found
              order by created_at desc, key desc
              offset ${page.offset} limit ${limit}) page`,
            ),
            'files.search',
          ).execute(),
      plannedForItsValues(db, (tx) =>
        queryRows<{ kept: number | string; elsewhere: number | string }>(
          tx,
          sql`with ${namedAccounts}
          select (
            select coalesce(sum(${listCounts.n}), 0) from ${listCounts}
             where ${listCounts.list} in ('unit_files', 'frequency_files')
               and ${listCounts.accountKey} in (select key from named_accounts)
               ${filter.status ? sql`and ${listCounts.approvalStatus} = ${filter.status}` : sql``}
          ) as kept, (
            select count(*) from (
              ${unit.counted} union all ${frequency.counted} limit ${SEARCH_MATCHES_COUNTED + 1}
            ) found
          ) as elsewhere`,
        ),
      ),
    ]);
    const total = Number(counted?.kept ?? 0) + Number(counted?.elsewhere ?? 0);
    return {
      rows,
      total: Math.min(total, SEARCH_MATCHES_COUNTED),
      moreThanTotal: total > SEARCH_MATCHES_COUNTED,
    };
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
