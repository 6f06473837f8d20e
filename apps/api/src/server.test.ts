import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SESSION_PATH } from '@portal/domain/identity-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/port.ts';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { openDatabase, queryRows } from './db/client.ts';

/**
 * The server as the image runs it: NODE_ENV=production on the embedded database, with tracing on
 * and its collector down. One process, started once, stopped by the last test.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-server-'));
let server: ServerProcess;

beforeAll(async () => {
  const port = await freePort();
  // Nothing listens there: the exporter's every attempt is refused.
  const closedPort = await freePort();
  server = await startServerProcess(
    {
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'server-process-test-secret-0123456789abcdef',
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${closedPort}`,
    },
    port,
  );
}, 150_000);

afterAll(async () => {
  if (server) await killServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server in production on the embedded database', () => {
  it('says at start which database and which storage it uses', () => {
    const { stdout } = server.output();
    expect(stdout).toContain(`database: embedded PGlite in ${path.resolve(dataDir)}`);
    expect(stdout).toContain(`storage: local disk in ${path.resolve(dataDir, 'files')}`);
  });

  it('exits 0 on SIGTERM after draining, though its traces cannot be flushed', async () => {
    // A traced request, so a span waits in the exporter's buffer at shutdown.
    expect((await fetch(`${server.base}${SESSION_PATH}`)).status).toBe(401);
    server.child.kill('SIGTERM');
    // Past its grace period close-with-grace would have exited 1.
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output().stdout).toContain('flushing the traces at shutdown failed');
  }, 30_000);

  it('left the demo book out: in production it loads only with DEMO_DATA=true', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await queryRows<{ accounts: number }>(
        database.db,
        sql`select count(*)::int as accounts from accounts`,
      );
      expect(row?.accounts).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
