import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, DocumentParent } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import {
  afterCursor,
  containsText,
  countedTotal,
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
  opportunities,
  projects,
  unitFiles,
  units,
} from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

export interface DocumentFilter {
  scope: AccountScope;
  search?: string | undefined;
  status?: ApprovalStatus | undefined;
  /** The file types whose names match the search, per kind (a search also finds by type name). */
  typesNamed: { unit: string[]; frequency: string[] };
}

type Kind = DocumentParent['kind'];

const liveIn = (t: typeof unitFiles | typeof frequencyFiles) =>
  and(isNotNull(t.completedAt), isNull(t.deletedAt));

/** A search finds a file by its name, its type's name, or what it belongs to. */
function matching(
  filter: DocumentFilter,
  fileName: Column,
  fileType: Column,
  types: string[],
  parentColumns: Column[],
): SQL | undefined {
  if (!filter.search) return undefined;
  return or(
    containsText(filter.search, [fileName, ...parentColumns]),
    types.length > 0 ? inArray(fileType, types) : undefined,
  );
}

function unitFilesFound(db: Executor, filter: DocumentFilter) {
  return db
    .select({
      kind: sql<Kind>`'unit'`.as('kind'),
      key: unitFiles.key,
      createdAt: unitFiles.createdAt,
    })
    .from(unitFiles)
    .innerJoin(units, eq(units.key, unitFiles.parentKey))
    .innerJoin(projects, eq(projects.key, units.projectKey))
    .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
    .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
    .where(
      and(
        liveIn(unitFiles),
        filter.scope === null ? undefined : eq(opportunities.accountKey, filter.scope),
        filter.status ? eq(unitFiles.approvalStatus, filter.status) : undefined,
        matching(filter, unitFiles.fileName, unitFiles.fileType, filter.typesNamed.unit, [
          accounts.key,
          accounts.name,
          opportunities.name,
          projects.name,
          units.tower,
          units.unit,
        ]),
      ),
    );
}

function frequencyFilesFound(db: Executor, filter: DocumentFilter) {
  return db
    .select({
      kind: sql<Kind>`'frequency'`.as('kind'),
      key: frequencyFiles.key,
      createdAt: frequencyFiles.createdAt,
    })
    .from(frequencyFiles)
    .innerJoin(frequencies, eq(frequencies.key, frequencyFiles.parentKey))
    .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
    .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
    .where(
      and(
        liveIn(frequencyFiles),
        filter.scope === null ? undefined : eq(collaterals.accountKey, filter.scope),
        filter.status ? eq(frequencyFiles.approvalStatus, filter.status) : undefined,
        matching(
          filter,
          frequencyFiles.fileName,
          frequencyFiles.fileType,
          filter.typesNamed.frequency,
          [accounts.key, accounts.name, collaterals.collateralName],
        ),
      ),
    );
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
   * One page of unit and frequency files together, newest upload first: which files (kind and
   * key), and how many match in all. Two queries, whatever the page size.
   */
  async findPage(db: Executor, filter: DocumentFilter, page: { offset: number; limit: number }) {
    const found = () =>
      unionAll(unitFilesFound(db, filter), frequencyFilesFound(db, filter)).as('found');
    const pageOf = found();
    const all = found();
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(pageOf)
        .orderBy(desc(pageOf.createdAt), desc(pageOf.key))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(all),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The unit files named, as file answers show them, with the unit, project and account. */
  unitFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return selectFileRecords(db, asDocumentFiles(unitFiles), {
      parentUnit: units,
      projectName: projects.name,
      accountName: accounts.name,
    })
      .innerJoin(units, eq(units.key, unitFiles.parentKey))
      .innerJoin(projects, eq(projects.key, units.projectKey))
      .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
      .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
      .where(inArray(unitFiles.key, keys));
  },

  /** The frequency files named, as file answers show them, with the frequency, collateral and account. */
  frequencyFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return selectFileRecords(db, asDocumentFiles(frequencyFiles), {
      parentFrequency: frequencies,
      collateralName: collaterals.collateralName,
      accountName: accounts.name,
    })
      .innerJoin(frequencies, eq(frequencies.key, frequencyFiles.parentKey))
      .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
      .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
      .where(inArray(frequencyFiles.key, keys));
  },
};
