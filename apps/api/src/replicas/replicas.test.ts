import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLATERAL_SLOTS, currentMonthIn, unitSlotFileTypes } from '@portal/domain';
import { createFreshPostgresDatabase, testPostgresUrl } from '../../test/database.ts';
import { pdfBytes, sha256Hex } from '../../test/documents.ts';
import {
  seedBorrower,
  seedCollateral,
  seedLoans,
  seedStaff,
  tokenFor,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { startHoldingWebhookReceiver } from '../../test/holding-webhook-receiver.ts';
import { freePort } from '../../test/port.ts';
import { roundRobin, type RoundRobin } from '../../test/round-robin.ts';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client.ts';
import { outbox, reviewDecisions } from '../db/schema.ts';
import { MIGRATIONS_FOLDER } from '../install-paths.ts';
import { MAIL_TOPIC } from '../mail/mail-jobs.ts';
import { WEBHOOK_TOPIC } from '../modules/webhooks/webhooks.ts';

const serverUrl = testPostgresUrl();
const REPLICAS = 3;
const BORROWERS = 20;
const BUCKET = 'portal-replica-files';
const WEBHOOK_SECRET = 'replica-test-webhook-secret';
const APPROVER_EMAIL = 'checkers@lender.example';
const UNIT_SLOTS = unitSlotFileTypes('Final');
/** Requests one cycle makes: each upload's create and complete, submit, list, reviews, finalise. */
const cycleRequests = (slots: number) => slots * 2 + 1 + 1 + slots + 1;
/** A borrower's NOC cycle and monitoring cycle (which first adds its frequency). */
const REQUESTS_PER_BORROWER =
  cycleRequests(UNIT_SLOTS.length) + 1 + cycleRequests(COLLATERAL_SLOTS.length);

interface Replica extends ServerProcess {
  name: string;
}

const startedAt = Date.now();
const timings: string[] = [];
const dataDirs: string[] = [];
const replicas: Replica[] = [];
let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>> | undefined;
let database: DatabaseHandle | undefined;
let s3: S3rver | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
let crm: Awaited<ReturnType<typeof startHoldingWebhookReceiver>>;
let api: RoundRobin;
let approverToken: string;

/** The database as one named replica connects to it, so its sessions can be told apart. */
function connectionFor(url: string, name: string) {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!serverUrl)('three replicas on one PostgreSQL, round-robin', () => {
  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase(serverUrl!);
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'portal-replicas-s3-'));
    dataDirs.push(s3Dir);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3Port } = await s3.run();
    smtp = await startSmtpCapture();
    crm = await startHoldingWebhookReceiver(WEBHOOK_SECRET);

    // The address users would reach through the load balancer, shared by every replica.
    const publicUrl = `http://127.0.0.1:${await freePort()}`;
    // All at once, on an empty database: each migrates at start.
    const started = Date.now();
    const starting = Array.from({ length: REPLICAS }, async (_, i) => {
      const name = `replica-${i + 1}`;
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
      dataDirs.push(dataDir);
      const server = await startServerProcess(
        {
          DATABASE_URL: connectionFor(fresh!.url, name),
          DATA_DIR: dataDir,
          PUBLIC_URL: publicUrl,
          SESSION_SECRET: 'replica-test-session-secret-0123456789abcdef',
          INTEGRATION_API_KEY: 'replica-test-integration-key',
          DEMO_DATA: 'false',
          STORAGE_URL: `s3://S3RVER:S3RVER@${BUCKET}?endpoint=http://127.0.0.1:${s3Port}`,
          SMTP_URL: smtp!.url,
          APPROVER_EMAIL,
          WEBHOOK_URL: crm.url(name),
          WEBHOOK_SECRET,
        },
        port,
      );
      replicas.push({ ...server, name });
      return server;
    });
    const outcomes = await Promise.allSettled(starting);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    timings.push(`${REPLICAS} replicas started together in ${Date.now() - started} ms`);
    replicas.sort((a, b) => a.name.localeCompare(b.name));

    database = await openDatabase({ kind: 'postgres', url: fresh.url });
    api = roundRobin(replicas.map((r) => r.base));
    approverToken = await tokenFor(database.db, (await seedStaff(database.db, 'approver')).id);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => killServerProcess(replica)));
    await database?.close();
    await fresh?.drop();
    await smtp?.close();
    await crm?.close();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    console.log(
      [...timings, `replica suite took ${Math.round((Date.now() - startedAt) / 1000)} s`].join(
        '\n',
      ),
    );
  });

  it('all come up when started at once on an empty database, which is migrated exactly once', async () => {
    for (const replica of replicas) {
      expect((await fetch(`${replica.base}/api/readyz`)).status).toBe(200);
    }
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await queryRows<{ hash: string }>(
      database!.db,
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
  });

  it('share sessions: one made on one replica works on the others, and ends on all at sign-out', async () => {
    const { user } = await seedBorrower(database!.db);
    const [first, second, third] = replicas.map((r) => r.base) as [string, string, string];

    const signedIn = await api.callAt(first, 'POST', '/api/auth/signin', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const { token } = signedIn.json() as { token: string };
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;

    const bearerOnSecond = await api.callAt(second, 'GET', '/api/auth/session', { token });
    expect(bearerOnSecond.status).toBe(200);
    expect(bearerOnSecond.json().user.username).toBe(user.username);
    const cookieOnThird = await api.callAt(third, 'GET', '/api/auth/session', {
      headers: { cookie },
    });
    expect(cookieOnThird.status).toBe(200);
    expect(cookieOnThird.json().user.username).toBe(user.username);

    expect((await api.callAt(third, 'POST', '/api/auth/signout', { token })).status).toBe(204);
    expect((await api.callAt(first, 'GET', '/api/auth/session', { token })).status).toBe(401);
    const cookieAfter = await api.callAt(second, 'GET', '/api/auth/session', {
      headers: { cookie },
    });
    expect(cookieAfter.status).toBe(401);
  });

  it('share sign-in lock-outs: five failures through one replica lock the username on all', async () => {
    const { user } = await seedBorrower(database!.db);
    const [first, ...others] = replicas.map((r) => r.base) as [string, ...string[]];
    const signIn = (base: string, username: string, password: string) =>
      api.callAt(base, 'POST', '/api/auth/signin', { body: { username, password } });

    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(first, user.username, 'Wrong#pass1')).status).toBe(401);
    }
    // The user is locked by the e-mail too: one count per user, on every replica.
    for (const base of [...others, first]) {
      const refused = await signIn(base, user.email, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(
    `serve ${BORROWERS} borrowers' NOC and monitoring cycles round-robin, delivering every event ` +
      'and e-mail exactly once, and lose nothing when one replica is SIGKILLed mid-run',
    async () => {
      const borrowers = await seedBorrowers(BORROWERS);
      const victim = replicas[1]!;
      const survivors = replicas.filter((r) => r !== victim);
      const s3Puts: number[] = [];
      const runStarted = Date.now();
      let jobsPendingAtKill = 0;

      const killMidRun = async () => {
        await until(
          () => api.answers.length >= (BORROWERS * REQUESTS_PER_BORROWER * 2) / 5,
          'two fifths of the requests have been answered',
          120_000,
        );
        // Hold the CRM's answers until the victim is in the middle of a delivery: its claim's
        // row lock is held in an open transaction when it dies, and the others are mid-delivery
        // too, with more work queued behind them.
        crm.hold();
        await until(() => crm.heldFrom(victim.name) > 0, `${victim.name} is delivering`);
        await api.drain(victim.base);
        jobsPendingAtKill = await unfinishedJobs();
        await killServerProcess(victim, 'SIGKILL');
        // Its connections closed with it, and with them its transaction and the row lock.
        await until(
          async () => (await sessionsOf(victim.name)) === 0,
          `${victim.name}'s database sessions are gone`,
        );
        crm.release();
        timings.push(`${victim.name} killed after ${api.answers.length} answers`);
      };

      await Promise.all([
        killMidRun(),
        ...borrowers.flatMap((borrower, i) => [
          nocCycle(borrower, i % 2 === 0 ? 'APPROVED' : 'REJECTED', s3Puts),
          monitoringCycle(borrower, i % 2 === 0 ? 'REJECTED' : 'APPROVED', s3Puts),
        ]),
      ]);
      await until(
        async () => (await unfinishedJobs()) === 0,
        'the surviving replicas have finished the outbox',
        60_000,
      );
      timings.push(
        `${BORROWERS} borrowers' cycles (${api.answers.length} API requests, ${s3Puts.length} ` +
          `uploads to S3) and the outbox finished in ${Date.now() - runStarted} ms`,
      );

      // Every request was answered, none with a server error.
      expect(api.answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(s3Puts.every((status) => status === 200)).toBe(true);

      // Nothing acknowledged was lost: every set ended as its checker decided, every file in it.
      for (const borrower of borrowers) {
        for (const set of [borrower.unit, borrower.frequency]) {
          const read = await api.call('GET', set.url, { token: borrower.token });
          expect(read.json()[set.kind].approvalStatus).toBe(set.outcome);
          const files = await api.call('GET', `${set.filesUrl}?perPage=50`, {
            token: borrower.token,
          });
          expect(files.json().files).toHaveLength(set.slots.length);
        }
      }

      // The victim died holding a delivery, with more work queued; a surviving replica delivered
      // what it held afterwards.
      expect(jobsPendingAtKill).toBeGreaterThan(REPLICAS);
      expect(crm.cut.filter((d) => d.replica === victim.name).length).toBeGreaterThan(0);
      const survivorNames = survivors.map((r) => r.name);
      for (const interrupted of crm.cut) {
        const deliveries = crm.received.filter((d) => d.eventId === interrupted.eventId);
        expect(deliveries).toHaveLength(1);
        expect(survivorNames).toContain(deliveries[0]!.replica);
      }

      // Every webhook job delivered exactly once, each entity's in the order they were queued.
      const webhookJobs = await database!.db
        .select({ id: outbox.id, orderingKey: outbox.orderingKey, payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.topic, WEBHOOK_TOPIC))
        .orderBy(asc(outbox.id));
      const eventIdOf = (payload: unknown) => (payload as { id: string }).id;
      // Each event was handled once, whichever replica claimed it and whoever died holding it.
      const queuedIds = webhookJobs.map((job) => eventIdOf(job.payload));
      expect(new Set(queuedIds).size).toBe(queuedIds.length);
      expect(crm.badSignatures()).toBe(0);
      expect(crm.received.map((d) => d.eventId).sort()).toEqual(
        webhookJobs.map((job) => eventIdOf(job.payload)).sort(),
      );
      const receivedTypes = new Map<string, string[]>();
      const receivedIds = new Map<string, string[]>();
      for (const delivery of crm.received) {
        const event = JSON.parse(delivery.body) as { id: string; type: string; data: EventKeys };
        const entity = event.data.unitKey
          ? `unit:${event.data.unitKey}`
          : `frequency:${event.data.frequencyKey}`;
        receivedTypes.set(entity, [...(receivedTypes.get(entity) ?? []), event.type]);
        receivedIds.set(entity, [...(receivedIds.get(entity) ?? []), event.id]);
      }
      for (const [entity, ids] of receivedIds) {
        const queued = webhookJobs.filter((job) => job.orderingKey === entity);
        expect(ids).toEqual(queued.map((job) => eventIdOf(job.payload)));
      }
      for (const borrower of borrowers) {
        expect(receivedTypes.get(`unit:${borrower.unit.key}`)).toEqual([
          ...UNIT_SLOTS.map(() => 'file.uploaded'),
          'unit.submitted',
          ...UNIT_SLOTS.map(() => 'file.reviewed'),
          'unit.finalised',
          // An approved unit's NOC letter, issued by an outbox job once the approval commits.
          ...(borrower.unit.outcome === 'APPROVED' ? ['noc_letter.issued'] : []),
        ]);
        expect(receivedTypes.get(`frequency:${borrower.frequency.key}`)).toEqual([
          'frequency.created',
          ...COLLATERAL_SLOTS.map(() => 'file.uploaded'),
          'frequency.submitted',
          ...COLLATERAL_SLOTS.map(() => 'file.reviewed'),
          'frequency.finalised',
        ]);
      }

      // Every e-mail sent exactly once: for each unit and frequency, a submission notice to the
      // checkers and the outcome to its borrower (for an approved unit, the one mail that says its
      // NOC letter is ready), each linking to its own set.
      const mailJobs = await database!.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.topic, MAIL_TOPIC));
      const setKeys = borrowers.flatMap((b) => [b.unit.key, b.frequency.key]);
      const sent = smtp!.received.map((mail) => {
        // Quoted-printable wraps long lines with a trailing "=".
        const text = mail.raw.replace(/=\r?\n/g, '');
        return `${mail.rcptTo.join(',')} ${setKeys.filter((key) => text.includes(key)).join(',')}`;
      });
      const expected = borrowers.flatMap((b) => [
        ...[b.unit, b.frequency].flatMap((set) => [
          `${APPROVER_EMAIL} ${set.key}`,
          `${b.email} ${set.key}`,
        ]),
      ]);
      expect(mailJobs).toHaveLength(expected.length);
      expect(sent.sort()).toEqual(expected.sort());

      // The decision log has each set's final decision once, and each file's review once.
      const logged = await queryRows<{ subject: string; n: number }>(
        database!.db,
        sql`select ${reviewDecisions.subject} as subject, count(*)::int as n from ${reviewDecisions}
          group by ${reviewDecisions.subject}`,
      );
      expect(Object.fromEntries(logged.map((row) => [row.subject, row.n]))).toEqual({
        set: 2 * BORROWERS,
        file: BORROWERS * (UNIT_SLOTS.length + COLLATERAL_SLOTS.length),
      });
    },
    180_000,
  );
});

