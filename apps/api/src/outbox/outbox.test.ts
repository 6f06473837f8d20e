import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import {
  createOutboxWorker,
  enqueue,
  listDeadJobs,
  pruneDeliveredJobs,
  replayJob,
  type OutboxHandler,
  type OutboxJobInfo,
} from './outbox.ts';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await db.delete(outbox);
});

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/** Starts a little ahead of the database clock, which stamps enqueued jobs, so they are due. */
function testClock() {
  let time = Date.now() + SECOND;
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}

function testLog() {
  const entries: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) =>
    void entries.push({ level, details, message });
  return { entries, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

const jobRow = async (id: number) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
};

describe('outbox', () => {
  it('delivers a committed job once, marks it done, and never sees a rolled-back one', async () => {
    const id = await db.transaction((tx) =>
      enqueue(tx, { topic: 'greet', payload: { name: 'Asha' } }),
    );
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { topic: 'greet', payload: { name: 'Ghost' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const calls: { payload: unknown; job: OutboxJobInfo }[] = [];
    const clock = testClock();
    const worker = createOutboxWorker({
      db,
      handlers: { greet: async (payload, job) => void calls.push({ payload, job }) },
      log: testLog().log,
      now: clock.now,
    });

    await worker.drain();
    await worker.drain();

    expect(calls).toEqual([
      { payload: { name: 'Asha' }, job: { id, attempts: 0, createdAt: expect.any(Date) } },
    ]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 0, lastError: null });
    expect(row.processedAt).toEqual(clock.now());
  });

  it('retries a failing handler with growing backoff until it succeeds', async () => {
    const id = await enqueue(db, { topic: 'mail', payload: { code: '123456' } });
    let failuresLeft = 2;
    const attemptsSeen: number[] = [];
    const clock = testClock();
    const { entries, log } = testLog();
    const worker = createOutboxWorker({
      db,
      handlers: {
        mail: async (_payload, job) => {
          attemptsSeen.push(job.attempts);
          if (failuresLeft-- > 0) {
            throw new Error('connect failed to smtp://mailer:s3cret@mail.example:587\n  at socket');
          }
        },
      },
      log,
      now: clock.now,
    });

    expect(await worker.runOnce()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toBe('connect failed to smtp://[redacted]@mail.example:587 at socket');
    const firstDelay = row.nextAttemptAt.getTime() - clock.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(2 * SECOND);
    expect(firstDelay).toBeLessThanOrEqual(2.2 * SECOND);

    clock.advance(SECOND);
    expect(await worker.runOnce()).toBe(0);

    clock.advance(1.5 * SECOND);
    expect(await worker.runOnce()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    const secondDelay = row.nextAttemptAt.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(4 * SECOND);
    expect(secondDelay).toBeLessThanOrEqual(4.4 * SECOND);

    clock.advance(4.5 * SECOND);
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(attemptsSeen).toEqual([0, 1, 2]);

    expect(entries.filter((e) => e.level === 'warn')).toHaveLength(2);
    // Job payloads (mail bodies with codes) and credentials never reach the log.
    expect(JSON.stringify(entries)).not.toMatch(/123456|s3cret/);
  });

  it('fails a job with no handler for its topic with a clear error, and keeps retrying it', async () => {
    const unknown = await enqueue(db, { topic: 'webhook', payload: {} });
    const inherited = await enqueue(db, { topic: 'constructor', payload: {} });
    const worker = createOutboxWorker({
      db,
      handlers: {},
      log: testLog().log,
      now: testClock().now,
    });

    expect(await worker.runOnce()).toBe(2);
    expect(await jobRow(unknown)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'no handler registered for outbox topic "webhook"',
    });
    expect((await jobRow(inherited)).lastError).toBe(
      'no handler registered for outbox topic "constructor"',
    );
  });

  it('claims only the topics it is given, leaving the others as they were', async () => {
    const mail = await enqueue(db, { topic: 'mail', payload: {} });
    const event = await enqueue(db, { topic: 'event', payload: {} });
    const handled: unknown[] = [];
    const worker = createOutboxWorker({
      db,
      handlers: { event: async (payload) => void handled.push(payload) },
      topics: ['event'],
      log: testLog().log,
      now: testClock().now,
    });

    await worker.drain();
    expect(handled).toHaveLength(1);
    expect(await jobRow(event)).toMatchObject({ status: 'done' });
    expect(await jobRow(mail)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
  });

  it('keeps order per ordering key: a failing job holds back its key, not other keys', async () => {
    const delivered: string[] = [];
    let isUnit1Broken = true;
    const handler: OutboxHandler = async (payload) => {
      const { name } = payload as { name: string };
      if (name === 'unit1-first' && isUnit1Broken) throw new Error('webhook answered 503');
      delivered.push(name);
    };
    await enqueue(db, { topic: 'event', payload: { name: 'unit1-first' }, orderingKey: 'unit:1' });
    await enqueue(db, { topic: 'event', payload: { name: 'unit1-second' }, orderingKey: 'unit:1' });
    await enqueue(db, { topic: 'event', payload: { name: 'unit2-first' }, orderingKey: 'unit:2' });
    await enqueue(db, { topic: 'event', payload: { name: 'unkeyed' } });
    const clock = testClock();
    const worker = createOutboxWorker({
      db,
      handlers: { event: handler },
      log: testLog().log,
      now: clock.now,
    });

    // Jobs of different keys go out side by side, in any order; a key's own, in order.
    await worker.drain();
    expect([...delivered].sort()).toEqual(['unit2-first', 'unkeyed']);

    isUnit1Broken = false;
    clock.advance(3 * SECOND);
    await worker.drain();
    expect(delivered.slice(2)).toEqual(['unit1-first', 'unit1-second']);
  });

  it('dead-letters a job that still fails after maxAge, releasing its key, and replays it', async () => {
    let isBroken = true;
    const delivered: string[] = [];
    const handler: OutboxHandler = async (payload) => {
      const { name } = payload as { name: string };
      if (name === 'first' && isBroken) throw new Error('mailbox unavailable');
      delivered.push(name);
    };
    const first = await enqueue(db, {
      topic: 'event',
      payload: { name: 'first' },
      orderingKey: 'k',
    });
    const second = await enqueue(db, {
      topic: 'event',
      payload: { name: 'second' },
      orderingKey: 'k',
    });
    const clock = testClock();
    const { entries, log } = testLog();
    const worker = createOutboxWorker({ db, handlers: { event: handler }, log, now: clock.now });

    await worker.drain();
    expect(await jobRow(first)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivered).toEqual([]);

    clock.advance(25 * HOUR);
    await worker.drain();
    expect(await jobRow(first)).toMatchObject({ status: 'dead', attempts: 2 });
    // A dead job no longer holds back later jobs of its key.
    expect(delivered).toEqual(['second']);
    expect(entries.some((e) => e.level === 'error' && e.message.includes('dead-lettered'))).toBe(
      true,
    );

    const dead = await listDeadJobs(db);
    expect(dead).toEqual([
      {
        id: first,
        topic: 'event',
        orderingKey: 'k',
        attempts: 2,
        lastError: 'mailbox unavailable',
        createdAt: expect.any(Date),
        processedAt: clock.now(),
      },
    ]);

    clock.advance(HOUR);
    expect(await worker.runOnce()).toBe(0);

    isBroken = false;
    expect(await replayJob(db, first)).toBe('replayed');
    expect(await replayJob(db, first)).toBe('not_found');
    expect(await replayJob(db, second)).toBe('not_found');
    await worker.drain();
    expect(delivered).toEqual(['second', 'first']);
    expect(await jobRow(first)).toMatchObject({ status: 'done', lastError: null });
    expect(await listDeadJobs(db)).toEqual([]);
  });

  it('keeps only the redacted payload of a secret-bearing job once delivered or dead, and never replays it', async () => {
    const secret = { to: 'a@b.example', subject: 'Code', text: 'code 123456' };
    const redacted = { to: 'a@b.example', subject: 'Code', redacted: true };
    const delivered = await enqueue(db, {
      topic: 'ok',
      payload: secret,
      payloadRedacted: redacted,
    });
    const failing = await enqueue(db, {
      topic: 'down',
      payload: secret,
      payloadRedacted: redacted,
    });
    const clock = testClock();
    const worker = createOutboxWorker({
      db,
      handlers: {
        ok: async () => {},
        down: async () => {
          throw new Error('relay down');
        },
      },
      log: testLog().log,
      now: clock.now,
    });
    await worker.drain();
    expect(await jobRow(delivered)).toMatchObject({ payload: redacted, payloadRedacted: null });
    // Still pending: the payload must survive until the job is finished.
    expect(await jobRow(failing)).toMatchObject({ status: 'pending', payload: secret });

    clock.advance(25 * HOUR);
    await worker.drain();
    expect(await jobRow(failing)).toMatchObject({ status: 'dead', payload: redacted });
    expect(await replayJob(db, failing)).toBe('redacted');
    expect(await jobRow(failing)).toMatchObject({ status: 'dead' });
  });

  it('prunes delivered jobs past the retention period and keeps dead and recent ones', async () => {
    const old = await enqueue(db, { topic: 'event', payload: {} });
    const recent = await enqueue(db, { topic: 'event', payload: {} });
    const dead = await enqueue(db, { topic: 'event', payload: {} });
    const at = (days: number) => new Date(Date.now() - days * 24 * HOUR);
    await db
      .update(outbox)
      .set({ status: 'done', processedAt: at(8) })
      .where(eq(outbox.id, old));
    await db
      .update(outbox)
      .set({ status: 'done', processedAt: at(6) })
      .where(eq(outbox.id, recent));
    await db
      .update(outbox)
      .set({ status: 'dead', processedAt: at(30) })
      .where(eq(outbox.id, dead));

    expect(await pruneDeliveredJobs(db, 7)).toBe(1);
    const left = (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort();
    expect(left).toEqual([recent, dead].sort());
  });

  it('never delivers a job twice when two workers run at once, and keeps each key in order', async () => {
    const jobs: { id: number; key: string | undefined }[] = [];
    for (let n = 0; n < 30; n++) {
      const key = n % 3 === 0 ? `unit:${n % 2}` : undefined;
      const id = await enqueue(db, { topic: 'event', payload: { n }, orderingKey: key });
      jobs.push({ id, key });
    }
    const deliveries: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const handler: OutboxHandler = async (_payload, job) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(5);
      // On PostgreSQL a lane stays in flight until the other three join it (or a second passes):
      // on a busy machine the second worker can start after the first has emptied its lanes.
      const joinBy = Date.now() + 1_000;
      while (handle.kind === 'postgres' && maxInFlight < 4 && Date.now() < joinBy) await sleep(5);
      deliveries.push(job.id);
      inFlight--;
    };
    const clock = testClock();
    const workers = [1, 2].map(() =>
      createOutboxWorker({
        db,
        handlers: { event: handler },
        log: testLog().log,
        now: clock.now,
        batchSize: 4,
        concurrency: 2,
      }),
    );

    await Promise.all(workers.map((w) => w.drain()));

    expect([...deliveries].sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
    for (const key of ['unit:0', 'unit:1']) {
      const expected = jobs.filter((j) => j.key === key).map((j) => j.id);
      expect(deliveries.filter((id) => expected.includes(id))).toEqual(expected);
    }
    // PGlite runs one transaction at a time; PostgreSQL must really have run both workers, each
    // with both its lanes, at once.
    if (handle.kind === 'postgres') expect(maxInFlight).toBe(4);
  });

  it('polls after start and finishes the job in hand on stop', async () => {
    await enqueue(db, { topic: 'event', payload: {} });
    let delivered = 0;
    const worker = createOutboxWorker({
      db,
      handlers: { event: async () => void delivered++ },
      log: testLog().log,
      now: testClock().now,
      pollIntervalMs: 10,
    });

    worker.start();
    await expect.poll(() => delivered).toBe(1);
    await enqueue(db, { topic: 'event', payload: {} });
    await expect.poll(() => delivered).toBe(2);
    await worker.stop();

    await enqueue(db, { topic: 'event', payload: {} });
    await sleep(50);
    expect(delivered).toBe(2);
  });
});
