import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  DEFAULT_DUE_DAY,
  type ImportAccount,
  type ImportCollateral,
  type ImportOpportunity,
  type ImportProject,
  type ImportUnit,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, collaterals, opportunities, projects, units } from '../../db/schema.ts';

const CHUNK = 500;

/** Insert-or-update by key; `columns` are the lender-owned fields, so workflow state is never touched. */
async function upsert<T extends PgTable>(
  db: Executor,
  table: T,
  keyColumn: PgColumn,
  rows: Record<string, unknown>[],
  columns: Record<string, PgColumn>,
) {
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const [field, column] of Object.entries(columns))
    set[field] = sql.raw(`excluded."${column.name}"`);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflictDoUpdate({ target: keyColumn, set });
  }
}

export const lenderDataRepository = {
  async existingKeys(
    db: Executor,
    kind: 'accounts' | 'opportunities' | 'projects',
    keys: string[],
  ) {
    if (keys.length === 0) return new Set<string>();
    const table = { accounts, opportunities, projects }[kind];
    const found = await db.select({ key: table.key }).from(table).where(inArray(table.key, keys));
    return new Set(found.map((r) => r.key));
  },

  upsertAccounts: (db: Executor, rows: ImportAccount[]) =>
    upsert(db, accounts, accounts.key, rows, { name: accounts.name, email: accounts.email }),

  upsertOpportunities: (db: Executor, rows: ImportOpportunity[]) =>
    upsert(
      db,
      opportunities,
      opportunities.key,
      rows.map(({ accountId, ...rest }) => ({ ...rest, accountKey: accountId })),
      {
        accountKey: opportunities.accountKey,
        name: opportunities.name,
        sanctionAmount: opportunities.sanctionAmount,
        peakExposure: opportunities.peakExposure,
        currentFace: opportunities.currentFace,
      },
    ),

  upsertProjects: (db: Executor, rows: ImportProject[]) =>
    upsert(
      db,
      projects,
      projects.key,
      rows.map((row) => ({ ...row, address: row.address || null })),
      {
        opportunityKey: projects.opportunityKey,
        name: projects.name,
        address: projects.address,
      },
    ),

  /** A unit carries its project's loan's account (the lists' borrower scope). */
  async upsertUnits(db: Executor, rows: ImportUnit[]) {
    const projectKeys = [...new Set(rows.map((u) => u.projectKey))];
    const owners =
      projectKeys.length === 0
        ? []
        : await db
            .select({ projectKey: projects.key, accountKey: opportunities.accountKey })
            .from(projects)
            .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
            .where(inArray(projects.key, projectKeys));
    const accountOf = new Map(owners.map((o) => [o.projectKey, o.accountKey]));
    const withAccounts = rows.map((u) => ({ ...u, accountKey: accountOf.get(u.projectKey) }));
    await upsert(db, units, units.key, withAccounts, {
      projectKey: units.projectKey,
      accountKey: units.accountKey,
      name: units.name,
      tower: units.tower,
      floor: units.floor,
      unit: units.unit,
      areaSqft: units.areaSqft,
      customerName: units.customerName,
      maxSellingPrice: units.maxSellingPrice,
      baseSellingPrice: units.baseSellingPrice,
      totalSaleValue: units.totalSaleValue,
      amountToBeReceived: units.amountToBeReceived,
      selectedNoc: units.selectedNoc,
    });
  },

  /** The calendar is the lender's too: a collateral sent without one has none. */
  upsertCollaterals: (db: Executor, rows: ImportCollateral[]) =>
    upsert(
      db,
      collaterals,
      collaterals.key,
      rows.map(({ accountId, since, monitoringFrequency, dueDay, ...rest }) => ({
        ...rest,
        accountKey: accountId,
        dueDay: dueDay ?? DEFAULT_DUE_DAY,
        monitoringFrequency: monitoringFrequency ?? null,
        monitoringSince: since ? `${since}-01` : null,
      })),
      {
        accountKey: collaterals.accountKey,
        collateralName: collaterals.collateralName,
        monitoringFrequency: collaterals.monitoringFrequency,
        dueDay: collaterals.dueDay,
        monitoringSince: collaterals.monitoringSince,
      },
    ),
};
