import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

/**
 * The database a test runs against: a fresh in-memory PGlite by default, or — when
 * TEST_DATABASE_URL names a PostgreSQL server — a brand-new database on it, dropped afterwards,
 * so the same suite proves both engines and test files never share state.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory' });

  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
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
