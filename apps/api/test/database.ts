import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type DatabaseHandle } from '../src/db/client.ts';

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set; otherwise PGlite. */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/**
 * A database migrated once per test run (test/global-setup.ts) that each test's database starts
 * as a copy of: migrating takes seconds, a copy a fraction of one. PGlite: a dump of its data
 * folder, in a file; PostgreSQL: a template database on the test server.
 */
export type DatabaseTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * The run's template, or none outside a vitest run (a script building a test app), where each
 * database is migrated as the server would.
 */
const runTemplate = (): DatabaseTemplate | undefined =>
  process.env.VITEST ? inject('databaseTemplate') : undefined;

export const databaseName = (purpose: string) =>
  `portal_${purpose}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

/**
 * A database of its own on the test PostgreSQL server, and the way to drop it: a copy of the
 * run's migrated template, or with `empty` (for the tests of migrations themselves) an empty one.
 */
export async function createFreshPostgresDatabase(
  serverUrl: string,
  { empty = false }: { empty?: boolean } = {},
) {
  const name = databaseName('test');
  const template = empty ? undefined : runTemplate();
  const from = template?.kind === 'postgres' ? ` template ${template.name}` : '';
  await withAdmin(serverUrl, (c) => c.query(`create database ${name}${from}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

let pgliteDump: Promise<Blob> | undefined;
const templateDump = (dumpFile: string) =>
  (pgliteDump ??= readFile(dumpFile).then((bytes) => new Blob([bytes])));

/**
 * A new DATA_DIR for a server process (test/server-process.ts) whose embedded database is a copy
 * of the run's migrated template, as a server that has run before finds it: migrating from empty
 * took a server process 10–18 s on a busy machine, the copy well under one. Without a PGlite
 * template (a run on PostgreSQL) the folder is empty and the server migrates it.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = runTemplate();
  if (template?.kind === 'pglite') {
    const client = await PGlite.create(path.join(dir, 'pgdata'), {
      loadDataDir: await templateDump(template.dumpFile),
      extensions: await pgliteExtensions(),
    });
    await client.close();
  }
  return dir;
}

/**
 * The database a test runs against: an in-memory PGlite by default, or — when TEST_DATABASE_URL
 * names a PostgreSQL server — a database of its own on it, dropped afterwards; either a copy of
 * the run's migrated template, so test files never share state. Opened as the server opens its
 * database, so migrations are checked (and none is left to apply).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) {
    const template = runTemplate();
    if (template?.kind !== 'pglite') return openDatabase({ kind: 'pglite-memory' });
    return openDatabase({
      kind: 'pglite-memory',
      loadDataDir: await templateDump(template.dumpFile),
    });
  }
  return openOwnPostgresDatabase(serverUrl);
}

/**
 * A database just migrated from empty, for tests of what the migrations themselves create:
 * in-memory PGlite, or an empty database on the test PostgreSQL server.
 */
export async function openNewlyMigratedDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory' });
  return openOwnPostgresDatabase(serverUrl, { empty: true });
}

async function openOwnPostgresDatabase(
  serverUrl: string,
  options?: Parameters<typeof createFreshPostgresDatabase>[1],
): Promise<DatabaseHandle> {
  const fresh = await createFreshPostgresDatabase(serverUrl, options);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ kind: 'postgres', url: fresh.url });
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

export async function withAdmin<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
