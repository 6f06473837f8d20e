import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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

/**
 * An account's units not locked for review (not raised or rejected), each with how many of its
 * slots hold a live file and whether it is ready to submit — the domain's rule (isReadyToSubmit)
 * as SQL: every slot holds one live file, each NOT_RAISED or APPROVED. One pass over the units
 * and their slot files gives both of the to-do's unit lists and their counts.
 */
const unlockedSets = (db: Executor) => {
  // Each unit's slot files counted on their own (lateral), off the unit's file index: no sort
  // and grouping of every file of the account's units (3.8 → 2.8 ms at 250 units, 1,750 files).
  const slots = db
    .select({
      filled: sql<number>`count(*)`.as('filled'),
      // One live file a slot (unit_files_live_slot_key), so seven files fill seven slots.
      ready: sql<boolean>`coalesce(count(*) = ${REQUIRED_FILE_COUNT.unit}
        and bool_and(${unitFiles.approvalStatus} in ('NOT_RAISED', 'APPROVED')), false)`.as(
        'ready',
      ),
    })
    .from(unitFiles)
    .where(
      sql`${unitFiles.parentKey} = ${units.key} and ${unitFiles.completedAt} is not null
        and ${unitFiles.deletedAt} is null and ${IN_A_SLOT}`,
    )
    .as('slots');
  return db.$with('unlocked_sets').as(
    db
      .select({
        key: units.key,
        updatedAt: units.updatedAt,
        approvalStatus: units.approvalStatus,
        filled: slots.filled,
        ready: slots.ready,
      })
      .from(units)
      .crossJoinLateral(slots)
      .where(
        and(
          eq(units.accountKey, sql.placeholder('account')),
          inArray(units.approvalStatus, ['NOT_RAISED', 'REJECTED']),
        ),
      ),
  );
};

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
   * An account's units on the to-do, most recently updated first, the first `limit` of each list
   * and how many in all: ready to submit (ties by key), and not yet raised with a slot still
   * empty (ties by key, last first). Two statements prepared once: which units and how many, off
   * one pass over the account's unlocked units (unlockedSets), then those units with their owners
   * and live files.
   */
  async listToDo(db: Executor, accountKey: string, limit: number) {
    const [found] = await preparedOnce(db, 'units.account.to-do', (statement) => {
      const sets = unlockedSets(db);
      const toUpload = sql`${sets.approvalStatus} = 'NOT_RAISED' and ${sets.filled} < ${REQUIRED_FILE_COUNT.unit}`;
      return db
        .with(sets)
        .select({
          readyTotal: sql<number>`count(*) filter (where ${sets.ready})`.mapWith(Number),
          readyKeys: sql<string[] | null>`(array_agg(${sets.key}
            order by ${sets.updatedAt} desc, ${sets.key} asc) filter (where ${sets.ready}))[1:${sql.placeholder('limit')}]`,
          toUploadTotal: sql<number>`count(*) filter (where ${toUpload})`.mapWith(Number),
          toUploadKeys: sql<string[] | null>`(array_agg(${sets.key}
            order by ${sets.updatedAt} desc, ${sets.key} desc) filter (where ${toUpload}))[1:${sql.placeholder('limit')}]`,
        })
        .from(sets)
        .prepare(statement);
    }).execute({ account: accountKey, limit });
    const readyKeys = found?.readyKeys ?? [];
    const toUploadKeys = found?.toUploadKeys ?? [];
    const rows = await unitsRepository.findManyWithFiles(db, accountKey, [
      ...new Set([...readyKeys, ...toUploadKeys]),
    ]);
    const byKey = new Map(rows.map((row) => [row.unit.key, row]));
    // Each key was read a moment ago in the same account: a unit is never removed.
    const inOrder = (keys: string[]) => keys.flatMap((key) => byKey.get(key) ?? []);
    return {
      ready: { rows: inOrder(readyKeys), total: found?.readyTotal ?? 0 },
      toUpload: { rows: inOrder(toUploadKeys), total: found?.toUploadTotal ?? 0 },
    };
  },

  /** The account's units named, with owners and live files (liveFilesColumn), in one statement. */
  async findManyWithFiles(db: Executor, accountKey: string, keys: string[]) {
    if (keys.length === 0) return [];
    const rows = await preparedOnce(db, 'units.account.with-files.many', (statement) =>
      withOwners(db.select(unitWithFilesColumns).from(units).$dynamic())
        .where(
          and(
            eq(units.accountKey, sql.placeholder('account')),
            sql`${units.key} = any(${sql.placeholder('keys')})`,
          ),
        )
        .prepare(statement),
    ).execute({ account: accountKey, keys });
    return rows.map(withListedFiles);
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
