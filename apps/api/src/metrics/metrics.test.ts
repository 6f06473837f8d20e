import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testPostgresUrl } from '../../test/database.ts';
import { pdfBytes, uploadDocument } from '../../test/documents.ts';
import { WEBHOOKS_ON } from '../../test/document-sets.ts';
import { handleEvents } from '../../test/events.ts';
import { seedBorrower, seedLoans, TEST_PASSWORD, tokenFor } from '../../test/factories.ts';
import { createOutboxWorker } from '../outbox/outbox.ts';
import { EVENT_TOPIC } from '../modules/events/change-recorder.ts';
import { WEBHOOK_TOPIC } from '../modules/webhooks/webhooks.ts';

const TOKEN = 'metrics-test-token-0123456789';
const scrapeAs = (t: TestApp, authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the one sample of `name` carrying all of `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const found = text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) =>
      Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`)),
    );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0] === undefined ? undefined : Number(found[0].slice(found[0].lastIndexOf(' ') + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is not exposed: 404 in the error format, whatever is sent, and nothing is measured', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const res = await scrapeAs(t, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /metrics' },
      });
    }
    expect(t.app.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, ...WEBHOOKS_ON });
    // A second app in the same process: each has a registry of its own.
    other = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
  });

  it('refuses a missing or wrong token with 401 in the error format', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
    ]) {
      const res = await scrapeAs(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('counts requests, uploads and outbox deliveries as they happen, and reads the outbox at scrape time', async () => {
    const { user, account } = await seedBorrower(t.db);
    const [unit] = (await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 1 }))
      .units;
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: account.key, password },
      });
    expect((await signIn('Wrong#pass1')).statusCode).toBe(401);
    expect((await signIn('Wrong#pass2')).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no-such-endpoint/12345' })).statusCode).toBe(404);

    const bytes = pdfBytes('bank statement for the metrics test');
    const filesUrl = `/api/units/${unit!.key}/files`;
    const { completed } = await uploadDocument(
      t.app,
      await tokenFor(t.db, user.id),
      filesUrl,
      unitSlotFileTypes('Final')[0]!,
      { bytes },
    );
    expect(completed?.statusCode).toBe(200);

    // The completed upload recorded its file.uploaded event; no worker has run yet.
    const recorded = await scrapeAs(t, `Bearer ${TOKEN}`);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(recorded.body, 'portal_outbox_pending_jobs', { topic: EVENT_TOPIC })).toBe(1);
    expect(sample(recorded.body, 'portal_outbox_pending_jobs', { topic: WEBHOOK_TOPIC })).toBe(0);
    // Its handlers queue the webhook.
    await handleEvents(t);
    const queued = (await scrapeAs(t, `Bearer ${TOKEN}`)).body;
    expect(sample(queued, 'portal_outbox_pending_jobs', { topic: EVENT_TOPIC })).toBe(0);
    expect(sample(queued, 'portal_outbox_pending_jobs', { topic: WEBHOOK_TOPIC })).toBe(1);
    expect(sample(queued, 'portal_outbox_pending_jobs', { topic: 'mail' })).toBe(0);
    const age = sample(queued, 'portal_outbox_oldest_pending_age_seconds', {
      topic: WEBHOOK_TOPIC,
    });
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(120);
    expect(sample(queued, 'portal_outbox_dead_jobs', { topic: WEBHOOK_TOPIC })).toBe(0);

    // The CRM is down: one failed attempt to retry, then (too old to retry) a dead letter.
    const failingWorker = (options: { maxAgeMs?: number; now?: () => Date }) =>
      createOutboxWorker({
        db: t.db,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        handlers: {
          [WEBHOOK_TOPIC]: async () => {
            throw new Error('CRM unreachable');
          },
        },
        onFailure: t.app.metrics?.countOutboxFailure,
        ...options,
      });
    expect(await failingWorker({}).runOnce()).toBe(1);
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await failingWorker({ maxAgeMs: 0, now: () => later }).runOnce()).toBe(1);

    expect((await scrapeAs(t, 'Bearer not-the-metrics-token')).statusCode).toBe(401);
    const res = await scrapeAs(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    const text = res.body;

    // Requests, by the route they matched, never by the URL they named.
    const signInLabels = { method: 'POST', route: '/api/auth/signin' };
    expect(
      sample(text, 'portal_http_requests_total', { ...signInLabels, status_code: '401' }),
    ).toBe(2);
    expect(
      sample(text, 'portal_http_requests_total', { ...signInLabels, status_code: '200' }),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count', {
        ...signInLabels,
        status_code: '401',
      }),
    ).toBe(2);
    expect(
      sample(text, 'portal_http_request_duration_seconds_bucket', {
        ...signInLabels,
        status_code: '401',
        le: '+Inf',
      }),
    ).toBe(2);
    expect(
      sample(text, 'portal_http_request_duration_seconds_sum', {
        ...signInLabels,
        status_code: '401',
      }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'portal_http_requests_total', {
        method: 'POST',
        route: '/api/units/:parentKey/files/:fileId/complete',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(unit!.key);
    expect(text).not.toContain('no-such-endpoint');
    // Refused scrapes are requests too (a scrape is counted once it has been answered).
    expect(
      sample(text, 'portal_http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status_code: '401',
      }),
    ).toBeGreaterThanOrEqual(1);

    expect(sample(text, 'portal_uploaded_bytes_total', { kind: 'unit' })).toBe(bytes.length);

    expect(
      sample(text, 'portal_outbox_delivery_failures_total', {
        topic: WEBHOOK_TOPIC,
        outcome: 'retry',
      }),
    ).toBe(1);
    expect(
      sample(text, 'portal_outbox_delivery_failures_total', {
        topic: WEBHOOK_TOPIC,
        outcome: 'dead',
      }),
    ).toBe(1);
    expect(sample(text, 'portal_outbox_pending_jobs', { topic: WEBHOOK_TOPIC })).toBe(0);
    expect(sample(text, 'portal_outbox_oldest_pending_age_seconds', { topic: WEBHOOK_TOPIC })).toBe(
      0,
    );
    expect(sample(text, 'portal_outbox_dead_jobs', { topic: WEBHOOK_TOPIC })).toBe(1);

    // The pool exists only on PostgreSQL (the embedded database has none).
    const poolSeries = [
      'portal_db_pool_connections',
      'portal_db_pool_idle_connections',
      'portal_db_pool_waiting_requests',
    ].map((name) => sample(text, name));
    if (testPostgresUrl()) {
      expect(poolSeries[0]).toBeGreaterThanOrEqual(1);
      expect(poolSeries[1]).toBeGreaterThanOrEqual(0);
      expect(poolSeries[2]).toBe(0);
    } else {
      expect(poolSeries).toEqual([undefined, undefined, undefined]);
    }

    // The process's own series.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // The other app counted none of this.
    const otherText = (await scrapeAs(other, `Bearer ${TOKEN}`)).body;
    expect(sample(otherText, 'portal_http_requests_total', signInLabels)).toBeUndefined();
    expect(sample(otherText, 'portal_uploaded_bytes_total', { kind: 'unit' })).toBeUndefined();
  });
});
