import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, testPostgresUrl } from '../../test/database.ts';
import { MIGRATIONS_FOLDER } from '../install-paths.ts';
import { MIGRATION_LOCK_KEY, openDatabase, queryRows, type DatabaseHandle } from './client.ts';

const serverUrl = testPostgresUrl();
const migrationCount = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase() {
  const fresh = await createFreshPostgresDatabase(serverUrl!, { empty: true });
  cleanups.push(fresh.drop);
  return fresh.url;
}

function keep(handle: DatabaseHandle) {
  cleanups.push(() => handle.close());
  return handle;
}

describe.skipIf(!serverUrl)('migrations on one PostgreSQL shared by several replicas', () => {
  it('migrate exactly once when three replicas open an empty database at once', async () => {
    const url = await emptyDatabase();

    const opened = await Promise.allSettled(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })),
    );
    for (const result of opened) if (result.status === 'fulfilled') keep(result.value);

    expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const [first] = opened as PromiseFulfilledResult<DatabaseHandle>[];
    const applied = await queryRows<{ hash: string }>(
      first!.value.db,
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    expect(applied).toHaveLength(migrationCount);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(migrationCount);
  });

  it('make a starting replica wait while another holds the migration lock', async () => {
    const url = await emptyDatabase();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);

    let isOpen = false;
    const opening = openDatabase({ kind: 'postgres', url }).then((handle) => {
      isOpen = true;
      return keep(handle);
    });
    await sleep(1_000);
    expect(isOpen).toBe(false);
    const tables = await other.query(`select 1 from pg_tables where schemaname = 'public'`);
    expect(tables.rowCount).toBe(0);

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const handle = await opening;
    const applied = await queryRows(handle.db, sql`select 1 from drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(migrationCount);
  });

  it('free the lock when the replica holding it dies, so the next one migrates', async () => {
    const url = await emptyDatabase();
    const dying = new pg.Client({ connectionString: url });
    await dying.connect();
    dying.on('error', () => {});
    await dying.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);

    let isOpen = false;
    const opening = openDatabase({ kind: 'postgres', url }).then((handle) => {
      isOpen = true;
      return keep(handle);
    });
    await sleep(500);
    expect(isOpen).toBe(false);
    // The session ends without unlocking, as a killed process's would.
    const { processID } = dying as unknown as { processID: number };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [processID]);
    await admin.end();

    const handle = await opening;
    const applied = await queryRows(handle.db, sql`select 1 from drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(migrationCount);
  });
});
