import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  REQUIRED_FILE_COUNT,
  SelectedNocSchema,
  unitSlotFileTypes,
  type CheckerSort,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { withListedFiles, liveFilesColumn } from '../documents/document-files.repository.ts';
import type { SetStatusChange } from '../documents/document-set.ts';
import { checkerOrder, preparedOnce, type ListOrder } from '../../db/lists/index.ts';
import {
  listSetPage,
  type SetListRequest,
  type SetListSource,
} from '../documents/document-set-lists.ts';
import { accounts, opportunities, projects, unitFiles, units, users } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

/** The first approver's username and name while a unit awaits its second approval, else null. */
const FIRST_APPROVER = sql<{ username: string; name: string } | null>`(select json_build_object(
    'username', ${users.username}, 'name', coalesce(${users.name}, ${users.username}))
  from ${users} where ${users.id} = ${units.firstApprovedBy})`;

/** Whether a unit file is of a slot type the unit's selectedNoc asks for (the domain's unitSlotFileTypes). */
const IN_A_SLOT = sql`case ${units.selectedNoc} ${sql.join(
  SelectedNocSchema.options.map(
    (noc) =>
      sql`when ${noc} then ${unitFiles.fileType} in (${sql.join(
        unitSlotFileTypes(noc).map((fileType) => sql`${fileType}`),
        sql`, `,
      )})`,
  ),
  sql` `,
)} else false end`;

/** A unit's live files in its slots, off the (unit, file type) live-slot index. */
const SLOT_FILES = sql`from ${unitFiles}
  where ${unitFiles.parentKey} = ${units.key}
    and ${unitFiles.completedAt} is not null and ${unitFiles.deletedAt} is null and ${IN_A_SLOT}`;

/** How many of a unit's seven slots hold a live file. */
const FILLED_SLOTS = sql<number>`(select count(*) ${SLOT_FILES})`;

/**
 * The domain's readiness rule (isReadyToSubmit) for a unit not locked, as SQL: every slot holds
 * one live file, and each is NOT_RAISED or APPROVED. A page of ready units and their count come
 * off the account's units so, rather than every candidate unit loaded with its files.
 */
const EVERY_SLOT_READY = sql`(select count(*) = ${REQUIRED_FILE_COUNT.unit}
    and count(distinct ${unitFiles.fileType}) = ${REQUIRED_FILE_COUNT.unit}
    and bool_and(${unitFiles.approvalStatus} in ('NOT_RAISED', 'APPROVED'))
  ${SLOT_FILES})`;

const unitColumns = {
  unit: units,
  firstApprover: FIRST_APPROVER,
  opportunityKey: projects.opportunityKey,
  opportunityName: opportunities.name,
  accountKey: opportunities.accountKey,
  accountName: accounts.name,
  projectName: projects.name,
};

/** A unit with owners and its live files (liveFilesColumn): read with the row, no statement of their own. */
const unitWithFilesColumns = {
  ...unitColumns,
  liveFileTuples: liveFilesColumn(unitFiles, units.key),
};

/** A unit's project, loan and account, beside it. */
function withOwners<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(projects, eq(projects.key, units.projectKey))
    .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
    .innerJoin(accounts, eq(accounts.key, units.accountKey));
}

/** What the checker lists' search looks in (a unit's account, loan, project, tower, unit no, customer). */
const SEARCHED_COLUMNS = [
  accounts.key,
  accounts.name,
  opportunities.key,
  opportunities.name,
  projects.name,
  units.tower,
  units.unit,
  units.customerName,
];

/**
 * The first `limit` units `where` holds, most recently updated first (ties by `byKey`), with their
 * owners and live files, and how many it holds: two statements prepared once under `name`.
 */
async function newestWithTotal(
  db: Executor,
  name: string,
  where: SQL | undefined,
  byKey: SQL,
  values: Record<string, unknown> & { limit: number },
) {
  const [rows, [total]] = await Promise.all([
    preparedOnce(db, name, (statement) =>
      withOwners(db.select(unitWithFilesColumns).from(units).$dynamic())
        .where(where)
        .orderBy(desc(units.updatedAt), byKey)
        .limit(sql.placeholder('limit'))
        .prepare(statement),
    ).execute(values),
    preparedOnce(db, `${name}.total`, (statement) =>
      db.select({ n: count() }).from(units).where(where).prepare(statement),
    ).execute(values),
  ]);
  return { rows: rows.map(withListedFiles), total: total?.n ?? 0 };
}

