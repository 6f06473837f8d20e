import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, testPostgresUrl } from '../../test/database.ts';
import { pdfBytes, sha256Hex } from '../../test/documents.ts';
import { seedBorrower, seedLoans, tokenFor } from '../../test/factories.ts';
import { startHoldingWebhookReceiver } from '../../test/holding-webhook-receiver.ts';
import { freePort } from '../../test/port.ts';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client.ts';
import { outbox, unitFiles } from '../db/schema.ts';
import { WEBHOOK_TOPIC } from '../modules/webhooks/webhooks.ts';

const serverUrl = testPostgresUrl();
const WEBHOOK_SECRET = 'shutdown-test-webhook-secret';
/** close-with-grace's delay in server.ts: past it the process is killed with exit code 1. */
const GRACE_MS = 10_000;

let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>> | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;
let database: DatabaseHandle | undefined;
let crm: Awaited<ReturnType<typeof startHoldingWebhookReceiver>> | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  fresh = await createFreshPostgresDatabase(serverUrl);
  crm = await startHoldingWebhookReceiver(WEBHOOK_SECRET);
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
  const port = await freePort();
  server = await startServerProcess(
    {
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'false',
      WEBHOOK_URL: crm.url('replica'),
      WEBHOOK_SECRET,
    },
    port,
  );
  database = await openDatabase({ kind: 'postgres', url: fresh.url });
}, 120_000);

afterAll(async () => {
  if (server) await killServerProcess(server);
  await database?.close();
  await fresh?.drop();
  await crm?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  status: number;
  body: string;
}

/**
 * A request whose body is sent in two halves: the server has it in flight from the first half
 * until `finish` sends the rest.
 */
function halfSent(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  agent: http.Agent | false = false,
) {
  const request = http.request(url, {
    method,
    agent,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const answered = new Promise<Sent>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on('error', reject);
  });
  // Awaited by `finish`; a test that fails before then must not also leave it unhandled.
  answered.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    answered,
    finish() {
      request.end(body.subarray(half));
      return answered;
    },
  };
}

/** A readiness probe (on a new connection by default): its status, or the connection error's code. */
function probe(base: string, agent: http.Agent | false = false): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(`${base}/api/readyz`, { agent }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!serverUrl)('a replica told to stop (SIGTERM) under load', () => {
  it('refuses new work, finishes requests in flight, releases its outbox claim and exits 0 in time', async () => {
    const { base } = server!;
    const db = database!.db;
    const { account, user } = await seedBorrower(db);
    const token = await tokenFor(db, user.id);
    const { units } = await seedLoans(db, account.key, { opportunities: 1, projects: 1, units: 4 });
    const filesUrl = (unit: number) => `${base}/api/units/${units[unit]!.key}/files`;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const startUpload = async (unit: number, bytes: Buffer) => {
      const created = await fetch(filesUrl(unit), {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(uploadBody('KYC_APPLICANT', bytes)),
      });
      expect(created.status).toBe(201);
      return (await created.json()) as {
        file: { key: string };
        meta: { presignedUrl: string; uploadHeaders: Record<string, string> };
      };
    };

    // The CRM holds its answer: the replica is mid-delivery, its claim open, when told to stop.
    crm!.hold();
    const delivered = pdfBytes('delivered');
    const first = await startUpload(0, delivered);
    const put = await fetch(`${base}${first.meta.presignedUrl}`, {
      method: 'PUT',
      headers: first.meta.uploadHeaders,
      body: delivered,
    });
    expect(put.status).toBe(200);
    const completed = await fetch(`${filesUrl(0)}/${first.file.key}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(completed.status).toBe(200);
    await until(() => crm!.heldFrom('replica') === 1, 'the replica is delivering', 10_000);

    // In flight when the signal comes: an upload's bytes, on a kept-alive connection that a load
    // balancer's readiness probe waits to reuse, and three requests with half their bodies sent.
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slowBytes = pdfBytes('sent slowly');
    const slow = await startUpload(1, slowBytes);
    const slowPut = halfSent(
      `${base}${slow.meta.presignedUrl}`,
      'PUT',
      slow.meta.uploadHeaders,
      slowBytes,
      keptAlive,
    );
    const queuedProbe = probe(base, keptAlive);
    const slowPosts = [1, 2, 3].map((unit) =>
      halfSent(
        filesUrl(unit),
        'POST',
        auth,
        Buffer.from(JSON.stringify(uploadBody('ATS_BBA', pdfBytes(`unit ${unit}`)))),
      ),
    );
    await sleep(300);

    const signalledAt = Date.now();
    server!.child.kill('SIGTERM');
    await until(
      async () => (await probe(base)) === 'ECONNREFUSED',
      'new connections are refused',
      2_000,
    );
    const refusedAfter = Date.now() - signalledAt;

    const [putAnswer, ...postAnswers] = await Promise.all([
      slowPut.finish(),
      ...slowPosts.map((post) => post.finish()),
    ]);
    expect(putAnswer!.status).toBe(200);
    expect(postAnswers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    // The probe that reused the kept-alive connection was told the replica is not ready.
    expect(await queuedProbe).toBe(503);
    expect(await probe(base)).toBe('ECONNREFUSED');

    const exit = await server!.exited;
    const stoppedAfter = Date.now() - signalledAt;
    console.log(
      `SIGTERM: new connections refused after ${refusedAfter} ms, exited after ${stoppedAfter} ms`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stoppedAfter).toBeLessThan(GRACE_MS);

    // What the requests in flight were told had happened, had.
    for (const answer of postAnswers) {
      const { key } = (JSON.parse(answer.body) as { file: { key: string } }).file;
      expect(await db.select().from(unitFiles).where(eq(unitFiles.key, key))).toHaveLength(1);
    }
    // The delivery in hand was given up, not failed: the job is due again as it was, and no
    // session holds it, so another replica takes it at once.
    crm!.release();
    expect(crm!.cut).toHaveLength(1);
    const [job] = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, WEBHOOK_TOPIC),
          sql`${outbox.payload}->>'id' = ${crm!.cut[0]!.eventId}`,
        ),
      );
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const claimable = await db.transaction((tx) =>
      queryRows(tx, sql`select id from ${outbox} where id = ${job!.id} for update nowait`),
    );
    expect(claimable).toHaveLength(1);
  }, 60_000);
});

function uploadBody(fileType: string, bytes: Buffer) {
  return {
    fileType,
    fileName: `${fileType.toLowerCase()}.pdf`,
    fileHash: sha256Hex(bytes),
    size: bytes.length,
    contentType: 'application/pdf',
    borrowerRemarks: `Remarks for ${fileType}`,
  };
}
