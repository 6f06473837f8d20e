import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, FrequencyListQuery } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, collaterals, frequencies } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

const columns = {
  frequency: frequencies,
  accountKey: collaterals.accountKey,
  accountName: accounts.name,
  collateralName: collaterals.collateralName,
};

const scoped = (scope: AccountScope, condition?: SQL) =>
  and(scope === null ? undefined : eq(collaterals.accountKey, scope), condition);

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

  /** The collateral checker / status list (SPEC §2). */
  async listByStatus(
    db: Executor,
    scope: AccountScope,
    status: ApprovalStatus,
    query: { newestFirst: boolean; offset: number; limit: number },
  ) {
    const where = scoped(scope, eq(frequencies.approvalStatus, status));
    const order = query.newestFirst ? desc(frequencies.updatedAt) : asc(frequencies.updatedAt);
    const [rows, [total]] = await Promise.all([
      frequenciesRepository
        .base(db)
        .where(where)
        .orderBy(order, asc(frequencies.key))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ n: count() })
        .from(frequencies)
        .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async saveStatus(db: Executor, key: string, expectedVersion: number, status: ApprovalStatus) {
    const updated = await db
      .update(frequencies)
      .set({
        approvalStatus: status,
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
