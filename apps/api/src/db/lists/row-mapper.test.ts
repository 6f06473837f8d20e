import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts, users } from '../schema.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { seedAccount, seedBorrower } from '../../../test/factories.ts';
import { withRowMapper } from './row-mapper.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBorrower(handle.db);
  await seedBorrower(handle.db, { disabled: true });
  await seedAccount(handle.db, { name: 'Nobody signed up' });
});
afterAll(() => handle.close());

/** A selection with every kind of field: a whole table, nested objects, typed and raw SQL. */
function selection() {
  return {
    account: accounts,
    user: { username: users.username, createdAt: users.createdAt },
    access: { disabled: users.disabled, name: users.name },
    files: sql<number>`${count()}`.mapWith(Number),
    names: sql<string[]>`array[${accounts.key}::text, ${users.username}::text]`,
    nothing: sql<null>`null`,
    since: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
  };
}

const inOrder = (rows: unknown[]) => JSON.stringify(rows);

it('writes every row exactly as drizzle does: values, types, nesting and key order', async () => {
  const { db } = handle;
  const query = (name: string) =>
    db
      .select(selection())
      .from(accounts)
      .innerJoin(users, eq(users.accountKey, accounts.key))
      .where(sql`${accounts.name} like ${sql.placeholder('pattern')}`)
      .groupBy(accounts.key, users.id)
      .orderBy(accounts.key)
      .prepare(name);
  const byDrizzle = await query('row-mapper.drizzle').execute({ pattern: 'Account%' });
  const mapped = withRowMapper(query('row-mapper.mapped'));
  expect((mapped as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
    expect.any(Function),
  );
  const byMapper: typeof byDrizzle = await mapped.execute({ pattern: 'Account%' });

  expect(byMapper).toHaveLength(2);
  expect(byMapper).toEqual(byDrizzle);
  expect(inOrder(byMapper)).toBe(inOrder(byDrizzle));
  const [first] = byMapper;
  expect(first?.account.createdAt).toBeInstanceOf(Date);
  expect(first?.since).toBeInstanceOf(Date);
  expect(first?.files).toBe(1);
  expect(first?.nothing).toBeNull();
  expect(byMapper.map((row) => row.access.disabled).sort()).toEqual([false, true]);
});

it('leaves a left join with a nested table to drizzle, which answers null for a table that matched nothing', async () => {
  const { db } = handle;
  const prepared = withRowMapper(
    db
      .select({ account: accounts.key, user: { username: users.username, name: users.name } })
      .from(accounts)
      .leftJoin(users, eq(users.accountKey, accounts.key))
      .where(eq(accounts.name, 'Nobody signed up'))
      .prepare('row-mapper.left'),
  );
  expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
    undefined,
  );
  const [row] = await prepared.execute();
  expect(row?.user).toBeNull();
});

it('maps a flat left join: a column of a table that matched nothing is null, as with drizzle', async () => {
  const { db } = handle;
  const query = (name: string) =>
    db
      .select({ account: accounts.key, username: users.username, since: users.createdAt })
      .from(accounts)
      .leftJoin(users, eq(users.accountKey, accounts.key))
      .where(eq(accounts.name, 'Nobody signed up'))
      .prepare(name);
  const mapped = withRowMapper(query('row-mapper.flat-left'));
  expect((mapped as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
    expect.any(Function),
  );
  const rows = await mapped.execute();
  expect(rows).toEqual(await query('row-mapper.flat-left.drizzle').execute());
  expect(rows).toEqual([{ account: expect.any(String), username: null, since: null }]);
});
