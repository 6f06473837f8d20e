import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, opportunities, projects, units } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

const unitColumns = {
  unit: units,
  opportunityKey: projects.opportunityKey,
  accountKey: opportunities.accountKey,
  accountName: accounts.name,
  projectName: projects.name,
};

function scoped(scope: AccountScope, condition?: SQL) {
  return and(scope === null ? undefined : eq(opportunities.accountKey, scope), condition);
}

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

  /** The checker lists (SPEC §2): one status, most or least recently updated first. */
  async listByStatus(
    db: Executor,
    scope: AccountScope,
    status: ApprovalStatus,
    query: { newestFirst: boolean; offset: number; limit: number },
  ) {
    const where = scoped(scope, eq(units.approvalStatus, status));
    const order = query.newestFirst ? desc(units.updatedAt) : asc(units.updatedAt);
    const [rows, [total]] = await Promise.all([
      unitsRepository
        .base(db)
        .where(where)
        .orderBy(order, asc(units.key))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ n: count() })
        .from(units)
        .innerJoin(projects, eq(projects.key, units.projectKey))
        .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async saveStatus(db: Executor, key: string, expectedVersion: number, status: ApprovalStatus) {
    const updated = await db
      .update(units)
      .set({ approvalStatus: status, version: sql`${units.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(units.key, key), eq(units.version, expectedVersion)))
      .returning({ key: units.key });
    return updated.length === 1;
  },
};

export type UnitWithOwners = NonNullable<Awaited<ReturnType<typeof unitsRepository.find>>>;

export const toUnit = (row: UnitWithOwners) => ({
  key: row.unit.key,
  name: row.unit.name,
  tower: row.unit.tower,
  floor: row.unit.floor,
  unit: row.unit.unit,
  areaSqft: row.unit.areaSqft,
  customerName: row.unit.customerName,
  maxSellingPrice: row.unit.maxSellingPrice,
  baseSellingPrice: row.unit.baseSellingPrice,
  totalSaleValue: row.unit.totalSaleValue,
  amountToBeReceived: row.unit.amountToBeReceived,
  approvalStatus: row.unit.approvalStatus,
  createdAt: row.unit.createdAt.toISOString(),
  updatedAt: row.unit.updatedAt.toISOString(),
  projectKey: row.unit.projectKey,
  selectedNoc: row.unit.selectedNoc,
  version: row.unit.version,
  meta: { opportunityKey: row.opportunityKey, projectKey: row.unit.projectKey },
});
