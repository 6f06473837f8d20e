import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedStaff, tokenFor } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Writes a viewer may make: their own session, and the public identity and integration calls. */
const OPEN_TO_ALL = (path: string) => path.startsWith('/api/auth/') || path === '/api/import';

it('refuses every write route to a viewer with 403, route by route', async () => {
  const viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  // The OpenAPI document lists every API route, so a new write route is covered without editing this test.
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const writes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !OPEN_TO_ALL(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE', path })),
    );
  expect(writes.length).toBeGreaterThan(15);
  for (const { method, path } of writes) {
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      ['id', 'fileId'].includes(name) ? '00000000-0000-4000-8000-000000000000' : `SOME-${name}`,
    );
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${viewer}` },
      payload: {},
    });
    expect(res.statusCode, `${method} ${path}`).toBe(403);
  }
});
