import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { livenessProbe } from './liveness-probe.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An answer's headers, without those the connection and the clock decide. */
const answerHeaders = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('the liveness probe over HTTP', () => {
  it('answers exactly as the healthz route answers in process', async () => {
    const overHttp = await fetch(`${base}/api/healthz`, { headers: { 'x-request-id': 'probe-7' } });
    const inProcess = await t.app.inject({
      url: '/api/healthz',
      headers: { 'x-request-id': 'probe-7' },
    });
    expect(overHttp.status).toBe(200);
    expect(await overHttp.text()).toBe(inProcess.body);
    expect(answerHeaders(Object.fromEntries(overHttp.headers))).toEqual(
      answerHeaders(inProcess.headers),
    );
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

  it('leaves other methods and addresses to the API, which answers them as before', async () => {
    const head = await fetch(`${base}/api/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const withQuery = await fetch(`${base}/api/healthz?from=lb`);
    expect(await withQuery.json()).toEqual({ status: 'ok' });
    const post = await fetch(`${base}/api/healthz`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('livenessProbe', () => {
  /** A server from the probe's factory, its other requests answered 418 by a stand-in handler. */
  async function probeServer() {
    const probe = livenessProbe({
      headers: [['x-content-type-options', 'nosniff']],
      requestId: () => 'id-1',
    });
    const handled: string[] = [];
    const server = probe.serverFactory(
      ((request: http.IncomingMessage, response: http.ServerResponse) => {
        handled.push(`${request.method} ${request.url}`);
        response.writeHead(418).end();
      }) as never,
      { keepAliveTimeout: 5_000, requestTimeout: 0, connectionTimeout: 0 } as never,
    ) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { probe, server, url, handled };
  }

  it('answers GET /api/healthz itself, and from stop() on hands it to the API too', async () => {
    const { probe, server, url, handled } = await probeServer();
    try {
      const answered = await fetch(`${url}/api/healthz`);
      expect(answered.status).toBe(200);
      expect(answered.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answered.headers.get('x-request-id')).toBe('id-1');
      expect(await answered.json()).toEqual({ status: 'ok' });
      expect(handled).toEqual([]);
      expect(server.keepAliveTimeout).toBe(5_000);

      for (const path of ['/api/healthz/', '/api/healthz?x=1', '/api/readyz']) {
        expect((await fetch(`${url}${path}`)).status).toBe(418);
      }
      probe.stop();
      expect((await fetch(`${url}/api/healthz`)).status).toBe(418);
      expect(handled).toEqual([
        'GET /api/healthz/',
        'GET /api/healthz?x=1',
        'GET /api/readyz',
        'GET /api/healthz',
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
