import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFreshPostgresDatabase,
  openTestDatabase,
  testPostgresUrl,
} from '../../test/database.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { createOutboxWorker, enqueue, type OutboxHandler } from './outbox.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A handler that never answers, like a receiver that hangs; `called` resolves on its first call. */
function hangingHandler() {
  let calls = 0;
  let onCall: () => void = () => {};
  const called = new Promise<void>((resolve) => (onCall = resolve));
  const handler: OutboxHandler = () => {
    calls++;
    onCall();
    return new Promise<void>(() => {});
  };
  return { handler, called, calls: () => calls };
}

function deliveringWorker(db: Database, delivered: number[]) {
  return createOutboxWorker({
    db,
    handlers: { event: async (_payload, job) => void delivered.push(job.id) },
    log: silentLog,
    pollIntervalMs: 50,
  });
}

const jobRow = async (db: Database, id: number) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
};

describe('outbox claims', () => {
  it('are released untouched when a stopping worker cannot finish the job in time', async () => {
    const handle = await openTestDatabase();
    cleanups.push(() => handle.close());
    const id = await enqueue(handle.db, { topic: 'event', payload: {}, orderingKey: 'unit:U1' });
    const hanging = hangingHandler();
    const stopping = createOutboxWorker({
      db: handle.db,
      handlers: { event: hanging.handler },
      log: silentLog,
      releaseAfterMs: 300,
    });

    stopping.start();
    await hanging.called;
    const startedStopping = Date.now();
    await stopping.stop();

    expect(Date.now() - startedStopping).toBeLessThan(2_000);
    expect(await jobRow(handle.db, id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const delivered: number[] = [];
    await deliveringWorker(handle.db, delivered).drain();
    expect(delivered).toEqual([id]);
    expect(hanging.calls()).toBe(1);
  });

  it.skipIf(!testPostgresUrl())(
    'are freed by PostgreSQL when their worker stops answering, for another replica to deliver',
    async () => {
      const fresh = await createFreshPostgresDatabase(testPostgresUrl()!);
      cleanups.push(fresh.drop);
      // Two replicas: two processes' own connection pools on one database.
      const frozen = await openDatabase({ kind: 'postgres', url: fresh.url });
      const healthy = await openDatabase({ kind: 'postgres', url: fresh.url });
      cleanups.push(
        () => frozen.close(),
        () => healthy.close(),
      );
      const id = await enqueue(healthy.db, { topic: 'event', payload: {} });

      const hanging = hangingHandler();
      const frozenWorker = createOutboxWorker({
        db: frozen.db,
        handlers: { event: hanging.handler },
        log: silentLog,
        claimTimeoutMs: 1_000,
        releaseAfterMs: 0,
      });
      cleanups.push(() => frozenWorker.stop());
      frozenWorker.start();
      await hanging.called;

      const delivered: number[] = [];
      const healthyWorker = deliveringWorker(healthy.db, delivered);
      cleanups.push(() => healthyWorker.stop());
      const claimedAt = Date.now();
      healthyWorker.start();
      await expect.poll(() => delivered, { timeout: 10_000 }).toEqual([id]);

      expect(Date.now() - claimedAt).toBeGreaterThan(500);
      // Marked done once the handler has returned: on a busy machine a moment after it ran.
      await expect
        .poll(() => jobRow(healthy.db, id), { timeout: 10_000 })
        .toMatchObject({ status: 'done', attempts: 0 });
    },
  );
});