interface EventKeys {
  unitKey?: string;
  frequencyKey?: string;
}

type Outcome = 'APPROVED' | 'REJECTED';

interface SetUnderTest {
  kind: 'unit' | 'frequency';
  key: string;
  url: string;
  filesUrl: string;
  slots: readonly string[];
  outcome?: Outcome;
}

interface Borrower {
  token: string;
  email: string;
  unit: SetUnderTest;
  frequency: SetUnderTest;
  collateralKey: string;
}

async function seedBorrowers(count: number): Promise<Borrower[]> {
  const db = database!.db;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const { account, user } = await seedBorrower(db);
      const loans = await seedLoans(db, account.key, { opportunities: 1, projects: 1, units: 1 });
      const unit = loans.units[0]!;
      const { key: collateralKey } = await seedCollateral(db, account.key);
      return {
        token: await tokenFor(db, user.id),
        email: account.email,
        collateralKey,
        unit: {
          kind: 'unit',
          key: unit.key,
          url: `/api/projects/${unit.projectKey}/units/${unit.key}`,
          filesUrl: `/api/units/${unit.key}/files`,
          slots: UNIT_SLOTS,
        },
        frequency: { kind: 'frequency', key: '', url: '', filesUrl: '', slots: COLLATERAL_SLOTS },
      } satisfies Borrower;
    }),
  );
}

