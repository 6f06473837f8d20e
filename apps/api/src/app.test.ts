import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the HTTP skeleton', () => {
  it('answers healthz and readyz when the database is reachable', async () => {
    const health = await t.app.inject({ url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API path with a JSON 404 even without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringContaining('/api/nothing-here') },
    });
  });

  it('answers an address the router cannot read in the error format, without echoing it', async () => {
    const badEncoding = await t.app.inject({ url: '/api/units/%E0%A4%A/files' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.not.stringContaining('%E0') },
    });
    const tooLong = await t.app.inject({ url: `/api/units/${'x'.repeat(300)}/files` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json().error.code).toBe('URI_TOO_LONG');
  });

  it('answers a malformed JSON body with 400 in the error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: {
        authorization: 'Bearer test-integration-key-0123456789',
        'content-type': 'application/json',
      },
      payload: '{"accounts": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('tags every answer with a request id and sends security headers', async () => {
    const res = await t.app.inject({
      url: '/api/healthz',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // A JSON answer may run nothing and be framed nowhere.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );

    const page = await t.app.inject({ url: '/opportunities' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-request-id']).toEqual(expect.any(String));
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends the security headers and request id on answers refused before any route', async () => {
    const res = await t.app.inject({ url: `/api/units?key=${'x'.repeat(10_000)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the page connect only to itself and the configured object store', async () => {
    const connectSources = (csp: unknown) =>
      /connect-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ');
    const local = await t.app.inject({ url: '/' });
    expect(connectSources(local.headers['content-security-policy'])).toEqual([
      "'self'",
      'http://localhost:3000',
    ]);

    const s3 = await createTestApp({
      STORAGE_URL: 's3://key:secret@portal-files?endpoint=http://127.0.0.1:9000&region=ap-south-1',
    });
    try {
      const csp = String((await s3.app.inject({ url: '/' })).headers['content-security-policy']);
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
      expect(connect).toEqual(["'self'", 'http://localhost:3000', 'http://127.0.0.1:9000']);
    } finally {
      await s3.close();
    }
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/import'].post.requestBody).toBeDefined();
  });
});
