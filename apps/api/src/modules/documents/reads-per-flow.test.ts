import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TEST_INTEGRATION_KEY, type TestApp } from '../../../test/app.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { documentSetWorld, type DocumentSetWorld } from '../../../test/document-sets.ts';
import { pdfBytes, sendDocument } from '../../../test/documents.ts';
import { buildApp, storageFor } from '../../app.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { loadEnv } from '../../env.ts';

// What one request costs the database and the storage, counted, so that a change adding a read
// to a flow fails here: every statement the app sends is logged, and every object it reads.

/** A clamd that reads a whole INSTREAM and answers it clean, counting the bytes it was sent. */
async function countingClamd() {
  const scanned: number[] = [];
  const server = net.createServer((socket) => {
    let pending = Buffer.alloc(0);
    let started = false;
    let bytes = 0;
    socket.on('data', (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      if (!started) {
        const end = pending.indexOf(0);
        if (end < 0) return;
        pending = pending.subarray(end + 1);
        started = true;
      }
      while (pending.length >= 4) {
        const length = pending.readUInt32BE(0);
        if (length === 0) {
          scanned.push(bytes);
          socket.end('stream: OK\0');
          return;
        }
        if (pending.length < 4 + length) return;
        bytes += length;
        pending = pending.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    scanned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let handle: DatabaseHandle;
let clamd: Awaited<ReturnType<typeof countingClamd>>;
let t: TestApp;
let w: DocumentSetWorld;
const statements: string[] = [];
const dirs: string[] = [];
let storageReads: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  handle = await openTestDatabase();
  clamd = await countingClamd();
  // The same connection, through a drizzle instance that logs each statement it sends.
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Database;
  const [dataDir, webDist] = ['portal-reads-', 'portal-reads-web-'].map((prefix) =>
    mkdtempSync(path.join(tmpdir(), prefix)),
  );
  dirs.push(dataDir!, webDist!);
  writeFileSync(path.join(webDist!, 'index.html'), '<!doctype html><title>Borrower Portal</title>');
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir!,
    INTEGRATION_API_KEY: TEST_INTEGRATION_KEY,
    PUBLIC_URL: 'http://localhost:3000',
    SCANNER_URL: clamd.url,
  });
  const storage = storageFor(env);
  storageReads = vi.spyOn(storage, 'read');
  const app = await buildApp({ env, db, storage, logger: false, webDist, pluginTimeout: 0 });
  await app.ready();
  t = { app, db, env, close: () => app.close() };
  w = await documentSetWorld(t);
});
afterAll(async () => {
  await t?.close();
  await handle?.close();
  await clamd?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The statements one step sends, by the table they read or write: `select`, `update`, `insert`. */
async function statementsOf(step: () => Promise<unknown>) {
  statements.length = 0;
  storageReads.mockClear();
  await step();
  const on = (table: string) =>
    statements
      .filter((sql) => new RegExp(`\\b(from|update|into|join) "${table}"`).test(sql))
      .map((sql) => sql.trimStart().split(/\s/)[0]!.toLowerCase());
  return { on, storageReads: storageReads.mock.calls.length };
}

it.each(['unit', 'frequency'] as const)(
  'finalises a %s reading it once, locked, and its files once',
  async (kind) => {
    const set = await w.reviewedSet(kind, () => 'APPROVED');
    const [table, filesTable] =
      kind === 'unit' ? ['units', 'unit_files'] : ['frequencies', 'frequency_files'];
    const finalise = await statementsOf(async () => {
      const answer = await w.call(w.approver.token, 'PUT', set.url, { approvalStatus: 'APPROVED' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()[kind]).toMatchObject({ approvalStatus: 'APPROVED', canSubmit: false });
    });
    // The set read under its lock (the route's check, the rule, the event and the answer all use
    // it), then saved; its live files read once.
    expect(finalise.on(table)).toEqual(['select', 'update']);
    expect(finalise.on(filesTable)).toEqual(['select']);
  },
);

it('starts and completes an upload reading its unit once each, and the file row once', async () => {
  const set = await w.emptySet('unit');
  const fileType = set.slots[0]!;
  const bytes = pdfBytes('counted');
  let created!: Awaited<ReturnType<typeof sendDocument>>['created'];
  const start = await statementsOf(async () => {
    ({ created } = await sendDocument(t.app, w.owner.token, set.filesUrl, fileType, { bytes }));
  });
  // The unit under its lock and its live files; the pending uploads counted per borrower (both
  // file tables) and per slot; the new row.
  expect(start.on('units')).toEqual(['select']);
  expect(start.on('unit_files')).toEqual(['select', 'select', 'select', 'insert']);
  expect(start.on('frequency_files')).toEqual(['select']);

  const complete = await statementsOf(async () => {
    const answer = await w.call(
      w.owner.token,
      'POST',
      `${set.filesUrl}/${created.json().file.key}/complete`,
    );
    expect(answer.statusCode).toBe(200);
  });
  // The pending row once; the unit once, locked, with its live files; the same bytes in other
  // accounts (both file tables); the row completed.
  expect(complete.on('units')).toEqual(['select']);
  expect(complete.on('unit_files')).toEqual(['select', 'select', 'select', 'update']);
  expect(complete.on('frequency_files')).toEqual(['select']);
});

it('completes an upload reading the stored object once, streamed to the scanner as it is hashed', async () => {
  const set = await w.emptySet('unit');
  const bytes = pdfBytes('read once');
  const { created } = await sendDocument(t.app, w.owner.token, set.filesUrl, set.slots[0]!, {
    bytes,
  });
  const scansBefore = clamd.scanned.length;
  const complete = await statementsOf(async () => {
    const answer = await w.call(
      w.owner.token,
      'POST',
      `${set.filesUrl}/${created.json().file.key}/complete`,
    );
    expect(answer.statusCode).toBe(200);
  });
  expect(complete.storageReads).toBe(1);
  expect(clamd.scanned.slice(scansBefore)).toEqual([bytes.length]);
});
