import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { freePort } from '../../../test/port.ts';
import { usersRepository } from './users.repository.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, ADMIN_EMAILS: 'admin@lender.example' });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Walks the real authorization code + PKCE flow against the bundled provider, as a browser would. */
async function signInThroughProvider(browser: TestBrowser, demoUser: string) {
  const { response: page, url: interactionUrl } = await browser.follow(
    `${base}/api/auth/oidc/start`,
  );
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Development sign-in');
  const action = /action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  const { response, url } = await browser.follow(new URL(action!, interactionUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: demoUser }).toString(),
  });
  return { response, url };
}

async function roleOf(browser: TestBrowser) {
  const body = (await (await browser.request(`${base}/api/auth/session`)).json()) as {
    user: { role: string };
  };
  return body.user.role;
}

describe('staff sign-on through OpenID Connect', () => {
  it('creates an approver from the default role and lands on /oauthcallback with a session', async () => {
    const browser = new TestBrowser();
    const { url } = await signInThroughProvider(browser, 'approver');
    expect(new URL(url).pathname).toBe('/oauthcallback');
    expect(browser.cookie('portal_session')).toBeDefined();
    const session = await browser.request(`${base}/api/auth/session`);
    expect(await session.json()).toEqual({
      user: {
        username: 'approver@lender.example',
        email: 'approver@lender.example',
        role: 'approver',
        accountKey: null,
        name: 'Priya Nair',
        language: 'en',
      },
    });
  });

  it('gives the demo viewer the viewer role and an ADMIN_EMAILS address the admin role', async () => {
    const viewer = new TestBrowser();
    await signInThroughProvider(viewer, 'viewer');
    expect(await roleOf(viewer)).toBe('viewer');
    const admin = new TestBrowser();
    await signInThroughProvider(admin, 'admin');
    expect(await roleOf(admin)).toBe('admin');
  });

  it('keeps a role an admin gave on the next sign-in', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, 'approver');
    const user = await usersRepository.findByUsernameOrEmail(t.db, 'approver@lender.example');
    await usersRepository.update(t.db, user!.id, { role: 'viewer' });
    const again = new TestBrowser();
    await signInThroughProvider(again, 'approver');
    expect(await roleOf(again)).toBe('viewer');
    await usersRepository.update(t.db, user!.id, { role: 'approver' });
  });

  it('sends a disabled staff user back to sign-in with its fixed code', async () => {
    const user = await usersRepository.findByUsernameOrEmail(t.db, 'approver@lender.example');
    await usersRepository.update(t.db, user!.id, { disabled: true });
    const browser = new TestBrowser();
    const { url } = await signInThroughProvider(browser, 'approver');
    expect(new URL(url).pathname).toBe('/');
    expect(new URL(url).searchParams.get('error')).toBe('user_disabled');
    expect(browser.cookie('portal_session')).toBeUndefined();
    await usersRepository.update(t.db, user!.id, { disabled: false });
  });

  it('refuses a callback without the state cookie it started with', async () => {
    const res = await new TestBrowser().request(
      `${base}/api/auth/oidc/callback?code=stolen&state=guess`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?error=sign_in_expired');
  });
});
