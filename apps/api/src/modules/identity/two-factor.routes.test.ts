import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedStaff, TEST_PASSWORD, tokenFor } from '../../../test/factories.ts';
import { latestCodeFor, latestMailTo } from '../../../test/mail.ts';
import { queryRows } from '../../db/client.ts';
import { listHistory } from '../audit/audit.ts';
import { CODE_MAX_ATTEMPTS } from './one-time-codes.ts';
import { CODE_SENDS, SIGN_IN_PER_USER } from './throttle.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenFor(t.db, (await seedStaff(t.db, 'admin')).id);
});
afterAll(() => t?.close());

const AT_ONCE = 50;
const STEP_SECONDS = 30;
type App = TestApp['app'];
const post = (app: App, url: string, payload?: object, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = (app: App, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'portal_session')?.value;

/** The code of the 30-second step `offset` steps from now (the server accepts -1, 0 and +1). */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP_SECONDS });
/**
 * The previous step's code, taken clear of a step's end: a step that ends before the server checks
 * it makes that code two steps old, which it rightly refuses (seen on a busy CI machine).
 */
async function previousStepCode(secret: string) {
  const leftInStep = STEP_SECONDS * 1000 - (Date.now() % (STEP_SECONDS * 1000));
  if (leftInStep < 5_000) await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
  return codeAt(secret, -1);
}
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function sessionCount(userId: string, db = t.db) {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from sessions where user_id = ${userId}`,
  );
  return Number(row!.n);
}

/**
 * A borrower who turned two-factor sign-in on from the profile, with the previous step's code, so
 * the current and the next step's codes are left for the test.
 */
async function enrolledBorrower() {
  const { account, user } = await seedBorrower(t.db);
  const token = await tokenFor(t.db, user.id);
  const { secret } = (await post(t.app, '/api/profile/two-factor/setup', {}, token)).json();
  const enabled = await post(
    t.app,
    '/api/profile/two-factor/enable',
    { code: await previousStepCode(secret) },
    token,
  );
  expect(enabled.statusCode).toBe(200);
  return { account, user, token, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function challengeOf(app: App, username: string) {
  const res = await post(app, '/api/auth/signin', { username, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; challengeToken: string };
}

describe('turning two-factor sign-in on from the profile', () => {
  it('shows a QR code and the secret, refuses a wrong first code, and gives ten recovery codes once', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await get(t.app, '/api/profile/two-factor', token)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const setup = await post(t.app, '/api/profile/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, qrCode, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The link a phone opens its authenticator app with: the same secret the QR code holds.
    expect(new URL(uri).protocol).toBe('otpauth:');
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    const svg = Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*>/);
    // Stored encrypted, never as the text the app was given.
    const [row] = await queryRows<{ totp_secret: string }>(
      t.db,
      sql`select totp_secret from users where id = ${user.id}`,
    );
    expect(row!.totp_secret).not.toContain(secret);

    const right = await codeAt(secret, 0);
    const wrong = await post(
      t.app,
      '/api/profile/two-factor/enable',
      { code: wrongCode(right) },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    expect((await get(t.app, '/api/profile/two-factor', token)).json().enabled).toBe(false);

    const enabled = await post(t.app, '/api/profile/two-factor/enable', { code: right }, token);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code: string) => expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/));
    const stored = await queryRows<{ code_hash: string }>(
      t.db,
      sql`select code_hash from mfa_recovery_codes where user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.code_hash)).not.toContain(recoveryCodes[0]);

    expect((await get(t.app, '/api/profile/two-factor', token)).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Once on, neither a new secret nor a second set of recovery codes is handed out.
    expect((await post(t.app, '/api/profile/two-factor/setup', {}, token)).statusCode).toBe(409);
    const again = await post(t.app, '/api/profile/two-factor/enable', { code: right }, token);
    expect(again.statusCode).toBe(400);
  });

  it('is for borrowers only: staff use their identity provider', async () => {
    const staffToken = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
    expect((await get(t.app, '/api/profile/two-factor', staffToken)).statusCode).toBe(403);
    expect((await post(t.app, '/api/profile/two-factor/setup', {}, staffToken)).statusCode).toBe(
      403,
    );
  });

  it('turns off only with a current code', async () => {
    const { token, secret } = await enrolledBorrower();
    const right = await codeAt(secret, 0);
    expect(
      (await post(t.app, '/api/profile/two-factor/disable', { code: wrongCode(right) }, token))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/profile/two-factor/disable', { code: 'abc' }, token)).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/profile/two-factor/disable', { code: right }, token)).statusCode,
    ).toBe(204);
    expect((await get(t.app, '/api/profile/two-factor', token)).json().enabled).toBe(false);
  });
});