function expectStatus(response: { status: number; body: string }, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  }
}

/** The three steps of an upload, the bytes going straight to the bucket (docs/product.md#api). */
async function upload(token: string, set: SetUnderTest, fileType: string, s3Puts: number[]) {
  const bytes = pdfBytes(`${set.key} ${fileType}`);
  const created = await api.call('POST', set.filesUrl, {
    token,
    body: {
      fileType,
      fileName: `${fileType.toLowerCase()}.pdf`,
      fileHash: sha256Hex(bytes),
      size: bytes.length,
      contentType: 'application/pdf',
      borrowerRemarks: `Remarks for ${fileType}`,
    },
  });
  expectStatus(created, 201, `starting the upload of ${fileType}`);
  const { file, meta } = created.json() as {
    file: { key: string };
    meta: { presignedUrl: string; uploadHeaders: Record<string, string> };
  };
  const put = await fetch(meta.presignedUrl, {
    method: 'PUT',
    headers: meta.uploadHeaders,
    body: bytes,
  });
  await put.arrayBuffer();
  s3Puts.push(put.status);
  const completed = await api.call('POST', `${set.filesUrl}/${file.key}/complete`, { token });
  expectStatus(completed, 200, `completing the upload of ${fileType}`);
}

/** Borrower uploads and submits; the checker reviews each file (one rejected for REJECTED) and finalises. */
async function runCycle(borrower: Borrower, set: SetUnderTest, outcome: Outcome, s3Puts: number[]) {
  for (const slot of set.slots) await upload(borrower.token, set, slot, s3Puts);
  const submitted = await api.call('PUT', set.url, {
    token: borrower.token,
    body: { approvalStatus: 'PENDING_APPROVAL' },
  });
  expectStatus(submitted, 200, `submitting ${set.kind} ${set.key}`);

  const listed = await api.call('GET', `${set.filesUrl}?perPage=50`, { token: approverToken });
  expectStatus(listed, 200, `listing ${set.kind} ${set.key}`);
  const files = (listed.json() as { files: { file: { key: string; fileType: string } }[] }).files;
  for (const { file } of files) {
    const decision =
      outcome === 'REJECTED' && file.fileType === set.slots[0] ? 'REJECTED' : 'APPROVED';
    const reviewed = await api.call('PUT', `${set.filesUrl}/${file.key}`, {
      token: approverToken,
      body: {
        approvalStatus: decision,
        approverRemarks: `Checked ${file.fileType}`,
        ...(decision === 'REJECTED' && { rejectionReason: 'WRONG_DOCUMENT' }),
      },
    });
    expectStatus(reviewed, 200, `reviewing ${file.fileType} of ${set.key}`);
  }
  const finalised = await api.call('PUT', set.url, {
    token: approverToken,
    body: { approvalStatus: outcome },
  });
  expectStatus(finalised, 200, `finalising ${set.kind} ${set.key}`);
  set.outcome = outcome;
}

