import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedAccount, seedBorrower, TEST_PASSWORD } from '../../../test/factories.ts';
import { latestCodeFor } from '../../../test/mail.ts';
import { queryRows } from '../../db/client.ts';
import { CODE_MAX_ATTEMPTS } from './one-time-codes.ts';
import {
  CODE_SENDS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_PER_USER,
  SIGN_UP_CHECK_PER_ADDRESS,
} from './throttle.ts';

/**
 * Issue: limits were check-then-act, so requests arriving together all passed the check. Each
 * test fires 50 requests at once (on PGlite and, with TEST_DATABASE_URL, on PostgreSQL) and
 * asserts that no more than the limit was ever tried.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const AT_ONCE = 50;
const post = (url: string, payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function codeAttempts(purpose: string) {
  return queryRows<{ attempts: number }>(
    t.db,
    sql`select attempts from one_time_codes where purpose = ${purpose}`,
  );
}

describe('attempt limits under concurrency', () => {
  it('compares at most 5 of 50 simultaneous wrong sign-up codes, and then refuses the right one', async () => {
    const account = await seedAccount(t.db);
    await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email,
      password: 'Str0ng!pass',
    });
    const code = await latestCodeFor(t.db, account.email);
    const wrong = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        post('/api/auth/signup/confirm', { accountId: account.key, code: wrongCodeFor(code) }),
      ),
    );
    expect(statuses(wrong).every((s) => s === 400 || s === 429)).toBe(true);
    const [row] = await queryRows<{ attempts: number }>(
      t.db,
      sql`select attempts from one_time_codes o join users u on u.id = o.user_id
        where u.account_key = ${account.key}`,
    );
    expect(row!.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);

    const right = await post('/api/auth/signup/confirm', { accountId: account.key, code });
    expect([400, 429]).toContain(right.statusCode);
  });

  it('compares at most 5 of 50 simultaneous wrong reset codes, and then refuses the right one', async () => {
    const { account } = await seedBorrower(t.db);
    await post('/api/auth/password/forgot', { username: account.key });
    const code = await latestCodeFor(t.db, account.email);
    const reset = (c: string) =>
      post('/api/auth/password/reset', {
        username: account.key,
        code: c,
        newPassword: 'N3w!password',
      });
    const wrong = await Promise.all(
      Array.from({ length: AT_ONCE }, () => reset(wrongCodeFor(code))),
    );
    expect(statuses(wrong).every((s) => s === 400 || s === 429)).toBe(true);
    const attempts = await codeAttempts('password_reset');
    expect(Math.max(...attempts.map((a) => a.attempts))).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect([400, 429]).toContain((await reset(code)).statusCode);
    // The old password still works: the code never changed it.
    expect(
      (await post('/api/auth/signin', { username: account.key, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('lets at most 5 of 50 simultaneous wrong passwords be checked, then locks even the right one', async () => {
    const { account, user } = await seedBorrower(t.db);
    // One user, typed every way: the account id in either case and the e-mail in either case.
    const identifiers = [
      account.key,
      account.key.toLowerCase(),
      account.email,
      account.email.toUpperCase(),
    ];
    const wrong = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        post('/api/auth/signin', {
          username: identifiers[i % identifiers.length],
          password: 'Wrong#pass1',
        }),
      ),
    );
    const tried = statuses(wrong).filter((s) => s === 401).length;
    expect(tried).toBeLessThanOrEqual(SIGN_IN_PER_USER.limit);
    expect(statuses(wrong).filter((s) => s === 429)).toHaveLength(AT_ONCE - tried);
    const [counter] = await queryRows<{ failures: number }>(
      t.db,
      sql`select failures from throttles where key = ${`sign-in:user:${user.id}`}`,
    );
    expect(counter!.failures).toBeLessThanOrEqual(SIGN_IN_PER_USER.limit);

    for (const username of [account.key, account.email]) {
      const right = await post('/api/auth/signin', { username, password: TEST_PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it('mails at most 5 codes for 50 simultaneous resends', async () => {
    const account = await seedAccount(t.db);
    await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email,
      password: 'Str0ng!pass',
    });
    const resends = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        post('/api/auth/signup/resend', { accountId: account.key }),
      ),
    );
    expect(statuses(resends).every((s) => s === 202 || s === 429)).toBe(true);
    const [mails] = await queryRows<{ count: number | string }>(
      t.db,
      sql`select count(*) as count from outbox where payload->>'to' = ${account.email}`,
    );
    // The sign-up's own code counts towards the same limit.
    expect(Number(mails!.count)).toBeLessThanOrEqual(CODE_SENDS.limit);
  });

  it('answers at most 20 of 50 simultaneous unknown account ids from one address', async () => {
    const checks = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        post('/api/auth/signup/check', { accountId: `NO-SUCH-${i}` }),
      ),
    );
    const answered = statuses(checks).filter((s) => s === 404).length;
    expect(answered).toBeLessThanOrEqual(SIGN_UP_CHECK_PER_ADDRESS.limit);
    expect(statuses(checks).filter((s) => s === 429)).toHaveLength(AT_ONCE - answered);
  });

  it('gives 50 simultaneous sign-ups of one account clean answers and one pending user', async () => {
    const account = await seedAccount(t.db);
    const signUps = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        post('/api/auth/signup', {
          accountId: account.key,
          email: account.email,
          password: 'Str0ng!pass',
        }),
      ),
    );
    expect(statuses(signUps).every((s) => s === 201 || s === 429)).toBe(true);
    expect(statuses(signUps).filter((s) => s === 201)).toHaveLength(CODE_SENDS.limit);
    const users = await queryRows<{ id: string }>(
      t.db,
      sql`select id from users where account_key = ${account.key}`,
    );
    expect(users).toHaveLength(1);
  });
});

describe('a noisy address (an office, or carrier-grade NAT)', () => {
  const wrongTries = (address: string, usernames: string[], each: number) =>
    Promise.all(
      usernames.flatMap((username) =>
        Array.from({ length: each }, () =>
          post('/api/auth/signin', { username, password: 'Wrong#pass1' }, address),
        ),
      ),
    );

  it('never refuses the right password of a user who is not locked', async () => {
    const address = '198.51.100.20';
    const { account } = await seedBorrower(t.db);
    const noise = await wrongTries(
      address,
      Array.from({ length: 40 }, (_, i) => `NOISE-${i}`),
      SIGN_IN_PER_USER.limit,
    );
    expect(statuses(noise).filter((s) => s !== 401)).toEqual([]);

    const right = await post(
      '/api/auth/signin',
      { username: account.email, password: TEST_PASSWORD },
      address,
    );
    expect(right.statusCode).toBe(200);
  });

  it('slows its wrong tries down, for unknown usernames and wrong passwords alike', async () => {
    const address = '198.51.100.21';
    const { account } = await seedBorrower(t.db);
    await wrongTries(
      address,
      Array.from({ length: SIGN_IN_FAILURES_PER_ADDRESS.after / 5 }, (_, i) => `QUIET-${i}`),
      5,
    );
    for (const username of [account.key, 'NOBODY-HERE']) {
      const started = performance.now();
      const slowed = await post('/api/auth/signin', { username, password: 'Wrong#pass1' }, address);
      expect(slowed.statusCode).toBe(401);
      expect(slowed.json().error.code).toBe('INVALID_CREDENTIALS');
      expect(performance.now() - started).toBeGreaterThanOrEqual(
        SIGN_IN_FAILURES_PER_ADDRESS.stepMs,
      );
    }
  });
});
