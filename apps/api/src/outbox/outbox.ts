import { and, asc, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface OutboxJobInfo {
  id: number;
  /** Failed attempts before this one. */
  attempts: number;
  createdAt: Date;
}

/**
 * Delivers one job's payload; throwing makes the job retry with backoff. It runs while the
 * job's row is locked (and on PGlite, which has one connection, while the database is held), so
 * it must not use the database and should bound its own network timeouts.
 */
export type OutboxHandler = (
  payload: unknown,
  job: OutboxJobInfo,
) => Promise<void | OutboxCompletion>;

/**
 * What a handler may hand back to record the outcome of its delivery in the claim's own
 * transaction (under a savepoint), so the record and the job's "done" commit together; if it
 * throws, the job fails and is retried like a failed delivery.
 */
export type OutboxCompletion = (tx: Transaction) => Promise<void>;

export interface OutboxLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxWorkerOptions {
  db: Database;
  handlers: Record<string, OutboxHandler>;
  /** Claims jobs of these topics only (default: any), leaving the others for other workers. */
  topics?: readonly string[];
  log: OutboxLogger;
  pollIntervalMs?: number;
  /** How many due jobs a pass attempts before it schedules the next. */
  batchSize?: number;
  /**
   * How many jobs are delivered at once, each under its own claim (a transaction, so a pooled
   * connection, while it is delivered): one at a time, a delivery's round trips to the database
   * and the receiver capped the outbox at ~21 webhooks a second. Order within an ordering key
   * holds all the same: a later job of a key is never claimable while an earlier one is pending.
   */
  concurrency?: number;
  /** A job this old that fails again is given up on (dead-lettered). */
  maxAgeMs?: number;
  now?: () => Date;
  /** Told of every failed delivery attempt; `dead` when the job was given up on. */
  onFailure?: (topic: string, outcome: 'retry' | 'dead') => void;
  /** How long `stop` waits for the job in hand before releasing its claim. */
  releaseAfterMs?: number;
  /**
   * How long a claim may sit idle in its transaction before PostgreSQL ends the session: longer
   * than any handler takes, it frees the job of a worker that vanished without closing its
   * connection.
   */
  claimTimeoutMs?: number;
}

export interface OutboxWorker {
  start(): void;
  /**
   * Stops polling and resolves once no job is in flight: the job in hand finishes, or after
   * releaseAfterMs its claim is rolled back, the job untouched and due, for another worker.
   */
  stop(): Promise<void>;
  /** Attempts up to batchSize due jobs, `concurrency` at a time; answers how many were attempted. */
  runOnce(): Promise<number>;
  /** Runs until nothing is due (for tests and scripts). */
  drain(): Promise<void>;
}

export interface DeadJob {
  id: number;
  topic: string;
  orderingKey: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When the job was given up on. */
  processedAt: Date | null;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Thrown inside a claim's transaction to roll it back when a stopping worker lets the job go. */
class ClaimReleasedError extends Error {
  constructor(readonly jobId: number) {
    super(`outbox job ${jobId} released: the worker is stopping`);
  }
}

// A finished job keeps only the redacted form of a payload that held a secret.
const redactPayload = {
  payload: sql`coalesce(${outbox.payloadRedacted}, ${outbox.payload})`,
  payloadRedacted: null,
};
const MAX_ERROR_LENGTH = 300;

/** A job to record: its topic and payload, and how its delivery is ordered and redacted. */
export interface NewJob {
  topic: string;
  payload: unknown;
  orderingKey?: string;
  /** What is kept of the payload once the job is delivered or dead (its secrets removed). */
  payloadRedacted?: unknown;
}

/**
 * Records jobs in the caller's transaction, so they exist if and only if the change they announce
 * commits; one statement for all of them. Jobs sharing an orderingKey are delivered in insertion
 * order; that order is the commit order as long as callers serialise writes per key (the
 * entity's row lock does). Answers their ids, in order.
 */
export async function enqueueAll(db: Executor, jobs: readonly NewJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values(
      jobs.map((job) => ({
        topic: job.topic,
        payload: job.payload,
        orderingKey: job.orderingKey ?? null,
        payloadRedacted: job.payloadRedacted ?? null,
      })),
    )
    .returning({ id: outbox.id });
  if (rows.length !== jobs.length) throw new Error('outbox insert returned too few rows');
  return rows.map((row) => row.id);
}

/** Records one job (enqueueAll). */
export async function enqueue(db: Executor, job: NewJob): Promise<number> {
  const [id] = await enqueueAll(db, [job]);
  return id!;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    handlers,
    topics,
    log,
    pollIntervalMs = 1000,
    batchSize = 10,
    concurrency = 4,
    maxAgeMs = 24 * 60 * 60 * 1000,
    now = () => new Date(),
    onFailure,
    releaseAfterMs = 5_000,
    claimTimeoutMs = 2 * 60 * 1000,
  } = options;

  let isRunning = false;
  let isStopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let release = new AbortController();

  /** Delivers, unless the worker lets the job go first (then the delivery's outcome is ignored). */
  function unlessReleased<T>(jobId: number, deliver: () => Promise<T>): Promise<T> {
    const { signal } = release;
    return new Promise((resolve, reject) => {
      const letGo = () => reject(new ClaimReleasedError(jobId));
      if (signal.aborted) return letGo();
      signal.addEventListener('abort', letGo, { once: true });
      deliver()
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', letGo));
    });
  }

  // The handler runs under the claim's row lock, so no other worker or replica can send it too.
  // The lock lasts as long as the transaction's session: a killed process's connection closes
  // and frees it at once, but a worker whose machine vanishes (or freezes) would hold it until
  // TCP gives up, hours later, unless the session's idle time in the transaction is bounded.
  function processNext(): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`set local idle_in_transaction_session_timeout = ${Math.ceil(claimTimeoutMs)}`),
      );
      const job = await claimDueJob(tx, now(), topics);
      if (!job) return false;
      const info = { id: job.id, attempts: job.attempts, createdAt: job.createdAt };
      const handler = Object.hasOwn(handlers, job.topic) ? handlers[job.topic] : undefined;
      let failure: string | undefined;
      try {
        if (!handler) throw new Error(`no handler registered for outbox topic "${job.topic}"`);
        const complete = await unlessReleased(job.id, () => handler(job.payload, info));
        if (complete) await tx.transaction((savepoint) => complete(savepoint));
      } catch (error) {
        if (error instanceof ClaimReleasedError) throw error;
        failure = describeError(error);
      }
      const at = now();
      if (failure === undefined) {
        await tx
          .update(outbox)
          .set({ status: 'done', processedAt: at, lastError: null, ...redactPayload })
          .where(eq(outbox.id, job.id));
        log.info({ jobId: job.id, topic: job.topic }, 'outbox job delivered');
        return true;
      }
      const attempts = job.attempts + 1;
      const isDead = at.getTime() - job.createdAt.getTime() >= maxAgeMs;
      const nextAttemptAt = new Date(at.getTime() + backoffMs(attempts));
      await tx
        .update(outbox)
        .set(
          isDead
            ? { status: 'dead', attempts, lastError: failure, processedAt: at, ...redactPayload }
            : { attempts, lastError: failure, nextAttemptAt },
        )
        .where(eq(outbox.id, job.id));
      onFailure?.(job.topic, isDead ? 'dead' : 'retry');
      const details = { jobId: job.id, topic: job.topic, attempts, error: failure };
      if (isDead) log.error(details, 'outbox job dead-lettered after its last retry');
      else log.warn({ ...details, nextAttemptAt }, 'outbox job failed; will retry');
      return true;
    });
  }

  async function runOnce(): Promise<number> {
    let attempted = 0;
    // Each lane takes the next due job until the batch is used up or nothing is due; a place in
    // the batch is taken before the claim, so lanes never attempt more than batchSize between them.
    const lane = async () => {
      while (attempted < batchSize && !isStopping) {
        attempted++;
        if (!(await processNext())) {
          attempted--;
          return;
        }
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
    // Every lane has let go of its claim before a failure (a released job, say) is reported.
    const failed = lanes.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return attempted;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      pass = poll().finally(() => {
        pass = undefined;
      });
    }, delayMs);
    // Polling alone must not keep a process alive that is otherwise done.
    timer.unref();
  }

  async function poll() {
    let delayMs = pollIntervalMs;
    try {
      // A full batch means more may be due: go again at once rather than wait a poll interval.
      if ((await runOnce()) === batchSize) delayMs = 0;
    } catch (error) {
      if (error instanceof ClaimReleasedError) {
        log.info({ jobId: error.jobId }, 'outbox job left for another worker: stopping');
      } else {
        log.error({ error: describeError(error) }, 'outbox poll failed');
      }
    }
    if (isRunning) schedule(delayMs);
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      schedule(0);
    },
    async stop() {
      isRunning = false;
      isStopping = true;
      clearTimeout(timer);
      const releasing = setTimeout(() => release.abort(), releaseAfterMs);
      await pass;
      clearTimeout(releasing);
      release = new AbortController();
      isStopping = false;
    },
    runOnce,
    async drain() {
      while ((await runOnce()) > 0);
    },
  };
}

