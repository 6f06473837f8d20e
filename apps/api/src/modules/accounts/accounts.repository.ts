import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsText, preparedOnce, tableTotal } from '../../db/lists/index.ts';
import { accounts, collaterals, opportunities, users } from '../../db/schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export const toAccount = (row: AccountRow) => ({
  key: row.key,
  accountId: row.key,
  name: row.name,
  email: row.email,
});

export const accountsRepository = {
  async find(db: Executor, key: string) {
    const [row] = await preparedOnce(db, 'account.by-key', (name) =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.key, sql.placeholder('key')))
        .prepare(name),
    ).execute({ key });
    return row;
  },

  async findForUpdate(db: Executor, key: string) {
    const [row] = await db.select().from(accounts).where(eq(accounts.key, key)).for('update');
    return row;
  },

  async list(db: Executor, search: string | undefined, page: { offset: number; limit: number }) {
    const where = containsText(search, [accounts.key, accounts.name]);
    if (!where) {
      // Every account, page by page: prepared once, the total kept.
      const [rows, [total]] = await Promise.all([
        preparedOnce(db, 'accounts.all', (name) =>
          db
            .select()
            .from(accounts)
            .orderBy(asc(accounts.key))
            .offset(sql.placeholder('offset'))
            .limit(sql.placeholder('limit'))
            .prepare(name),
        ).execute(page),
        preparedOnce(db, 'accounts.all.total', (name) =>
          tableTotal(db, 'accounts').prepare(name),
        ).execute(),
      ]);
      return { rows, total: total?.n ?? 0 };
    }
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(accounts)
        .where(where)
        .orderBy(asc(accounts.key))
        .offset(page.offset)
        .limit(page.limit),
      // A search counts what it found.
      db.select({ n: count() }).from(accounts).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async update(
    db: Executor,
    key: string,
    changes: { name?: string | undefined; email?: string | undefined },
  ) {
    const [row] = await db
      .update(accounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(accounts.key, key))
      .returning();
    return row!;
  },

  /** What still hangs off an account; an account with any of these is not deleted. */
  async dependents(db: Executor, key: string) {
    const [[loans], [people], [securities]] = await Promise.all([
      db.select({ n: count() }).from(opportunities).where(eq(opportunities.accountKey, key)),
      db.select({ n: count() }).from(users).where(eq(users.accountKey, key)),
      db.select({ n: count() }).from(collaterals).where(eq(collaterals.accountKey, key)),
    ]);
    return { loans: loans?.n ?? 0, users: people?.n ?? 0, collaterals: securities?.n ?? 0 };
  },

  async delete(db: Executor, key: string) {
    await db.delete(accounts).where(eq(accounts.key, key));
  },
};