export const unitsRepository = {
  base(db: Executor) {
    return withOwners(db.select(unitColumns).from(units).$dynamic());
  },

  /** A unit the scope may see, in `projectKey` when given; with `forUpdate` its row is locked. */
  async find(
    db: Executor,
    scope: AccountScope,
    key: string,
    options: { forUpdate?: boolean; projectKey?: string | undefined } = {},
  ) {
    const inProject = options.projectKey !== undefined;
    const name = `unit.${scope === null ? 'all' : 'account'}${inProject ? '.in-project' : ''}${
      options.forUpdate ? '.for-update' : ''
    }`;
    // Prepared once per database: a unit's page, panel, files and history all start here.
    const [row] = await preparedOnce(db, name, (statement) => {
      const query = unitsRepository
        .base(db)
        .where(
          and(
            scope === null ? undefined : eq(units.accountKey, sql.placeholder('scope')),
            eq(units.key, sql.placeholder('key')),
            inProject ? eq(units.projectKey, sql.placeholder('project')) : undefined,
          ),
        );
      return (options.forUpdate ? query.for('update', { of: units }) : query).prepare(statement);
    }).execute({ scope, key, project: options.projectKey });
    return row;
  },

  /** A unit the scope may see with its live files (liveFilesColumn): a unit's answer in one statement. */
  async findWithFiles(db: Executor, scope: AccountScope, key: string) {
    const name = `unit.${scope === null ? 'all' : 'account'}.with-files`;
    const [row] = await preparedOnce(db, name, (statement) =>
      withOwners(db.select(unitWithFilesColumns).from(units).$dynamic())
        .where(
          and(
            scope === null ? undefined : eq(units.accountKey, sql.placeholder('scope')),
            eq(units.key, sql.placeholder('key')),
          ),
        )
        .prepare(statement),
    ).execute({ scope, key });
    return row && withListedFiles(row);
  },

  /**
   * One page of a unit list — the checker lists (docs/product.md#screens) for everyone or one account, and a
   * project's units (by key without a sort, docs/product.md#api) — with its total and the next page's cursor.
   */
  listPage(db: Executor, request: UnitListRequest) {
    const { sort, ...rest } = request;
    return listSetPage(db, unitListSource, {
      ...rest,
      order: sort === undefined ? BY_KEY : checkerOrder(sort, units),
      orderName: sort ?? 'key',
    });
  },

  /**
   * The scope's units ready to submit (the domain's rule), most recently updated first: the first
   * `limit` and how many in all.
   */
  async listReady(db: Executor, scope: AccountScope, limit: number) {
    return newestWithTotal(
      db,
      `units.${scope === null ? 'all' : 'account'}.ready`,
      and(
        scope === null ? undefined : eq(units.accountKey, sql.placeholder('scope')),
        inArray(units.approvalStatus, ['NOT_RAISED', 'REJECTED']),
        EVERY_SLOT_READY,
      ),
      asc(units.key),
      { scope, limit },
    );
  },

  /**
   * An account's units not yet raised with a slot still empty, most recently updated first: the
   * first `limit` (off the account's status-and-update index) and how many in all.
   */
  async listToUpload(db: Executor, accountKey: string, limit: number) {
    return newestWithTotal(
      db,
      'units.account.to-upload',
      and(
        eq(units.accountKey, sql.placeholder('account')),
        eq(units.approvalStatus, 'NOT_RAISED'),
        sql`${FILLED_SLOTS} < ${REQUIRED_FILE_COUNT.unit}`,
      ),
      desc(units.key),
      { account: accountKey, limit },
    );
  },

  /** A status change also ends any first approval: it was given to the state that ended. */
  async saveStatus(db: Executor, key: string, expectedVersion: number, changes: SetStatusChange) {
    return unitsRepository.saveVersioned(db, key, expectedVersion, {
      ...changes,
      firstApprovedBy: null,
      firstApprovedAt: null,
    });
  },

  /** Four-eyes NOC release: records a first approval (or clears it), the status unchanged. */
  saveFirstApproval(
    db: Executor,
    key: string,
    expectedVersion: number,
    firstApproval: { by: string; at: Date } | null,
  ) {
    return unitsRepository.saveVersioned(db, key, expectedVersion, {
      firstApprovedBy: firstApproval?.by ?? null,
      firstApprovedAt: firstApproval?.at ?? null,
    });
  },

  /**
   * Changes a unit and bumps its version, only if the version is still `expectedVersion`:
   * answers the unit as saved with its first approver, or undefined.
   */
  async saveVersioned(
    db: Executor,
    key: string,
    expectedVersion: number,
    changes: Partial<typeof units.$inferInsert>,
  ) {
    const [saved] = await db
      .update(units)
      .set({ ...changes, version: sql`${units.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(units.key, key), eq(units.version, expectedVersion)))
      .returning({ ...getTableColumns(units), firstApprover: FIRST_APPROVER });
    if (!saved) return undefined;
    const { firstApprover, ...unit } = saved;
    return { unit, firstApprover };
  },
};

export type UnitWithOwners = NonNullable<Awaited<ReturnType<typeof unitsRepository.find>>>;

export type UnitListScope =
  { kind: 'all' } | { kind: 'account'; key: string } | { kind: 'project'; key: string };

export interface UnitListRequest extends Omit<SetListRequest, 'order' | 'orderName'> {
  scope: UnitListScope;
  /** No sort: by key, as docs/product.md#api's project unit list. */
  sort?: CheckerSort | undefined;
}

const BY_KEY: ListOrder = { columns: [{ expr: units.key, type: 'text' }], direction: 'asc' };

const unitListSource: SetListSource<UnitWithOwners> = {
  list: 'units',
  table: units,
  key: units.key,
  approvalStatus: units.approvalStatus,
  scopeColumns: { account: units.accountKey, project: units.projectKey },
  searched: SEARCHED_COLUMNS,
  withOwners,
  selection: unitColumns,
  liveFiles: liveFilesColumn(unitFiles, units.key),
};
