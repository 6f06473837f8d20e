import { and, count, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { CheckerStatusFilter } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import {
  afterCursor,
  containsPattern,
  countedTotal,
  cursorValuesOf,
  orderBy,
  preparedOnce,
  readList,
  type ListOrder,
  type ListParam,
  type PagedRow,
  type PreparedPage,
  type ReadVariant,
} from '../../db/lists/index.ts';
import {
  withListedFiles,
  type ListedLiveFile,
  type LiveFileTuple,
} from './document-files.repository.ts';

/**
 * The lists of units and of frequencies — the checker lists (docs/product.md#screens) for everyone or one
 * account, a project's units, a collateral's frequencies — read the same way: one statement for
 * the page (its keys off the list's index, then their rows with owners and live files), the total from the kept
 * counts or a count bounded by the parent, and the cursor of the following page.
 */
export interface SetListSource<Row> {
  /** The table's name: also its list in list_counts. */
  list: 'units' | 'frequencies';
  table: PgTable;
  key: AnyPgColumn;
  approvalStatus: AnyPgColumn;
  /** The column each narrower scope filters on. */
  scopeColumns: Record<string, AnyPgColumn>;
  /** What a search looks in (own columns and the owners'). */
  searched: AnyPgColumn[];
  /** Joins the owners (project, loan, account; or collateral, account) to a query of the table. */
  withOwners<Q extends PgSelect>(query: Q): PgSelect;
  /** The row as the service reads it, owners included (the columns `withOwners` joins). */
  selection: Record<string, unknown>;
  /** The row's live files (liveFilesColumn), read with the page. */
  liveFiles: SQL<LiveFileTuple[] | null>;
  /** Only types the answer: never called. */
  row?: Row;
}

/** A page's row: its place and cursor, and its live files. */
export type ListedRow = PagedRow & { liveFiles: ListedLiveFile[] };
type ReadRow = PagedRow & { liveFileTuples: LiveFileTuple[] | null };

/** Everyone's (staff), one account's, or one parent's (a project, a collateral). */
export type SetListScope = { kind: 'all' } | { kind: string; key: string };

export interface SetListRequest {
  scope: SetListScope;
  status: CheckerStatusFilter;
  order: ListOrder;
  /** Names the order in statement names and cursors. */
  orderName: string;
  search?: string | undefined;
  page: number;
  perPage: number;
  next?: string | undefined;
}

export async function listSetPage<Row>(
  db: Executor,
  source: SetListSource<Row>,
  request: SetListRequest,
): Promise<{ rows: (Row & ListedRow)[]; total: number; page: number; next: string | null }> {
  const searching = request.search !== undefined;
  const name = [
    source.list,
    request.scope.kind,
    request.status,
    request.orderName,
    searching ? 'search' : '',
  ].join('.');
  const values = {
    scope: 'key' in request.scope ? request.scope.key : null,
    status: request.status,
    pattern: request.search === undefined ? null : containsPattern(request.search),
  };
  const { rows, ...page } = await readList<Row & ReadRow>({
    name,
    columns: request.order.columns.length,
    paging: request,
    total: () => setListTotal(db, source, request, name, values),
    statement: (variant) =>
      searching
        ? {
            execute: (given) =>
              pageQuery(db, source, request, variant, (key) => sql`${given[key]}`) as never,
          }
        : (preparedOnce(db, `${name}.${variant}`, (statement) =>
            pageQuery(db, source, request, variant, sql.placeholder).prepare(statement),
          ) as unknown as PreparedPage<Row & ReadRow>),
    values,
  });
  return {
    ...page,
    rows: rows.map(withListedFiles),
  };
}

/** What a list is narrowed to: its scope, its status, and what is searched for. */
function filter(source: SetListSource<unknown>, request: SetListRequest, param: ListParam) {
  const scopeColumn = source.scopeColumns[request.scope.kind];
  return and(
    scopeColumn ? sql`${scopeColumn} = ${param('scope')}` : undefined,
    request.status === 'ALL' ? undefined : sql`${source.approvalStatus} = ${param('status')}`,
    request.search === undefined
      ? undefined
      : or(...source.searched.map((column) => sql`${column} ilike ${param('pattern')}`)),
  );
}

/**
 * A page in one statement: the page's keys off the list's index (skipped over, or after a
 * cursor; joined to the owners only when searching) gathered in order into an array, then each
 * key's row with owners, numbered by its place in that array. The array's size is known to the
 * planner (no guess from a limit it cannot see), so each row is fetched by its key.
 */
function pageQuery<Row>(
  db: Executor,
  source: SetListSource<Row>,
  request: SetListRequest,
  variant: ReadVariant,
  param: ListParam,
) {
  let keys = db.select({ key: source.key }).from(source.table).$dynamic();
  if (request.search !== undefined) keys = source.withOwners(keys) as typeof keys;
  keys = keys
    .where(
      and(
        filter(source, request, param),
        variant === 'after' ? afterCursor(request.order, (i) => param(`after${i}`)) : undefined,
      ),
    )
    .orderBy(...orderBy(request.order, variant === 'reversed'))
    .limit(param('limit') as never);
  if (variant !== 'after') keys = keys.offset(param('offset') as never);
  // The owners are joined to the page's rows, each by its primary key: a nested loop of index
  // lookups, cheaper in the database than a correlated subquery per owner column.
  return source.withOwners(
    db
      .select({
        ...(source.selection as Record<string, AnyPgColumn>),
        liveFileTuples: source.liveFiles,
        ord: sql<number>`"page"."ord"`,
        cursor: cursorValuesOf(request.order.columns.map(({ expr }) => expr)),
      })
      .from(sql`unnest(array(${keys})) with ordinality as "page"("key", "ord")`)
      .innerJoin(source.table, sql`${source.key} = "page"."key"`)
      .$dynamic(),
  );
}

/** The list's length: kept counts for an account or everyone, else a count bounded by the scope. */
async function setListTotal(
  db: Executor,
  source: SetListSource<unknown>,
  request: SetListRequest,
  name: string,
  values: Record<string, unknown>,
): Promise<number> {
  const counted = request.scope.kind === 'all' || request.scope.kind === 'account';
  if (request.search !== undefined || !counted) {
    const bounded = (param: ListParam) => {
      let query = db.select({ n: count() }).from(source.table).$dynamic();
      if (request.search !== undefined) query = source.withOwners(query) as typeof query;
      return query.where(filter(source, request, param));
    };
    // A parent's count (a project's units, a collateral's frequencies) is prepared once, as its
    // page is; a search's is planned for its term.
    const [row] =
      request.search !== undefined
        ? await bounded((key) => sql`${values[key]}`)
        : await preparedOnce(db, `${name}.count`, (statement) =>
            bounded(sql.placeholder).prepare(statement),
          ).execute(values);
    return row?.n ?? 0;
  }
  const totalName = `${name}.total`;
  const [row] = await preparedOnce(db, totalName, (statement) =>
    countedTotal(db, source.list, request.scope.kind === 'account', request.status).prepare(
      statement,
    ),
  ).execute(values);
  return row?.n ?? 0;
}
