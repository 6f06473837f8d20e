import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedAccount, seedBorrower, TEST_PASSWORD, tokenFor } from '../../../test/factories.ts';
import { latestCodeFor, latestMailTo } from '../../../test/mail.ts';
import { queryRows } from '../../db/client.ts';
import { usersRepository } from './users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ORIGIN = 'http://localhost:3000';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
/** Sign-ins from an address of their own, so wrong passwords of other tests do not slow them. */
const signInFrom = (remoteAddress: string) => (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    remoteAddress,
  });
const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'portal_session')?.value;

async function registeredBorrower() {
  const account = await seedAccount(t.db);
  const password = 'Str0ng!pass';
  expect(
    (await post('/api/auth/signup', { accountId: account.key, email: account.email, password }))
      .statusCode,
  ).toBe(201);
  const code = await latestCodeFor(t.db, account.email);
  expect(
    (await post('/api/auth/signup/confirm', { accountId: account.key, code })).statusCode,
  ).toBe(200);
  return { account, password };
}

describe('sign-up', () => {
  it('checks the account id: unknown is 404 with a clear message, known answers the masked name', async () => {
    const unknown = await post('/api/auth/signup/check', { accountId: 'NOPE-404' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/could not find this account id/);

    const account = await seedAccount(t.db, { name: 'Lakshmi Homes' });
    const known = await post('/api/auth/signup/check', { accountId: account.key.toLowerCase() });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ accountId: account.key, name: 'L****** H****' });
  });

  it('refuses an e-mail other than the one on file without revealing the real one', async () => {
    const account = await seedAccount(t.db, { email: 'real.owner@borrower.example' });
    const res = await post('/api/auth/signup', {
      accountId: account.key,
      email: 'thief@evil.example',
      password: 'Str0ng!pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('EMAIL_MISMATCH');
    expect(res.body).not.toContain('real.owner');
    expect(await latestMailTo(t.db, 'thief@evil.example')).toBeUndefined();
  });

  it('enforces the password policy on the server', async () => {
    const account = await seedAccount(t.db);
    for (const password of ['short1!', 'nodigits!!', 'NoSymbol123', '12345678!']) {
      const res = await post('/api/auth/signup', {
        accountId: account.key,
        email: account.email,
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toContain(
        'Use 8 or more characters with a mix of letters, numbers & symbols',
      );
    }
  });

  it('mails a six-digit code that is stored only hashed, and confirms with it once', async () => {
    const account = await seedAccount(t.db);
    const res = await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email.toUpperCase(),
      password: 'Str0ng!pass',
    });
    expect(res.statusCode).toBe(201);
    const code = await latestCodeFor(t.db, account.email);
    const stored = await queryRows<{ code_hash: string }>(
      t.db,
      sql`select code_hash from one_time_codes`,
    );
    expect(stored.every((r) => !r.code_hash.includes(code))).toBe(true);

    expect(
      (await post('/api/auth/signup/confirm', { accountId: account.key, code })).statusCode,
    ).toBe(200);
    const reused = await post('/api/auth/signup/confirm', { accountId: account.key, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_CODE');

    const again = await post('/api/auth/signup/check', { accountId: account.key });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('User already exists');
  });

  it('kills a code after five wrong tries, and a resent code works', async () => {
    const account = await seedAccount(t.db);
    await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email,
      password: 'Str0ng!pass',
    });
    const code = await latestCodeFor(t.db, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/signup/confirm', { accountId: account.key, code: wrong }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await post('/api/auth/signup/confirm', { accountId: account.key, code })).statusCode,
    ).toBe(400);

    expect((await post('/api/auth/signup/resend', { accountId: account.key })).statusCode).toBe(
      202,
    );
    const fresh = await latestCodeFor(t.db, account.email);
    expect(
      (await post('/api/auth/signup/confirm', { accountId: account.key, code: fresh })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const account = await seedAccount(t.db);
    await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email,
      password: 'Str0ng!pass',
    });
    const code = await latestCodeFor(t.db, account.email);
    await t.db.execute(sql`update one_time_codes set expires_at = now() - interval '1 second'`);
    expect(
      (await post('/api/auth/signup/confirm', { accountId: account.key, code })).statusCode,
    ).toBe(400);
  });

  it('answers resend with 202 whatever the id', async () => {
    expect((await post('/api/auth/signup/resend', { accountId: 'NO-SUCH-ID' })).statusCode).toBe(
      202,
    );
  });
});

describe('a pending sign-up cannot be taken over by a second one', () => {
  const signUpAs = (accountKey: string, email: string, password: string) =>
    post('/api/auth/signup', { accountId: accountKey, email, password });
  const signUpCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'portal_signup')!.value;

  it("keeps the first sign-up's password until its own code confirms it", async () => {
    const account = await seedAccount(t.db);
    const owner = await signUpAs(account.key, account.email, 'Owner#pass1');
    const ownerCode = await latestCodeFor(t.db, account.email);
    // Someone who knows the id and the lender's address signs up again with their own password.
    const intruder = await signUpAs(account.key, account.email, 'Intruder#pass1');
    expect(intruder.statusCode).toBe(201);
    const intruderCode = await latestCodeFor(t.db, account.email);

    // In the owner's browser, the intruder's code (also mailed to the owner) is not accepted.
    const ownerBrowser = { portal_signup: signUpCookieOf(owner) };
    const mixedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/confirm',
      payload: { accountId: account.key, code: intruderCode },
      cookies: ownerBrowser,
    });
    expect(mixedUp.statusCode).toBe(400);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/confirm',
      payload: { accountId: account.key, code: ownerCode },
      cookies: ownerBrowser,
    });
    expect(confirmed.statusCode).toBe(200);
    const signIn = (password: string) =>
      post('/api/auth/signin', { username: account.key, password });
    expect((await signIn('Owner#pass1')).statusCode).toBe(200);
    expect((await signIn('Intruder#pass1')).statusCode).toBe(401);
    // The other sign-up's code died with the confirmation.
    expect(
      (await post('/api/auth/signup/confirm', { accountId: account.key, code: intruderCode }))
        .statusCode,
    ).toBe(400);
  });

  it('binds the code to the browser with an httpOnly cookie limited to the sign-up calls', async () => {
    const account = await seedAccount(t.db);
    const res = await signUpAs(account.key, account.email, 'Owner#pass1');
    expect(res.cookies.find((c) => c.name === 'portal_signup')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/signup',
    });
  });
});

