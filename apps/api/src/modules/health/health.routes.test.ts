import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

let handle: DatabaseHandle;
let app: FastifyInstance;
let base: string;
const logLines: string[] = [];

/** An app as a replica runs it: over HTTP, logging every request, with metrics on. */
async function listeningApp() {
  const built = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', METRICS_TOKEN }),
    db: handle.db,
    logger: Object.assign({}, loggerOptions('info'), {
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    }),
  });
  await built.listen({ port: 0, host: '127.0.0.1' });
  return {
    app: built,
    base: `http://127.0.0.1:${(built.server.address() as AddressInfo).port}`,
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  ({ app, base } = await listeningApp());
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('the liveness probe', () => {
  it('carries the security headers and request id of every API answer', async () => {
    const probe = await fetch(`${base}/api/healthz`, { headers: { 'x-request-id': 'probe-7' } });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ status: 'ok' });
    expect(probe.headers.get('x-request-id')).toBe('probe-7');
    expect(probe.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(probe.headers.get('x-content-type-options')).toBe('nosniff');
    expect(probe.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(probe.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives each probe a new request id unless the caller sent a plain one', async () => {
    const sent: Record<string, string>[] = [{}, {}, { 'x-request-id': 'not a token!' }];
    const ids = await Promise.all(
      sent.map(async (headers) =>
        (await fetch(`${base}/api/healthz`, { headers })).headers.get('x-request-id'),
      ),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('answers HEAD and a query string, and refuses other methods as the API does', async () => {
    const head = await fetch(`${base}/api/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const withQuery = await fetch(`${base}/api/healthz?from=lb`);
    expect(await withQuery.json()).toEqual({ status: 'ok' });
    const post = await fetch(`${base}/api/healthz`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('writes no request log line and adds nothing to the request metrics', async () => {
    logLines.length = 0;
    for (let i = 0; i < 3; i++) await fetch(`${base}/api/healthz`);
    await fetch(`${base}/api/readyz`);
    const logged = logLines.map((line) => JSON.parse(line) as { req?: { path: string } });
    const paths = logged.flatMap((line) => (line.req ? [line.req.path] : []));
    expect(paths).toContain('/api/readyz');
    expect(paths).not.toContain('/api/healthz');

    const scrape = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const series = await scrape.text();
    expect(series).toMatch(/portal_http_requests_total\{[^}]*route="\/api\/readyz"/);
    expect(series).not.toContain('route="/api/healthz"');
  });
});

describe('a replica shutting down', () => {
  it('answers a probe that reaches it on an open connection 503', async () => {
    const closing = await listeningApp();
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A request in flight holds the one connection; the probe waits to reuse it.
      const body = Buffer.from(JSON.stringify({ username: 'nobody', password: 'Not$ecret123' }));
      const inFlight = http.request(`${closing.base}/api/auth/signin`, {
        method: 'POST',
        agent: keptAlive,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      });
      const answered = new Promise<number>((resolve) =>
        inFlight.on('response', (response) => {
          response.resume();
          resolve(response.statusCode!);
        }),
      );
      const received = new Promise((resolve) => closing.app.server.once('request', resolve));
      inFlight.write(body.subarray(0, 10));
      const probe = new Promise<number>((resolve, reject) =>
        http
          .get(`${closing.base}/api/healthz`, { agent: keptAlive }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on('error', reject),
      );
      await received;

      const closed = closing.app.close();
      inFlight.end(body.subarray(10));
      expect(await answered).toBeLessThan(500);
      expect(await probe).toBe(503);
      await closed;
    } finally {
      keptAlive.destroy();
      await closing.app.close();
    }
  });
});
