import { createHash } from 'node:crypto';
import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../client.ts';
import { statementName } from './prepared.ts';

/** A LIKE pattern for "contains": `%` and `_` (and the escape itself) typed by a user are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains `text`, ignoring case; no condition when there is no text. */
export function containsText(text: string | undefined, columns: Column[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * Runs a search's statement planned for its values, in a transaction of its own. What a
 * "contains" finds varies by term (a trigram index finds few rows or millions), and the
 * connections' generic plans (`../client.ts`) plan it blind: the files screen's search took
 * 0.6–0.9 s a statement so, against 30 ms planned for its term, at 8,000,000 files. (JIT is off
 * on the pool's connections: a search plan that may walk every file is priced high, and compiling
 * it cost 1.4 s of a 90 ms search.)
 */
export function plannedForItsValues<T>(db: Executor, run: (tx: Transaction) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return run(tx);
  });
}

/**
 * `query` prepared under a name made of `prefix` and its SQL text, so each shape of a statement
 * built per request (a search's term is a parameter; its filters change the text) is parsed and
 * planned once per connection, with the connections' generic plans. For a statement whose work is
 * chosen as it runs rather than by its plan: the files search's page, 6–11 ms of planning a call
 * at the 1M book, each term of nine tried as fast or faster generic.
 */
export function preparedByText<
  T extends { toSQL(): { sql: string }; prepare(name: string): unknown },
>(query: T, prefix: string): ReturnType<T['prepare']> {
  const hash = createHash('sha256').update(query.toSQL().sql).digest('base64url').slice(0, 16);
  return query.prepare(statementName(`${prefix}.${hash}`)) as ReturnType<T['prepare']>;
}
