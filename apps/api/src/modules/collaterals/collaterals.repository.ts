import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { collaterals } from '../../db/schema.ts';

export type CollateralRow = typeof collaterals.$inferSelect;

export const toCollateral = (row: CollateralRow) => ({
  key: row.key,
  accountId: row.accountKey,
  collateralName: row.collateralName,
});

export const collateralsRepository = {
  async listForAccount(db: Executor, accountKey: string, page: { offset: number; limit: number }) {
    const where = eq(collaterals.accountKey, accountKey);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(collaterals)
        .where(where)
        .orderBy(asc(collaterals.key))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(collaterals).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async find(db: Executor, key: string, accountKey?: string) {
    const [row] = await db
      .select()
      .from(collaterals)
      .where(
        and(
          eq(collaterals.key, key),
          accountKey ? eq(collaterals.accountKey, accountKey) : undefined,
        ),
      );
    return row;
  },
};
