import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  REQUIRED_FILE_COUNT,
  type CheckerSort,
  type CheckerStatusFilter,
  type FrequencyListQuery,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { SetStatusChange } from '../documents/document-set.ts';
import { checkerListOrder, containsText } from '../../db/list-queries.ts';
import { accounts, collaterals, frequencies, frequencyFiles } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

const columns = {
  frequency: frequencies,
  accountKey: collaterals.accountKey,
  accountName: accounts.name,
  collateralName: collaterals.collateralName,
};

const scoped = (scope: AccountScope, ...conditions: (SQL | undefined)[]) =>
  and(scope === null ? undefined : eq(collaterals.accountKey, scope), ...conditions);

/** What the checker lists' search looks in (a frequency's account and collateral). */
const SEARCHED_COLUMNS = [accounts.key, accounts.name, collaterals.collateralName];

// "Sort by key" means creation order: keys are random UUIDs (docs/decisions.md).
const sortColumns = {
  key: frequencies.createdAt,
  approvalStatus: frequencies.approvalStatus,
  frequency: frequencies.frequency,
  month: frequencies.month,
  year: frequencies.year,
};

export const frequenciesRepository = {
  base(db: Executor) {
    return db
      .select(columns)
      .from(frequencies)
      .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
      .innerJoin(accounts, eq(accounts.key, collaterals.accountKey));
  },

  async find(
    db: Executor,
    scope: AccountScope,
    key: string,
    options: { forUpdate?: boolean } = {},
  ) {
    const query = frequenciesRepository.base(db).where(scoped(scope, eq(frequencies.key, key)));
    const [row] = await (options.forUpdate ? query.for('update', { of: frequencies }) : query);
    return row;
  },

  /** Several frequencies at once (bulk answers), those the scope may see. */
  findMany(db: Executor, scope: AccountScope, keys: string[]) {
    return frequenciesRepository.base(db).where(scoped(scope, inArray(frequencies.key, keys)));
  },

  async findPeriod(
    db: Executor,
    period: { collateralKey: string; frequency: number; month: number; year: number },
  ) {
    const [row] = await db
      .select({ key: frequencies.key })
      .from(frequencies)
      .where(
        and(
          eq(frequencies.collateralKey, period.collateralKey),
          eq(frequencies.frequency, period.frequency),
          eq(frequencies.month, period.month),
          eq(frequencies.year, period.year),
        ),
      );
    return row;
  },

  async insert(db: Executor, row: typeof frequencies.$inferInsert) {
    const [created] = await db.insert(frequencies).values(row).returning({ key: frequencies.key });
    return created!;
  },

  async listForCollateral(db: Executor, collateralKey: string, query: FrequencyListQuery) {
    const where = eq(frequencies.collateralKey, collateralKey);
    const column = sortColumns[query.sortColumn];
    const [rows, [total]] = await Promise.all([
      frequenciesRepository
        .base(db)
        .where(where)
        .orderBy(
          query.sortOrder === 'bottomUp' ? desc(column) : asc(column),
          asc(frequencies.createdAt),
        )
        .offset((query.page - 1) * query.perPage)
        .limit(query.perPage),
      db.select({ n: count() }).from(frequencies).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The collateral checker / status list (SPEC §2): one status or all, optionally searched. */
  async listByStatus(
    db: Executor,
    scope: AccountScope,
    status: CheckerStatusFilter,
    query: { sort: CheckerSort; search?: string | undefined; offset: number; limit: number },
  ) {
    const where = scoped(
      scope,
      status === 'ALL' ? undefined : eq(frequencies.approvalStatus, status),
      containsText(query.search, SEARCHED_COLUMNS),
    );
    const [rows, [total]] = await Promise.all([
      frequenciesRepository
        .base(db)
        .where(where)
        .orderBy(...checkerListOrder(query.sort, frequencies))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ n: count() })
        .from(frequencies)
        .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
        .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * The frequencies that may be ready to submit, most recently updated first: not locked, and with
   * at least a full set of live files. Only a cheap narrowing; the domain rule decides readiness.
   */
  listFilledUnlocked(db: Executor, scope: AccountScope) {
    const liveFiles = sql`(select count(*) from ${frequencyFiles}
      where ${frequencyFiles.parentKey} = ${frequencies.key}
        and ${frequencyFiles.completedAt} is not null and ${frequencyFiles.deletedAt} is null)`;
    return frequenciesRepository
      .base(db)
      .where(
        scoped(
          scope,
          inArray(frequencies.approvalStatus, ['NOT_RAISED', 'REJECTED']),
          sql`${liveFiles} >= ${REQUIRED_FILE_COUNT.frequency}`,
        ),
      )
      .orderBy(desc(frequencies.updatedAt), asc(frequencies.key));
  },

  async saveStatus(db: Executor, key: string, expectedVersion: number, changes: SetStatusChange) {
    const updated = await db
      .update(frequencies)
      .set({
        ...changes,
        version: sql`${frequencies.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(frequencies.key, key), eq(frequencies.version, expectedVersion)))
      .returning({ key: frequencies.key });
    return updated.length === 1;
  },
};

export type FrequencyWithOwners = NonNullable<
  Awaited<ReturnType<typeof frequenciesRepository.find>>
>;
