import { mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { MIGRATIONS_FOLDER } from '../install-paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories accept either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string; waitForStaleLock?: boolean }
  /** In memory; from a data folder another database dumped (`dumpDataDir`), else empty. */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

/** DATABASE_URL wins; otherwise the embedded database in DATA_DIR (docs/product.md#components). */
export function databaseTarget(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
}

/** The database as the start-up log names it: where it is, never who connects or with what. */
export function describeDatabase(target: DatabaseTarget): string {
  switch (target.kind) {
    case 'postgres': {
      const url = new URL(target.url);
      const host = url.host || url.searchParams.get('host') || 'localhost';
      return `PostgreSQL ${host}${decodeURIComponent(url.pathname)}`;
    }
    case 'pglite':
      return `embedded PGlite in ${path.resolve(target.dataDir)}`;
    case 'pglite-memory':
      return 'embedded PGlite in memory';
  }
}

export class DataDirLockedError extends Error {}

/** Opens the database and applies every pending migration before anything else uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Named statements (the lists, the session lookup) keep one plan per connection. Left to
      // itself PostgreSQL plans each list page anew (about 1 ms at a million units), as a page's
      // cost depends on its limit and offset; the generic plan is the same index plan, and the
      // plan tests hold every list to it. Unnamed statements are planned per call either way.
      // No JIT: a generic plan prices `limit $1` as a tenth of the table, so PostgreSQL compiled
      // the files screen's page on every call (4 ms to run a 0.1 ms plan at the 1M book).
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    // A connection the server drops (restart, failover, an outbox claim's timeout) must not crash
    // the process, whether idle or in use (its next query fails instead): the pool replaces it,
    // and readyz reports the database while it is unreachable. Each connection reports its own
    // loss; the pool's event for an idle one is the same loss again.
    pool.on('error', () => {});
    pool.on('connect', (connection) =>
      connection.on('error', (error) =>
        console.warn(`PostgreSQL connection lost: ${error.message}`),
      ),
    );
    const db = drizzlePg(pool, { schema });
    try {
      await migrateExclusively(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  // The embedded database (a large WebAssembly module) is loaded only when it is the one in use.
  const { PGlite, drizzlePglite, migratePglite } = await loadPglite();
  const extensions = await pgliteExtensions();
  if (target.kind === 'pglite-memory') {
    const client = await PGlite.create({ loadDataDir: target.loadDataDir, extensions });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  }

  const dataDir = path.resolve(target.dataDir);
  const release = await lockDataDir(dataDir, target.waitForStaleLock ?? true);
  try {
    const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function loadPglite() {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzlePglite, migratePglite };
}

/**
 * The extensions the schema creates, which PGlite loads into every database it opens (the files
 * screen's search indexes are pg_trgm's).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/**
 * The PostgreSQL advisory lock replicas take turns behind to migrate: the ASCII bytes of
 * "portal". Migrations run at every start, and two replicas migrating one database at once race
 * (both create the same types and one fails), so each takes this lock first: the first migrates,
 * the others wait and then find nothing to do.
 */
export const MIGRATION_LOCK_KEY = 0x706f7274616c;

/** Migrates holding the lock on one dedicated connection, so the lock and the work share a session. */
async function migrateExclusively(pool: pg.Pool) {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    connection.release();
  } catch (error) {
    // Closing the connection ends its session, which releases the lock whatever state it is in.
    connection.release(true);
    throw error;
  }
}

/**
 * What locking puts in a DATA_DIR: proper-lockfile's lock folder, and beside it (it removes its
 * folder only when empty) the record of the process holding it.
 */
export const DATA_DIR_LOCK_FILES = ['portal.lock', 'portal.lock.owner'] as const;

/** The process holding a DATA_DIR lock, and what makes its number mean that process. */
interface LockOwner {
  pid: number;
  hostname: string;
  /** The PID namespace (`/proc/self/ns/pid`): in another container the same number is another process. */
  pidNamespace: string;
}

function thisProcess(): LockOwner {
  let pidNamespace = '';
  try {
    pidNamespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // No /proc (not Linux): an owner is never judged ended, and a lock goes stale by time only.
  }
  return { pid: process.pid, hostname: hostname(), pidNamespace };
}

/**
 * Whether the lock's recorded owner was a process of this machine and PID namespace that has
 * ended (killed, or crashed): its lock need not be waited out. Anything unsure is "no".
 */
function ownerHasEnded(ownerFile: string): boolean {
  let owner: LockOwner;
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as LockOwner;
  } catch {
    return false;
  }
  const me = thisProcess();
  if (!me.pidNamespace || owner.pidNamespace !== me.pidNamespace) return false;
  if (owner.hostname !== me.hostname || owner.pid === me.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * PGlite does not lock its folder and two writers corrupt it, so the folder is locked here.
 * A lock left by a process that has ended (its PID, recorded beside the lock, is gone from this
 * machine) is taken over at once: a restart after a crash starts straight away. Otherwise a lock
 * left by a killed process goes stale after 10 s; waiting a little longer than that lets a
 * restart succeed while a live second process is still refused. Should two processes take one
 * lock together, the lock's update check stops the one that loses it (`onCompromised`).
 */
export async function lockDataDir(
  dataDir: string,
  waitForStaleLock: boolean,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const [lockName, ownerName] = DATA_DIR_LOCK_FILES;
  const lockPath = path.join(dataDir, lockName);
  const ownerFile = path.join(dataDir, ownerName);
  if (ownerHasEnded(ownerFile)) rmSync(lockPath, { recursive: true, force: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: 10_000,
      update: 2_000,
      retries: waitForStaleLock
        ? { retries: 7, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 }
        : 0,
      onCompromised: (error) => {
        // Another process took the folder over: stop rather than write into it together.
        console.error(`DATA_DIR lock lost (${error.message}); stopping to protect the data.`);
        process.exit(1);
      },
    });
    writeFileSync(ownerFile, JSON.stringify(thisProcess()));
    return async () => {
      rmSync(ownerFile, { force: true });
      await release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Borrower Portal process. ` +
          'Stop that process first, or give this one its own DATA_DIR.',
      );
    }
    throw error;
  }
}

/** Raw SQL for the few queries the query builder cannot express; both drivers answer `rows`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL's unique_violation (23505), wherever the driver nests it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
