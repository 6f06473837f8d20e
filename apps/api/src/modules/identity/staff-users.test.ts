import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { freePort } from '../../../test/port.ts';
import {
  reachCallback,
  signInAs,
  startTestIdentityProvider,
  type TestIdentity,
  type TestIdentityProvider,
} from '../../../test/test-identity-provider.ts';
import { OIDC_CALLBACK_PATH } from './identity.routes.ts';
import { usersRepository } from './users.repository.ts';

const ADMIN_EMAIL = 'chief@lender.example';
const OTHER_ADMIN_EMAIL = 'deputy@lender.example';

/** A portal whose staff sign on through a test provider of their own, as in production. */
async function startPortalWithProvider(claimsIn: 'userinfo' | 'idToken') {
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  const idp = await startTestIdentityProvider({
    redirectUri: `${portal}${OIDC_CALLBACK_PATH}`,
    claimsIn,
  });
  const t = await createTestApp({
    PUBLIC_URL: portal,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    STAFF_EMAIL_DOMAINS: 'lender.example,Branch.Lender.Example',
    ADMIN_EMAILS: `${ADMIN_EMAIL},${OTHER_ADMIN_EMAIL}`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { portal, idp, t };
}

/** A provider account with a fresh subject and a verified work e-mail, unless the test says otherwise. */
function identity(idp: TestIdentityProvider, claims: Partial<TestIdentity> = {}) {
  const sub = randomUUID();
  const account = {
    sub,
    email: `staff-${sub.slice(0, 8)}@lender.example`,
    email_verified: true,
    name: 'Meera Iyer',
    ...claims,
  };
  idp.setAccount(account);
  return account;
}

async function sessionUser(portal: string, browser: TestBrowser) {
  const response = await browser.request(`${portal}/api/auth/session`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { username: string; email: string; role: string } })
    .user;
}

function expectRefused(landing: URL, browser: TestBrowser, code: string) {
  expect(landing.pathname).toBe('/');
  expect([...landing.searchParams]).toEqual([['error', code]]);
  expect(browser.cookie('portal_session')).toBeUndefined();
}

describe('staff sign-on through an organisation provider (claims in userinfo)', () => {
  let portal: string;
  let idp: TestIdentityProvider;
  let t: TestApp;
  beforeAll(async () => ({ portal, idp, t } = await startPortalWithProvider('userinfo')));
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const userWithEmail = (email: string) => usersRepository.findByUsernameOrEmail(t.db, email);

  it('makes a verified e-mail at a staff domain an approver, matching the domain in any case', async () => {
    for (const email of ['Asha.Rao@Lender.Example', 'vivek@branch.lender.example']) {
      const account = identity(idp, { email });
      const browser = new TestBrowser();
      const landing = await signInAs(browser, portal, account.sub);
      expect(landing.pathname).toBe('/oauthcallback');
      expect(await sessionUser(portal, browser)).toMatchObject({
        username: email.toLowerCase(),
        email: email.toLowerCase(),
        role: 'approver',
      });
    }
  });

  it('makes an ADMIN_EMAILS address an admin', async () => {
    const account = identity(idp, { email: ADMIN_EMAIL });
    const browser = new TestBrowser();
    await signInAs(browser, portal, account.sub);
    expect((await sessionUser(portal, browser)).role).toBe('admin');
  });

  it('refuses an e-mail the provider has not verified, or does not say it has', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: undefined }]) {
      const account = identity(idp, claims);
      const browser = new TestBrowser();
      expectRefused(
        await signInAs(browser, portal, account.sub),
        browser,
        'staff_unverified_email',
      );
      expect(await userWithEmail(account.email)).toBeUndefined();
    }
  });

  it('refuses an e-mail at any other domain, however close to a staff one', async () => {
    for (const email of [
      'someone@gmail.example',
      'staff@evil-lender.example',
      'staff@lender.example.evil.example',
      'staff@sub.lender.example',
      '"staff@lender.example"@evil.example',
    ]) {
      const account = identity(idp, { email });
      const browser = new TestBrowser();
      expectRefused(
        await signInAs(browser, portal, account.sub),
        browser,
        'staff_domain_not_allowed',
      );
      expect(await userWithEmail(email)).toBeUndefined();
    }
  });

  it('refuses a changed e-mail on the same subject, so nobody turns into an ADMIN_EMAILS admin', async () => {
    const account = identity(idp);
    await signInAs(new TestBrowser(), portal, account.sub);
    for (const email of ['another.name@lender.example', ADMIN_EMAIL.toUpperCase()]) {
      idp.setAccount({ ...account, email });
      const browser = new TestBrowser();
      expectRefused(await signInAs(browser, portal, account.sub), browser, 'staff_email_changed');
    }
    expect(await userWithEmail(account.email)).toMatchObject({ role: 'approver' });
  });

  it("refuses a second subject claiming an existing admin's e-mail", async () => {
    const listedAdmin = identity(idp, { email: OTHER_ADMIN_EMAIL });
    await signInAs(new TestBrowser(), portal, listedAdmin.sub);
    const madeAdmin = identity(idp, { email: 'head.of.ops@lender.example' });
    await signInAs(new TestBrowser(), portal, madeAdmin.sub);
    const user = await userWithEmail(madeAdmin.email);
    await usersRepository.update(t.db, user!.id, { role: 'admin' });

    for (const admin of [listedAdmin, madeAdmin]) {
      const impostor = identity(idp, { email: admin.email });
      const browser = new TestBrowser();
      expectRefused(
        await signInAs(browser, portal, impostor.sub),
        browser,
        'staff_identity_conflict',
      );
      expect(await userWithEmail(admin.email)).toMatchObject({
        role: 'admin',
        oidcSubject: `${idp.issuer}|${admin.sub}`,
      });
    }
  });

  it('binds a staff user not yet signed on by e-mail, once, and then only by its subject', async () => {
    const email = 'preprovisioned@lender.example';
    const user = await usersRepository.insert(t.db, { username: email, email, role: 'viewer' });
    const first = identity(idp, { email });
    const browser = new TestBrowser();
    await signInAs(browser, portal, first.sub);
    expect(await sessionUser(portal, browser)).toMatchObject({ username: email, role: 'viewer' });
    expect((await usersRepository.findById(t.db, user.id))?.oidcSubject).toBe(
      `${idp.issuer}|${first.sub}`,
    );

    const second = identity(idp, { email });
    const refused = new TestBrowser();
    expectRefused(await signInAs(refused, portal, second.sub), refused, 'staff_identity_conflict');
  });

  it('refuses a disabled staff user', async () => {
    const account = identity(idp);
    await signInAs(new TestBrowser(), portal, account.sub);
    const user = await usersRepository.findByUsernameOrEmail(t.db, account.email);
    await usersRepository.update(t.db, user!.id, { disabled: true });
    const browser = new TestBrowser();
    expectRefused(await signInAs(browser, portal, account.sub), browser, 'user_disabled');
  });

  it('signs concurrent first sign-ins of one identity in as one user, never a 500', async () => {
    const account = identity(idp);
    const browsers = Array.from({ length: 6 }, () => new TestBrowser());
    idp.answerUserinfoTogether(browsers.length);
    const callbacks = await Promise.all(
      browsers.map((browser) => reachCallback(browser, portal, account.sub)),
    );
    const answers = await Promise.all(browsers.map((browser, i) => browser.request(callbacks[i]!)));
    expect(answers.map((r) => [r.status, r.headers.get('location')])).toEqual(
      browsers.map(() => [302, '/oauthcallback']),
    );
    const users = await Promise.all(browsers.map((browser) => sessionUser(portal, browser)));
    expect(new Set(users.map((u) => u.username))).toEqual(new Set([account.email]));
  });
});

