import { readFileSync } from 'node:fs';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle, type Executor } from '../client.ts';
import { openTestDatabase } from '../../../test/database.ts';

/**
 * list-triggers.sql is the current definition of the schema's functions and triggers: what the
 * migrations installed equals what the file makes, so neither can change without the other.
 */
const statements = readFileSync(new URL('./list-triggers.sql', import.meta.url), 'utf8').split(
  '--> statement-breakpoint',
);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

interface Definition {
  name: string;
  definition: string;
}

/**
 * Every function of the schema and every trigger on its tables, as PostgreSQL writes them (not
 * an extension's).
 */
const installed = (db: Executor) =>
  queryRows<Definition>(
    db,
    sql`select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'
           -- An extension's own functions (pg_trgm's) are the extension's, not the lists'.
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        union all
        select t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid)
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and not t.tgisinternal
         order by 1`,
  );

const isTrigger = ({ name }: Definition) => name.includes(' on ');

/** What the file alone makes: everything installed dropped, the file run, in a transaction undone. */
async function madeByTheFile(): Promise<Definition[]> {
  let made: Definition[] = [];
  try {
    await handle.db.transaction(async (tx) => {
      const all = await installed(tx);
      // Triggers first: a function's triggers would otherwise keep it from being dropped.
      for (const { name } of all.filter(isTrigger)) {
        const [trigger, table] = name.split(' on ') as [string, string];
        await tx.execute(sql`drop trigger ${sql.identifier(trigger)} on ${sql.identifier(table)}`);
      }
      for (const { name } of all.filter((definition) => !isTrigger(definition))) {
        await tx.execute(sql.raw(`drop function ${name}`));
      }
      expect(await installed(tx)).toEqual([]);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      made = await installed(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return made;
}

it('defines exactly the functions and triggers the migrations installed', async () => {
  const fromMigrations = await installed(handle.db);
  expect(fromMigrations.map(({ name }) => name)).toEqual(
    expect.arrayContaining(['count_list_rows()', 'units_counted_update on units']),
  );
  expect(await madeByTheFile()).toEqual(fromMigrations);
});
