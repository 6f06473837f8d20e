import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/lists/index.ts';
import { collaterals } from '../../db/schema.ts';

export type CollateralRow = typeof collaterals.$inferSelect;

export const toCollateral = (row: CollateralRow) => ({
  key: row.key,
  accountId: row.accountKey,
  collateralName: row.collateralName,
});

export const collateralsRepository = {
  async listForAccount(db: Executor, accountKey: string, page: { offset: number; limit: number }) {
    const where = eq(collaterals.accountKey, sql.placeholder('account'));
    const values = { account: accountKey, ...page };
    const [rows, [total]] = await Promise.all([
      preparedOnce(db, 'collaterals.account', (name) =>
        db
          .select()
          .from(collaterals)
          .where(where)
          .orderBy(asc(collaterals.key))
          .offset(sql.placeholder('offset'))
          .limit(sql.placeholder('limit'))
          .prepare(name),
      ).execute(values),
      preparedOnce(db, 'collaterals.account.total', (name) =>
        db.select({ n: count() }).from(collaterals).where(where).prepare(name),
      ).execute(values),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** A collateral by its key, of `accountKey` when given: prepared once per variant. */
  async find(db: Executor, key: string, accountKey?: string) {
    const [row] = await preparedOnce(
      db,
      `collateral.${accountKey ? 'account' : 'all'}.by-key`,
      (name) =>
        db
          .select()
          .from(collaterals)
          .where(
            and(
              eq(collaterals.key, sql.placeholder('key')),
              accountKey ? eq(collaterals.accountKey, sql.placeholder('account')) : undefined,
            ),
          )
          .prepare(name),
    ).execute({ key, account: accountKey });
    return row;
  },
};