function nocCycle(borrower: Borrower, outcome: Outcome, s3Puts: number[]) {
  return runCycle(borrower, borrower.unit, outcome, s3Puts);
}

async function monitoringCycle(borrower: Borrower, outcome: Outcome, s3Puts: number[]) {
  const { year, month } = currentMonthIn('Asia/Kolkata');
  const lastMonth = year * 12 + month - 2;
  const created = await api.call('POST', `/api/collaterals/${borrower.collateralKey}/frequencies`, {
    token: borrower.token,
    body: { frequency: 1, month: (lastMonth % 12) + 1, year: Math.floor(lastMonth / 12) },
  });
  expectStatus(created, 201, 'adding a monitoring frequency');
  const key = (created.json() as { frequency: { key: string } }).frequency.key;
  Object.assign(borrower.frequency, {
    key,
    url: `/api/collaterals/${borrower.collateralKey}/frequencies/${key}`,
    filesUrl: `/api/frequencies/${key}/files`,
  });
  await runCycle(borrower, borrower.frequency, outcome, s3Puts);
}

async function sessionsOf(applicationName: string) {
  const [row] = await queryRows<{ count: number }>(
    database!.db,
    sql`select count(*)::int as count from pg_stat_activity where application_name = ${applicationName}`,
  );
  return row!.count;
}

async function unfinishedJobs() {
  const [row] = await queryRows<{ count: number }>(
    database!.db,
    sql`select count(*)::int as count from ${outbox} where ${outbox.status} <> 'done'`,
  );
  return row!.count;
}
