import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { OIDC_CALLBACK_PATH } from '../src/modules/identity/identity.routes.ts';
import type { TestBrowser } from './browser.ts';
import { freePort } from './port.ts';

const USERINFO_PATH = '/userinfo';

/** The claims an account of the test provider vouches for; each test chooses them. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIdentityProviderOptions {
  /** The portal's callback URL, registered for the one client. */
  redirectUri: string;
  /**
   * Where e-mail and name travel: in userinfo only (what many providers do, and oidc-provider's
   * default) or in the ID token only (userinfo switched off, so the portal cannot fall back).
   */
  claimsIn?: 'userinfo' | 'idToken';
}

/**
 * A real OpenID provider (oidc-provider) on its own loopback port, standing in for an
 * organisation's identity provider. Its accounts are whatever the test sets; signing in as one
 * is a real authorization code + PKCE flow through the portal.
 */
export async function startTestIdentityProvider(options: TestIdentityProviderOptions) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'borrower-portal-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestIdentity>();
  let userinfoBatch: { size: number; held: (() => void)[] } | undefined;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    routes: { userinfo: USERINFO_PATH },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: (options.claimsIn ?? 'userinfo') === 'userinfo' },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      // Read at token time, so a test can change an account's claims between sign-ins.
      const identity = accounts.get(id);
      return identity && { accountId: id, claims: async () => ({ ...identity }) };
    },
    // The portal is a first-party client: consent is implied.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  // Beside the provider itself: the login screen (POST /interaction/:uid/login?sub= signs in as
  // that account) and the userinfo requests a test asked to hold.
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const login = /^\/interaction\/[^/]+\/login$/.test(url.pathname);
    if (request.method === 'POST' && login) {
      const sub = url.searchParams.get('sub') ?? '';
      void provider.interactionFinished(
        request,
        response,
        accounts.has(sub)
          ? { login: { accountId: sub } }
          : { error: 'access_denied', error_description: 'Unknown test account' },
        { mergeWithLastSubmission: false },
      );
    } else if (request.method === 'GET' && url.pathname.startsWith('/interaction/')) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Test sign-in');
    } else if (url.pathname === USERINFO_PATH && userinfoBatch) {
      const batch = userinfoBatch;
      batch.held.push(() => void handle(request, response));
      if (batch.held.length === batch.size) {
        userinfoBatch = undefined;
        for (const answer of batch.held) answer();
      }
    } else {
      void handle(request, response);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    /** Adds the account, or replaces its claims. */
    setAccount(identity: TestIdentity) {
      accounts.set(identity.sub, identity);
    },
    /**
     * Holds the next `size` userinfo requests and answers them together, so that many sign-ins
     * reach the portal's database at the same moment (userinfo is the last call before it).
     */
    answerUserinfoTogether(size: number) {
      userinfoBatch = { size, held: [] };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIdentityProvider = Awaited<ReturnType<typeof startTestIdentityProvider>>;

/**
 * Walks the flow as a browser would, from the portal's "Continue With" through the provider's
 * login as `sub`, and stops at the redirect back to the portal: the callback URL, not yet visited.
 */
export async function reachCallback(browser: TestBrowser, portal: string, sub: string) {
  const { url: loginPage } = await browser.follow(`${portal}/api/auth/oidc/start`);
  let url = new URL(`${loginPage}/login`);
  url.searchParams.set('sub', sub);
  let response = await browser.request(url.href, { method: 'POST' });
  while (response.status >= 300 && response.status < 400) {
    url = new URL(response.headers.get('location') ?? '', url);
    if (url.pathname === OIDC_CALLBACK_PATH) return url.href;
    response = await browser.request(url.href);
  }
  throw new Error(`The provider answered ${response.status} instead of returning to the portal`);
}

/** The whole staff sign-on as `sub`: where the portal's callback lands the browser. */
export async function signInAs(browser: TestBrowser, portal: string, sub: string) {
  const { url } = await browser.follow(await reachCallback(browser, portal, sub));
  return new URL(url);
}
