import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase } from './database.ts';

export const TEST_INTEGRATION_KEY = 'test-integration-key-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  env: Env;
  close(): Promise<void>;
}

/** A real app over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), driven by inject. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  clock: Pick<AppDeps, 'now'> = {},
): Promise<TestApp> {
  const handle = await openTestDatabase();
  // Stored files and the dev mail outbox of this app live in a folder of its own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  let t: TestApp;
  try {
    t = await buildTestApp(handle, dataDir, overrides, clock);
  } catch (error) {
    await handle.close();
    removeDataDir();
    throw error;
  }
  return {
    ...t,
    close: async () => {
      await t.close();
      removeDataDir();
    },
  };
}

/**
 * A test app on the embedded default as `npm start` runs it: PGlite and stored files in
 * `dataDir`, which it locks until closed and leaves in place.
 */
export async function createTestAppOnDataDir(
  dataDir: string,
  overrides: Record<string, string> = {},
): Promise<TestApp> {
  const handle = await openDatabase({ kind: 'pglite', dataDir, waitForStaleLock: false });
  try {
    return await buildTestApp(handle, dataDir, overrides);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function buildTestApp(
  handle: DatabaseHandle,
  dataDir: string,
  overrides: Record<string, string>,
  clock: Pick<AppDeps, 'now'> = {},
): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    INTEGRATION_API_KEY: TEST_INTEGRATION_KEY,
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
  // A stand-in for the built web app, so page routes answer the same whether or not
  // `npm run build` has run before the tests. Outside DATA_DIR: it is no data of the app's.
  const webDist = mkdtempSync(path.join(tmpdir(), 'portal-test-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Borrower Portal</title>');
  const removeWebDist = () => rmSync(webDist, { recursive: true, force: true });
  let app: FastifyInstance | undefined;
  try {
    // No plugin timeout: on a busy machine loading the app can outlast Fastify's 10 s; the
    // test's own set-up timeout bounds it.
    app = await buildApp({
      env,
      db: handle.db,
      logger: false,
      webDist,
      pluginTimeout: 0,
      ...clock,
    });
    await app.ready();
  } catch (error) {
    await app?.close();
    removeWebDist();
    throw error;
  }
  const started = app;
  return {
    app: started,
    db: handle.db,
    env,
    close: async () => {
      await started.close();
      await handle.close();
      removeWebDist();
    },
  };
}