describe('staff sign-on with claims only in the ID token', () => {
  let portal: string;
  let idp: TestIdentityProvider;
  let t: TestApp;
  beforeAll(async () => ({ portal, idp, t } = await startPortalWithProvider('idToken')));
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('reads the e-mail and its verification from the ID token', async () => {
    const verified = identity(idp);
    const browser = new TestBrowser();
    expect((await signInAs(browser, portal, verified.sub)).pathname).toBe('/oauthcallback');
    expect((await sessionUser(portal, browser)).email).toBe(verified.email);

    const unverified = identity(idp, { email_verified: false });
    const refused = new TestBrowser();
    expectRefused(
      await signInAs(refused, portal, unverified.sub),
      refused,
      'staff_unverified_email',
    );
  });
});

describe('staff sign-on that cannot start', () => {
  let providerDown: TestApp;
  let signOnOff: TestApp;
  beforeAll(async () => {
    [providerDown, signOnOff] = await Promise.all([
      createTestApp({
        OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'secret',
      }),
      // Production without OIDC_ISSUER: no bundled provider either.
      createTestApp({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-session-secret-of-some-length',
        PUBLIC_URL: 'https://portal.lender.example',
      }),
    ]);
  });
  afterAll(() => Promise.all([providerDown?.close(), signOnOff?.close()]));

  it.each([
    ['the provider is down', () => providerDown, 'provider_unavailable'],
    ['staff sign-on is off', () => signOnOff, 'not_configured'],
  ])('sends the browser back with a fixed code when %s', async (_, portal, code) => {
    const response = await portal().app.inject({ url: '/api/auth/oidc/start' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/?error=${code}`);
  });
});