/**
 * The oldest due job nobody else holds: pending, its time come, and no earlier pending job with
 * the same ordering key (a failing job holds back the rest of its entity, not other entities).
 */
async function claimDueJob(tx: Transaction, at: Date, topics: readonly string[] | undefined) {
  const earlier = alias(outbox, 'earlier');
  const [job] = await tx
    .select({
      id: outbox.id,
      topic: outbox.topic,
      payload: outbox.payload,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        // The worker's clock counts whole milliseconds, the database's microseconds: a job
        // enqueued within the current millisecond is due too, not one poll later.
        lt(outbox.nextAttemptAt, new Date(at.getTime() + 1)),
        topics && inArray(outbox.topic, [...topics]),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.orderingKey, outbox.orderingKey),
                eq(earlier.status, 'pending'),
                lt(earlier.id, outbox.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

/** 2, 4, 8 … seconds, capped at an hour, plus up to 10% jitter so retries of many jobs spread. */
function backoffMs(attempts: number): number {
  const base = Math.min(2 ** attempts * 1000, MAX_BACKOFF_MS);
  return Math.round(base * (1 + Math.random() * 0.1));
}

/** A short, single-line reason, with any credentials in URLs removed, fit for logs and admins. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cleaned = message
    .replace(/\/\/[^\s/@]*@/g, '//[redacted]@')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_ERROR_LENGTH ? `${cleaned.slice(0, MAX_ERROR_LENGTH - 1)}…` : cleaned;
}

/** The dead-letter list admins review, newest first; payloads stay out of it (they may hold codes). */
export function listDeadJobs(db: Executor): Promise<DeadJob[]> {
  return db
    .select({
      id: outbox.id,
      topic: outbox.topic,
      orderingKey: outbox.orderingKey,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      processedAt: outbox.processedAt,
    })
    .from(outbox)
    .where(eq(outbox.status, 'dead'))
    .orderBy(desc(outbox.id));
}

/**
 * Makes a dead job due again now. It keeps its age, so it gets one more try per replay: fix the
 * cause, then replay. A job whose payload was redacted (a one-time code mail: the code has long
 * expired and was removed) cannot be sent again.
 */
export async function replayJob(
  db: Executor,
  id: number,
): Promise<'replayed' | 'not_found' | 'redacted'> {
  const revived = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: new Date(), processedAt: null })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.status, 'dead'),
        sql`not coalesce((${outbox.payload}->>'redacted')::boolean, false)`,
      ),
    )
    .returning({ id: outbox.id });
  if (revived.length > 0) return 'replayed';
  const [dead] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.status, 'dead')));
  return dead ? 'redacted' : 'not_found';
}

/**
 * Deletes delivered jobs older than the retention period (dead ones stay for admins to review);
 * answers how many went.
 */
export async function pruneDeliveredJobs(db: Executor, retentionDays: number): Promise<number> {
  const pruned = await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.status, 'done'),
        sql`${outbox.processedAt} < now() - make_interval(days => ${retentionDays})`,
      ),
    )
    .returning({ id: outbox.id });
  return pruned.length;
}
