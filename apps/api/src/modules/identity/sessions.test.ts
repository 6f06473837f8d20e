import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedStaff, TEST_PASSWORD, tokenFor } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { revokeUserSessions } from './sessions.ts';
import { SIGN_UP_CHECK_PER_ADDRESS } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '30' });
});
afterAll(() => t?.close());

const sessionOf = (token: string) =>
  t.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });

/** Makes the user's session look last used `minutes` ago, then uses it. */
async function idleFor(userId: string, token: string, minutes: number) {
  await t.db.execute(
    sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes})
      where user_id = ${userId}`,
  );
  return sessionOf(token);
}

describe('session idle timeout', () => {
  it('ends a session left unused for 30 minutes, within its 12-hour lifetime', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await sessionOf(token)).statusCode).toBe(200);
    expect((await idleFor(user.id, token, 29)).statusCode).toBe(200);
    expect((await idleFor(user.id, token, 31)).statusCode).toBe(401);
  });

  it('keeps a session alive while it is used, touching it at most once a minute', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await idleFor(user.id, token, 20)).statusCode).toBe(200);
    const [touched] = await queryRows<{ idle_seconds: number | string }>(
      t.db,
      sql`select extract(epoch from now() - last_seen_at) as idle_seconds
        from sessions where user_id = ${user.id}`,
    );
    expect(Number(touched!.idle_seconds)).toBeLessThan(60);
    expect((await idleFor(user.id, token, 20)).statusCode).toBe(200);
  });
});

describe('session cookie over https', () => {
  it('carries the __Host- prefix, Secure and Path=/, and is read back under that name', async () => {
    const https = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.lender.example',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    try {
      const { account } = await seedBorrower(https.db);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: account.key, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === '__Host-portal_session');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie).not.toHaveProperty('domain');
      const session = await https.app.inject({
        url: '/api/auth/session',
        cookies: { '__Host-portal_session': cookie!.value },
      });
      expect(session.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const checkUnknownIds = (app: TestApp, forwardedFor: (i: number) => string) =>
    Promise.all(
      Array.from({ length: SIGN_UP_CHECK_PER_ADDRESS.limit + 5 }, (_, i) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/signup/check',
          payload: { accountId: `NOPE-${i}` },
          headers: { 'x-forwarded-for': forwardedFor(i) },
        }),
      ),
    );

  it('is off by default: a client cannot dodge per-address limits with X-Forwarded-For', async () => {
    const answers = await checkUnknownIds(t, (i) => `203.0.113.${i}`);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
  });

  it('with a hop count, takes the address the trusted proxy reports', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const answers = await checkUnknownIds(proxied, (i) => `198.51.100.${i}`);
      expect(answers.every((r) => r.statusCode === 404)).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('the session lookup, prepared once', () => {
  it('sees a revocation, a disabling and a role change at the very next request', async () => {
    const staff = await seedStaff(t.db, 'viewer');
    const token = await tokenFor(t.db, staff.id);
    const roleOf = async () => (await sessionOf(token)).json().user?.role;
    expect(await roleOf()).toBe('viewer');

    await t.db.update(users).set({ role: 'approver' }).where(eq(users.id, staff.id));
    expect(await roleOf()).toBe('approver');

    await t.db.update(users).set({ disabled: true }).where(eq(users.id, staff.id));
    expect((await sessionOf(token)).statusCode).toBe(401);
    await t.db.update(users).set({ disabled: false }).where(eq(users.id, staff.id));
    expect((await sessionOf(token)).statusCode).toBe(200);

    await revokeUserSessions(t.db, staff.id);
    expect((await sessionOf(token)).statusCode).toBe(401);
  });

  it('answers each token its own user, over many requests at once', async () => {
    const people = await Promise.all(
      (['viewer', 'approver', 'admin'] as const).map(async (role) => {
        const user = await seedStaff(t.db, role);
        return { user, token: await tokenFor(t.db, user.id) };
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => people[i % people.length]!).map(async (person) => ({
        person,
        res: await sessionOf(person.token),
      })),
    );
    for (const { person, res } of answers) {
      expect(res.json().user.username).toBe(person.user.username);
    }
    expect((await sessionOf('not-a-session-token')).statusCode).toBe(401);
  });
});
