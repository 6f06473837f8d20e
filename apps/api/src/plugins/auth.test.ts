import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedStaff, tokenFor } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * A looked-up session that was last used over a minute ago is marked used, so whether a request
 * looked its session up shows in `last_seen_at`.
 */
async function lookedUpBy(
  request: (token: string) => Promise<{ statusCode: number }>,
): Promise<boolean> {
  const staff = await seedStaff(t.db, 'admin');
  const token = await tokenFor(t.db, staff.id);
  await t.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
    .where(eq(sessions.userId, staff.id));
  expect((await request(token)).statusCode).toBeLessThan(500);
  const [row] = await queryRows<{ idle_seconds: number | string }>(
    t.db,
    sql`select extract(epoch from now() - last_seen_at) as idle_seconds
      from sessions where user_id = ${staff.id}`,
  );
  return Number(row!.idle_seconds) < 60;
}

const withCookie = (url: string) => (token: string) =>
  t.app.inject({ url, cookies: { portal_session: token } });
const withBearer = (url: string) => (token: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

describe('the session lookup', () => {
  it('is skipped by health probes, the metrics path, the API docs and the web app files', async () => {
    for (const url of [
      '/api/healthz',
      '/api/readyz',
      '/metrics',
      '/api/docs/json',
      '/index.html',
    ]) {
      expect(await lookedUpBy(withCookie(url)), url).toBe(false);
      expect(await lookedUpBy(withBearer(url)), url).toBe(false);
    }
  });

  it('happens for API routes, unknown paths and page deep links', async () => {
    for (const url of ['/api/auth/session', '/api/accounts', '/api/nope', '/unitstatus']) {
      expect(await lookedUpBy(withCookie(url)), url).toBe(true);
    }
  });

  it('still refuses a cross-site write with a session cookie, wherever it is sent', async () => {
    for (const url of ['/api/auth/signout', '/api/healthz', '/api/nope']) {
      const staff = await seedStaff(t.db, 'admin');
      const token = await tokenFor(t.db, staff.id);
      const res = await t.app.inject({
        method: 'POST',
        url,
        cookies: { portal_session: token },
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