describe('a change to two-factor sign-in is noticed', () => {
  const signedIn = async (token: string) =>
    (await get(t.app, '/api/auth/session', token)).statusCode;

  it('turning it on ends the borrower’s other sessions, not this one, and e-mails them', async () => {
    const { account, user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    const other = await tokenFor(t.db, user.id);
    const { secret } = (await post(t.app, '/api/profile/two-factor/setup', {}, token)).json();
    const enabled = await post(
      t.app,
      '/api/profile/two-factor/enable',
      { code: await codeAt(secret, 0) },
      token,
    );
    expect(enabled.statusCode).toBe(200);
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(token)).toBe(200);
    const mail = await latestMailTo(t.db, account.email);
    expect(mail?.subject).toBe('Two-factor sign-in is now on for your Borrower Portal account');
    expect(mail?.text).toContain('Every other open session of your account was ended.');
  });

  it('turning it off ends the borrower’s other sessions, not this one, and e-mails them', async () => {
    const { account, user, token, secret } = await enrolledBorrower();
    const other = await tokenFor(t.db, user.id);
    const right = await codeAt(secret, 0);
    // A wrong code changes nothing: no session ends, no e-mail goes.
    const refused = await post(
      t.app,
      '/api/profile/two-factor/disable',
      { code: wrongCode(right) },
      token,
    );
    expect(refused.statusCode).toBe(400);
    expect(await signedIn(other)).toBe(200);
    expect((await latestMailTo(t.db, account.email))?.subject).toMatch(/now on/);

    expect(
      (await post(t.app, '/api/profile/two-factor/disable', { code: right }, token)).statusCode,
    ).toBe(204);
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(token)).toBe(200);
    const mail = await latestMailTo(t.db, account.email);
    expect(mail?.subject).toBe('Two-factor sign-in is now off for your Borrower Portal account');
    expect(mail?.text).toContain('your password alone now signs you in');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers the password with a challenge only, and the right code with the session', async () => {
    const { account, user, secret } = await enrolledBorrower();
    const before = await sessionCount(user.id);
    const res = await post(t.app, '/api/auth/signin', {
      username: account.key,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ challenge: 'TOTP_REQUIRED', challengeToken: expect.any(String) });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(before);

    const code = await codeAt(secret, 0);
    const signedIn = await post(t.app, '/api/auth/signin/two-factor', {
      challengeToken: res.json().challengeToken,
      code,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe(account.key);
    expect(sessionCookieOf(signedIn)).toBe(signedIn.json().token);
    expect((await get(t.app, '/api/auth/session', signedIn.json().token)).statusCode).toBe(200);

    // The same code again, on a fresh challenge: each code works once.
    const replay = await post(t.app, '/api/auth/signin/two-factor', {
      challengeToken: (await challengeOf(t.app, account.key)).challengeToken,
      code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_CODE');
  });

  it('refuses an unknown, used, expired or other-kind challenge token', async () => {
    const { account, secret } = await enrolledBorrower();
    const code = await codeAt(secret, 0);
    const answer = (challengeToken: string) =>
      post(t.app, '/api/auth/signin/two-factor', { challengeToken, code });

    const unknown = await answer('not-a-challenge');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('SIGN_IN_EXPIRED');

    const expired = await challengeOf(t.app, account.key);
    await t.db.execute(
      sql`update mfa_challenges set expires_at = now() - interval '1 second'
        where consumed_at is null`,
    );
    expect((await answer(expired.challengeToken)).statusCode).toBe(401);
    // An enrolment step cannot take a TOTP_REQUIRED challenge either.
    const other = await challengeOf(t.app, account.key);
    expect(
      (
        await post(t.app, '/api/auth/signin/two-factor/confirm', {
          challengeToken: other.challengeToken,
          code,
          emailCode: code,
        })
      ).statusCode,
    ).toBe(401);

    expect((await answer(other.challengeToken)).statusCode).toBe(200);
    const used = await answer(other.challengeToken);
    expect(used.statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/auth/signin/two-factor', { challengeToken: 'x' })).statusCode,
    ).toBe(400);
  });

  it('counts 50 simultaneous wrong codes like wrong passwords: the limit holds, then even the right password is locked out', async () => {
    const { account, user, secret } = await enrolledBorrower();
    const { challengeToken } = await challengeOf(t.app, account.key);
    const right = await codeAt(secret, 0);
    const tries = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        post(t.app, '/api/auth/signin/two-factor', { challengeToken, code: wrongCode(right) }),
      ),
    );
    const statuses = tries.map((r) => r.statusCode);
    expect(statuses.every((s) => [400, 401, 429].includes(s))).toBe(true);
    // The password step's own attempt stays counted until the second factor is given.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(
      SIGN_IN_PER_USER.limit - 1,
    );
    const [challenge] = await queryRows<{ attempts: number }>(
      t.db,
      sql`select attempts from mfa_challenges where user_id = (
        select id from users where username = ${account.key})`,
    );
    expect(challenge!.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    const [counter] = await queryRows<{ failures: number }>(
      t.db,
      sql`select failures from throttles where key = ${`sign-in:user:${user.id}`}`,
    );
    expect(counter!.failures).toBeLessThanOrEqual(SIGN_IN_PER_USER.limit);

    expect(
      [401, 429].includes(
        (await post(t.app, '/api/auth/signin/two-factor', { challengeToken, code: right }))
          .statusCode,
      ),
    ).toBe(true);
    const locked = await post(t.app, '/api/auth/signin', {
      username: account.key,
      password: TEST_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('takes a recovery code instead of the six digits, once', async () => {
    const { account, user, token, recoveryCodes } = await enrolledBorrower();
    const [first] = recoveryCodes;
    // Typed as people do: lower case, without the dash.
    const typed = first!.replace('-', '').toLowerCase();
    const signedIn = await post(t.app, '/api/auth/signin/two-factor', {
      challengeToken: (await challengeOf(t.app, account.key)).challengeToken,
      recoveryCode: typed,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe(user.username);
    expect((await get(t.app, '/api/profile/two-factor', token)).json().recoveryCodesLeft).toBe(9);

    const again = await post(t.app, '/api/auth/signin/two-factor', {
      challengeToken: (await challengeOf(t.app, account.key)).challengeToken,
      recoveryCode: first,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/used already/);
  });
});

describe('an admin resetting a borrower’s two-factor sign-in', () => {
  it('turns it off, ends their sessions, audits it and e-mails them; the password alone then signs in', async () => {
    const { account, user, token } = await enrolledBorrower();
    const reset = await post(
      t.app,
      '/api/users/two-factor/reset',
      { username: account.key.toLowerCase() },
      adminToken,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ username: account.key });

    expect((await get(t.app, '/api/auth/session', token)).statusCode).toBe(401);
    const history = await listHistory(t.db, 'user', user.id);
    expect(history.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.two_factor_reset', { twoFactor: true }, { twoFactor: false }],
    ]);
    const mail = await latestMailTo(t.db, account.email);
    expect(mail?.subject).toMatch(/two-factor sign-in was reset/);

    const signedIn = await post(t.app, '/api/auth/signin', {
      username: account.key,
      password: TEST_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeDefined();
    const [recovery] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from mfa_recovery_codes where user_id = ${user.id}`,
    );
    expect(Number(recovery!.n)).toBe(0);
  });

  it('is for admins only, and says when there is nothing to reset', async () => {
    const { account } = await seedBorrower(t.db);
    const approverToken = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
    const body = { username: account.key };
    expect((await post(t.app, '/api/users/two-factor/reset', body, approverToken)).statusCode).toBe(
      403,
    );
    expect((await post(t.app, '/api/users/two-factor/reset', body, adminToken)).statusCode).toBe(
      409,
    );
    expect(
      (await post(t.app, '/api/users/two-factor/reset', { username: 'NO-SUCH' }, adminToken))
        .statusCode,
    ).toBe(404);
    expect((await post(t.app, '/api/users/two-factor/reset', {}, adminToken)).statusCode).toBe(400);
  });
});

describe('MFA_REQUIRED_FOR_BORROWERS', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({ MFA_REQUIRED_FOR_BORROWERS: 'true' });
  });
  afterAll(() => required?.close());

  it('makes enrolment part of the first sign-in, and keeps it on', async () => {
    const { account, user } = await seedBorrower(required.db);
    const first = await challengeOf(required.app, account.key);
    expect(first.challenge).toBe('MFA_SETUP');
    expect(await sessionCount(user.id, required.db)).toBe(0);

    const setup = await post(required.app, '/api/auth/signin/two-factor/setup', {
      challengeToken: first.challengeToken,
    });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const right = await previousStepCode(secret);
    const emailCode = await latestCodeFor(required.db, account.email);
    const wrong = await post(required.app, '/api/auth/signin/two-factor/confirm', {
      challengeToken: first.challengeToken,
      code: wrongCode(right),
      emailCode,
    });
    expect(wrong.statusCode).toBe(400);
    const enrolled = await post(required.app, '/api/auth/signin/two-factor/confirm', {
      challengeToken: first.challengeToken,
      code: right,
      emailCode,
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().recoveryCodes).toHaveLength(10);
    expect(sessionCookieOf(enrolled)).toBe(enrolled.json().token);
    const token = enrolled.json().token as string;
    expect((await get(required.app, '/api/profile/two-factor', token)).json()).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: 10,
    });
    expect(
      (
        await post(
          required.app,
          '/api/profile/two-factor/disable',
          { code: await codeAt(secret, 0) },
          token,
        )
      ).statusCode,
    ).toBe(409);

    const next = await challengeOf(required.app, account.key);
    expect(next.challenge).toBe('TOTP_REQUIRED');
    const signedIn = await post(required.app, '/api/auth/signin/two-factor', {
      challengeToken: next.challengeToken,
      code: await codeAt(secret, 0),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  /** A borrower at the MFA_SETUP step: the challenge, the app's secret and the e-mailed code. */
  async function atSetup() {
    const { account, user } = await seedBorrower(required.db);
    const { challengeToken } = await challengeOf(required.app, account.key);
    const setup = await post(required.app, '/api/auth/signin/two-factor/setup', { challengeToken });
    return {
      account,
      user,
      challengeToken,
      secret: setup.json().secret as string,
      emailCode: await latestCodeFor(required.db, account.email),
    };
  }
  const confirm = (body: object) => post(required.app, '/api/auth/signin/two-factor/confirm', body);

  it('needs the code e-mailed to the address on file too: without it or with a wrong one 400, with it a session', async () => {
    const { account, user, challengeToken, secret, emailCode } = await atSetup();
    const mail = await latestMailTo(required.db, account.email);
    expect(mail?.subject).toBe('Your Borrower Portal sign-in code');
    const code = await codeAt(secret, 0);

    const without = await confirm({ challengeToken, code });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toMatch(/^emailCode: /);
    const wrong = await confirm({ challengeToken, code, emailCode: wrongCode(emailCode) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_EMAIL_CODE');
    // Neither turned two-factor sign-in on nor started a session.
    expect(await sessionCount(user.id, required.db)).toBe(0);
    const [row] = await queryRows<{ on: boolean }>(
      required.db,
      sql`select totp_enabled_at is not null as on from users where id = ${user.id}`,
    );
    expect(row!.on).toBe(false);

    const enrolled = await confirm({ challengeToken, code, emailCode });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().recoveryCodes).toHaveLength(10);
    expect((await get(required.app, '/api/auth/session', enrolled.json().token)).statusCode).toBe(
      200,
    );
  });

  it('keeps the e-mailed code for a retry when the app’s code was the wrong one', async () => {
    const { challengeToken, secret, emailCode } = await atSetup();
    const code = await codeAt(secret, 0);
    const wrongApp = await confirm({ challengeToken, code: wrongCode(code), emailCode });
    expect(wrongApp.statusCode).toBe(400);
    expect(wrongApp.json().error.code).toBe('INVALID_CODE');
    expect((await confirm({ challengeToken, code, emailCode })).statusCode).toBe(200);
  });

  it('e-mails a new code on request, the old one then refused, as often as other code e-mails', async () => {
    const { account, challengeToken, secret, emailCode } = await atSetup();
    const resend = () =>
      post(required.app, '/api/auth/signin/two-factor/setup/resend', { challengeToken });
    expect((await resend()).statusCode).toBe(202);
    const fresh = await latestCodeFor(required.db, account.email);
    const code = await codeAt(secret, 0);
    if (fresh !== emailCode) {
      expect((await confirm({ challengeToken, code, emailCode })).json().error.code).toBe(
        'INVALID_EMAIL_CODE',
      );
    }
    // The sign-in's own e-mail and this resend count towards the limit.
    for (let sent = 2; sent < CODE_SENDS.limit; sent++)
      expect((await resend()).statusCode).toBe(202);
    const throttled = await resend();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await confirm({
          challengeToken,
          code,
          emailCode: await latestCodeFor(required.db, account.email),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(required.app, '/api/auth/signin/two-factor/setup/resend', { challengeToken }))
        .statusCode,
    ).toBe(401);
  });
});
