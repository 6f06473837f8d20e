import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import type { DocumentSetKind } from '@portal/domain';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { MAIL_TOPIC } from '../mail/mail-jobs.ts';
import { EVENT_TOPIC } from '../modules/events/change-recorder.ts';
import { WEBHOOK_TOPIC } from '../modules/webhooks/webhooks.ts';

/** The route label of a request no route matched, so probes of random paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Topics reported even while they have no jobs, so dashboards and alerts always see a series. */
const OUTBOX_TOPICS = [EVENT_TOPIC, MAIL_TOPIC, WEBHOOK_TOPIC];

export interface ApiMetrics {
  /** One app's series: a registry of its own, as tests build many apps in one process. */
  registry: Registry;
  observeRequest(
    labels: { method: string; route: string; statusCode: number },
    seconds: number,
  ): void;
  countUploadedBytes(kind: DocumentSetKind, bytes: number): void;
  countOutboxFailure(topic: string, outcome: 'retry' | 'dead'): void;
}

/**
 * The series GET /metrics exposes. Counters and the latency histogram are kept in memory as
 * requests, uploads and deliveries happen; the outbox and pool gauges are read at scrape time.
 */
export function createApiMetrics(
  db: Database,
  log: { warn(details: object, message: string): void },
): ApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestLabels = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: requestLabels,
    registers,
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to answering it, by route pattern, method and status code',
    labelNames: requestLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const uploadedBytes = new Counter({
    name: 'portal_uploaded_bytes_total',
    help: 'Bytes of completed (verified) document uploads, by document set kind',
    labelNames: ['kind'],
    registers,
  });
  const outboxFailures = new Counter({
    name: 'portal_outbox_delivery_failures_total',
    help: 'Failed outbox delivery attempts, by topic and outcome (retry later, or dead: given up)',
    labelNames: ['topic', 'outcome'],
    registers,
  });

  // PGlite has no pool: these exist only with DATABASE_URL. Registered before the outbox gauges,
  // so a scrape reads the pool before its own outbox query takes a connection.
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'portal_db_pool_connections',
      'Connections the PostgreSQL pool holds',
      () => pool.totalCount,
    );
    poolGauge(
      'portal_db_pool_idle_connections',
      'Pool connections not in use',
      () => pool.idleCount,
    );
    poolGauge(
      'portal_db_pool_waiting_requests',
      'Queries waiting for a free pool connection',
      () => pool.waitingCount,
    );
  }

  // A database that does not answer must not take the process metrics down with it: the outbox
  // series are left out of that scrape instead (readyz reports the database).
  const outboxSnapshot = sharedPerScrape(() =>
    readOutboxState(db).catch((err: unknown) => {
      log.warn({ err }, 'metrics: reading the outbox failed');
      return undefined;
    }),
  );
  new Gauge({
    name: 'portal_outbox_pending_jobs',
    help: 'Outbox jobs waiting for delivery (including those waiting to retry), by topic',
    labelNames: ['topic'],
    registers,
    async collect() {
      setByTopic(this, await outboxSnapshot(), (row) => (row.status === 'pending' ? row.jobs : 0));
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox job still waiting for delivery, by topic (0 when none)',
    labelNames: ['topic'],
    registers,
    async collect() {
      setByTopic(this, await outboxSnapshot(), (row) =>
        row.status === 'pending' ? row.oldestAgeSeconds : 0,
      );
    },
  });
  new Gauge({
    name: 'portal_outbox_dead_jobs',
    help: 'Outbox jobs given up on (dead letters an admin may replay), by topic',
    labelNames: ['topic'],
    registers,
    async collect() {
      setByTopic(this, await outboxSnapshot(), (row) => (row.status === 'dead' ? row.jobs : 0));
    },
  });

  return {
    registry,
    observeRequest({ method, route, statusCode }, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    countUploadedBytes(kind, bytes) {
      uploadedBytes.inc({ kind }, bytes);
    },
    countOutboxFailure(topic, outcome) {
      outboxFailures.inc({ topic, outcome });
    },
  };
}

interface OutboxStateRow {
  topic: string;
  status: 'pending' | 'done' | 'dead';
  jobs: number;
  oldestAgeSeconds: number;
}

/** Pending and dead jobs per topic, in one query; ages by the database's clock, as jobs are stamped. */
function readOutboxState(db: Database): Promise<OutboxStateRow[]> {
  return db
    .select({
      topic: outbox.topic,
      status: outbox.status,
      jobs: sql<number>`count(*)`.mapWith(Number),
      oldestAgeSeconds: sql<number>`extract(epoch from now() - min(${outbox.createdAt}))`.mapWith(
        Number,
      ),
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'dead']))
    .groupBy(outbox.topic, outbox.status);
}

/**
 * Sets a per-topic gauge afresh: every known topic, plus any other topic the outbox holds; nothing
 * when the outbox could not be read.
 */
function setByTopic(
  gauge: Gauge<'topic'>,
  rows: OutboxStateRow[] | undefined,
  valueOf: (row: OutboxStateRow) => number,
) {
  gauge.reset();
  if (!rows) return;
  for (const topic of OUTBOX_TOPICS) gauge.set({ topic }, 0);
  for (const row of rows) {
    const value = valueOf(row);
    if (value > 0) gauge.set({ topic: row.topic }, value);
  }
}

/**
 * The registry collects every series at once: callers during one scrape share one read, and the
 * next scrape reads afresh.
 */
function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
}
