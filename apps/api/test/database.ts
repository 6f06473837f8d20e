import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set; otherwise PGlite. */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** A brand-new database on the test PostgreSQL server, and the way to drop it. */
export async function createFreshPostgresDatabase(serverUrl: string) {
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The database a test runs against: a fresh in-memory PGlite by default, or — when
 * TEST_DATABASE_URL names a PostgreSQL server — a brand-new database on it, dropped afterwards,
 * so the same suite proves both engines and test files never share state.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory' });
  const fresh = await createFreshPostgresDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: fresh.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
