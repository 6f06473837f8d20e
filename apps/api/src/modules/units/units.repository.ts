import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { REQUIRED_FILE_COUNT, type CheckerSort, type CheckerStatusFilter } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { SetStatusChange } from '../documents/document-set.ts';
import { checkerListOrder, containsText } from '../../db/list-queries.ts';
import { accounts, opportunities, projects, unitFiles, units } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

const unitColumns = {
  unit: units,
  opportunityKey: projects.opportunityKey,
  opportunityName: opportunities.name,
  accountKey: opportunities.accountKey,
  accountName: accounts.name,
  projectName: projects.name,
};

function scoped(scope: AccountScope, ...conditions: (SQL | undefined)[]) {
  return and(scope === null ? undefined : eq(opportunities.accountKey, scope), ...conditions);
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
    return db
      .select(unitColumns)
      .from(units)
      .innerJoin(projects, eq(projects.key, units.projectKey))
      .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
      .innerJoin(accounts, eq(accounts.key, opportunities.accountKey));
  },

  async find(
    db: Executor,
    scope: AccountScope,
    key: string,
    options: { forUpdate?: boolean } = {},
  ) {
    const query = unitsRepository.base(db).where(scoped(scope, eq(units.key, key)));
    const [row] = await (options.forUpdate ? query.for('update', { of: units }) : query);
    return row;
  },

  /** Several units at once (bulk answers), those the scope may see. */
  findMany(db: Executor, scope: AccountScope, keys: string[]) {
    return unitsRepository.base(db).where(scoped(scope, inArray(units.key, keys)));
  },

  async listForProject(db: Executor, projectKey: string, page: { offset: number; limit: number }) {
    const where = eq(units.projectKey, projectKey);
    const [rows, [total]] = await Promise.all([
      unitsRepository
        .base(db)
        .where(where)
        .orderBy(asc(units.key))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(units).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The checker lists (SPEC §2): one status or all, optionally searched, in the asked order. */
  async listByStatus(
    db: Executor,
    scope: AccountScope,
    status: CheckerStatusFilter,
    query: { sort: CheckerSort; search?: string | undefined; offset: number; limit: number },
  ) {
    const where = scoped(
      scope,
      status === 'ALL' ? undefined : eq(units.approvalStatus, status),
      containsText(query.search, SEARCHED_COLUMNS),
    );
    const [rows, [total]] = await Promise.all([
      unitsRepository
        .base(db)
        .where(where)
        .orderBy(...checkerListOrder(query.sort, units))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ n: count() })
        .from(units)
        .innerJoin(projects, eq(projects.key, units.projectKey))
        .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
        .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * The units that may be ready to submit, most recently updated first: not locked, and with at
   * least a full set of live files. Only a cheap narrowing; the domain rule decides readiness.
   */
  listFilledUnlocked(db: Executor, scope: AccountScope) {
    const liveFiles = sql`(select count(*) from ${unitFiles}
      where ${unitFiles.parentKey} = ${units.key}
        and ${unitFiles.completedAt} is not null and ${unitFiles.deletedAt} is null)`;
    return unitsRepository
      .base(db)
      .where(
        scoped(
          scope,
          inArray(units.approvalStatus, ['NOT_RAISED', 'REJECTED']),
          sql`${liveFiles} >= ${REQUIRED_FILE_COUNT.unit}`,
        ),
      )
      .orderBy(desc(units.updatedAt), asc(units.key));
  },

  async saveStatus(db: Executor, key: string, expectedVersion: number, changes: SetStatusChange) {
    const updated = await db
      .update(units)
      .set({ ...changes, version: sql`${units.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(units.key, key), eq(units.version, expectedVersion)))
      .returning({ key: units.key });
    return updated.length === 1;
  },
};

export type UnitWithOwners = NonNullable<Awaited<ReturnType<typeof unitsRepository.find>>>;
