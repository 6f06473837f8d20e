import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/import'].post.requestBody).toBeDefined();
  });
});