describe('sign-in and sessions', () => {
  it('signs in by account id in any case or by e-mail, answering a token, the user and a session cookie', async () => {
    const { account, password } = await registeredBorrower();
    for (const username of [account.key.toLowerCase(), account.email.toUpperCase()]) {
      const res = await post('/api/auth/signin', { username, password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toEqual({
        username: account.key,
        email: account.email,
        role: 'client',
        accountKey: account.key,
        name: account.name,
        language: 'en',
      });
      const cookie = res.cookies.find((c) => c.name === 'portal_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      const viaBearer = await t.app.inject({
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(viaBearer.json().user.username).toBe(account.key);
      const viaCookie = await t.app.inject({
        url: '/api/auth/session',
        cookies: { portal_session: cookie!.value },
      });
      expect(viaCookie.json().user.username).toBe(account.key);
    }
  });

  it('ends the session a browser held when it signs in again', async () => {
    const { account, password } = await registeredBorrower();
    const first = sessionCookieOf(
      await post('/api/auth/signin', { username: account.key, password }),
    )!;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: account.key, password },
      cookies: { portal_session: first },
      headers: { origin: ORIGIN },
    });
    expect(again.statusCode).toBe(200);
    const old = await t.app.inject({
      url: '/api/auth/session',
      cookies: { portal_session: first },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      url: '/api/auth/session',
      cookies: { portal_session: sessionCookieOf(again)! },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    const { account } = await registeredBorrower();
    const wrong = await post('/api/auth/signin', {
      username: account.key,
      password: 'Wrong#pass1',
    });
    const unknown = await post('/api/auth/signin', {
      username: 'NOBODY-HERE',
      password: 'Wrong#pass1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Incorrect username or password.');
  });

  it('locks a username for 15 minutes after 5 failures, even for the right password, without touching others', async () => {
    const { account, password } = await registeredBorrower();
    const other = await registeredBorrower();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/signin', { username: account.key, password: 'Wrong#pass1' }))
          .statusCode,
      ).toBe(401);
    }
    const locked = await post('/api/auth/signin', { username: account.key, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // docs/product.md#api (settled 2026-11-27): the e-mail is the same user, with the same count.
    const byEmail = await post('/api/auth/signin', { username: account.email, password });
    expect(byEmail.statusCode).toBe(429);
    expect(
      (await post('/api/auth/signin', { username: other.account.key, password: other.password }))
        .statusCode,
    ).toBe(200);
  });

  it('counts wrong passwords by e-mail and by account id as one user', async () => {
    const { account, password } = await registeredBorrower();
    const signIn = signInFrom('192.0.2.11');
    for (let i = 0; i < 5; i++) {
      const username = i % 2 ? account.email.toUpperCase() : account.email;
      expect((await signIn(username, 'Wrong#pass1')).statusCode).toBe(401);
    }
    for (const username of [account.key, account.key.toLowerCase(), account.email]) {
      const locked = await signIn(username, password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it('counts failures by account id and by e-mail towards one lock-out, and a success resets both', async () => {
    const { account, password } = await registeredBorrower();
    const signIn = signInFrom('192.0.2.12');
    for (let i = 0; i < 4; i++) await signIn(i % 2 ? account.email : account.key, 'Wrong#pass1');
    expect((await signIn(account.email, password)).statusCode).toBe(200);
    // Four more wrong passwords are answered, not locked: the success cleared the whole count.
    for (let i = 0; i < 4; i++) {
      expect((await signIn(account.key, 'Wrong#pass1')).statusCode).toBe(401);
    }
    expect((await signIn(account.email, password)).statusCode).toBe(200);
  });

  it('locks unknown usernames exactly like known ones', async () => {
    for (let i = 0; i < 5; i++)
      await post('/api/auth/signin', { username: 'GHOST-1', password: 'Wrong#pass1' });
    expect(
      (await post('/api/auth/signin', { username: 'GHOST-1', password: 'Wrong#pass1' })).statusCode,
    ).toBe(429);
  });

  it('resets the failure count after a success', async () => {
    const { account, password } = await registeredBorrower();
    for (let i = 0; i < 4; i++)
      await post('/api/auth/signin', { username: account.key, password: 'Wrong#pass1' });
    expect((await post('/api/auth/signin', { username: account.key, password })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 4; i++)
      await post('/api/auth/signin', { username: account.key, password: 'Wrong#pass1' });
    expect((await post('/api/auth/signin', { username: account.key, password })).statusCode).toBe(
      200,
    );
  });

  it('refuses a borrower who has not confirmed the code', async () => {
    const account = await seedAccount(t.db);
    await post('/api/auth/signup', {
      accountId: account.key,
      email: account.email,
      password: 'Str0ng!pass',
    });
    const res = await post('/api/auth/signin', { username: account.key, password: 'Str0ng!pass' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('USER_NOT_CONFIRMED');
  });

  it('tells a disabled user so only with the right password, and their open sessions stop at once', async () => {
    const { user, account } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    await usersRepository.update(t.db, user.id, { disabled: true });
    const right = await post('/api/auth/signin', {
      username: account.key,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.message).toBe('User is disabled.');
    expect(
      (await post('/api/auth/signin', { username: account.key, password: 'Wrong#pass1' }))
        .statusCode,
    ).toBe(401);
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(401);
  });

  it('refuses a sign-in that disabling the user overtakes, with no 500 and no usable session', async () => {
    const { user, account } = await seedBorrower(t.db);
    const answers = [];
    // Rounds of sign-ins with the user disabled a little later each time: some while a password
    // is being checked, after the sign-in has read the user as enabled.
    for (let delayMs = 0; delayMs < 60; delayMs += 4) {
      await usersRepository.update(t.db, user.id, { disabled: false });
      const round = Array.from({ length: 3 }, () =>
        post('/api/auth/signin', { username: account.key, password: TEST_PASSWORD }),
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await usersRepository.update(t.db, user.id, { disabled: true });
      answers.push(...(await Promise.all(round)));
    }
    expect(
      answers.map((res) => res.statusCode).filter((s) => ![200, 401, 403].includes(s)),
    ).toEqual([]);
    for (const res of answers.filter((answer) => answer.statusCode === 200)) {
      const session = await t.app.inject({
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      expect(session.statusCode).toBe(401);
    }
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it('answers 401 for no session or a made-up token', async () => {
    expect((await t.app.inject({ url: '/api/auth/session' })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: 'Bearer made-up' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie-authenticated write without our Origin, and signs out with it', async () => {
    const { password, account } = await registeredBorrower();
    const cookie = sessionCookieOf(
      await post('/api/auth/signin', { username: account.key, password }),
    )!;
    const cookies = { portal_session: cookie };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signout', cookies });
    expect(missing.statusCode).toBe(403);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies,
      headers: { origin: ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/session', cookies })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers 202 for anything typed and mails a code only to a real borrower', async () => {
    expect(
      (await post('/api/auth/password/forgot', { username: 'nobody@nowhere.example' })).statusCode,
    ).toBe(202);
    expect((await post('/api/auth/password/forgot', { username: 'NO-SUCH-ID' })).statusCode).toBe(
      202,
    );
    expect(await latestMailTo(t.db, 'nobody@nowhere.example')).toBeUndefined();
  });

  it('sets a new password with the mailed code, ending old sessions', async () => {
    const { account, password } = await registeredBorrower();
    const oldToken = (await post('/api/auth/signin', { username: account.key, password })).json()
      .token;
    expect((await post('/api/auth/password/forgot', { username: account.email })).statusCode).toBe(
      202,
    );
    const code = await latestCodeFor(t.db, account.email);

    const wrong = await post('/api/auth/password/reset', {
      username: account.key,
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'N3w!password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'Invalid verification code provided, please try again.',
    );

    const ok = await post('/api/auth/password/reset', {
      username: account.key,
      code,
      newPassword: 'N3w!password',
    });
    expect(ok.statusCode).toBe(200);
    const old = await t.app.inject({
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await post('/api/auth/signin', { username: account.key, password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/signin', { username: account.key, password: 'N3w!password' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a weak new password', async () => {
    const res = await post('/api/auth/password/reset', {
      username: 'X',
      code: '123456',
      newPassword: 'weak',
    });
    expect(res.statusCode).toBe(400);
  });
});
