import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import Provider, { type Configuration } from 'oidc-provider';
import { answerLocalRequestsOnly } from '../../plugins/security.ts';

export const DEV_PROVIDER_PATH = '/dev/oidc';
export const DEV_CLIENT_ID = 'borrower-portal-dev';

/** The demo staff of the bundled provider (docs/product.md#components); the role claim is honoured only from it. */
export const DEV_STAFF = [
  { id: 'approver', email: 'approver@lender.example', name: 'Priya Nair', role: 'approver' },
  // A second approver: four-eyes NOC release (NOC_TWO_APPROVERS) needs two different people.
  { id: 'approver2', email: 'approver2@lender.example', name: 'Rahul Menon', role: 'approver' },
  { id: 'viewer', email: 'viewer@lender.example', name: 'Vikram Rao', role: 'viewer' },
  { id: 'admin', email: 'admin@lender.example', name: 'Anita Desai', role: 'admin' },
] as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A development-only OpenID provider mounted at /dev/oidc, so "Continue With" works out of the
 * box. Never registered in production or when OIDC_ISSUER is set; app.ts imports this module only
 * when it does register it, because oidc-provider is a development dependency.
 */
export async function registerDevIdentityProvider(
  app: FastifyInstance,
  options: { publicUrl: string; redirectUri: string },
) {
  const clientSecret = randomBytes(24).toString('base64url');
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'portal_role'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const staff = DEV_STAFF.find((s) => s.id === id);
      if (!staff) return undefined;
      return {
        accountId: staff.id,
        claims: async () => ({
          sub: staff.id,
          email: staff.email,
          email_verified: true,
          name: staff.name,
          portal_role: staff.role,
        }),
      };
    },
    // First-party demo client: consent is implied, so no consent screen.
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
  const provider = new Provider(`${options.publicUrl}${DEV_PROVIDER_PATH}`, configuration);
  provider.proxy = true;
  const handle = provider.callback();

  await app.register(async (scope) => {
    answerLocalRequestsOnly(scope);
    await scope.register(formbody);

    scope.get<{ Params: { uid: string } }>(
      `${DEV_PROVIDER_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const buttons = DEV_STAFF.map(
          (
            s,
          ) => `<form method="post" action="${DEV_PROVIDER_PATH}/interaction/${escapeHtml(details.uid)}/login">
          <input type="hidden" name="account" value="${s.id}">
          <button type="submit">Continue as ${escapeHtml(s.name)} <small>(${s.role}, ${escapeHtml(s.email)})</small></button>
        </form>`,
        ).join('');
        return reply.type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Development sign-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;border:1px solid #c7d2fe;background:#eef2ff;border-radius:.5rem;cursor:pointer;text-align:left}
button:focus{outline:3px solid #4f46e5}small{color:#4b5563}</style></head><body><main>
<h1>Development sign-in</h1><p>This stand-in for your organisation's identity provider runs only outside production. Choose a demo staff member:</p>
${buttons}</main></body></html>`);
      },
    );

    // No schema: the form may come without a body, or as JSON `null`.
    scope.post<{ Params: { uid: string }; Body: { account?: unknown } | null | undefined }>(
      `${DEV_PROVIDER_PATH}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const staff = DEV_STAFF.find((s) => s.id === request.body?.account);
        // An unknown or expired interaction throws here, while Fastify still owns the reply and
        // answers the provider's 400; once hijacked, a throw would leave the request unanswered.
        await provider.interactionDetails(request.raw, reply.raw);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          staff
            ? { login: { accountId: staff.id } }
            : { error: 'access_denied', error_description: 'Unknown demo user' },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  // Everything else under the prefix is the provider itself; it reads the raw request body.
  await app.register(async (scope) => {
    answerLocalRequestsOnly(scope);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_PROVIDER_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEV_PROVIDER_PATH.length) || '/';
      void handle(raw, reply.raw);
    });
  });

  return {
    issuer: `${options.publicUrl}${DEV_PROVIDER_PATH}`,
    clientId: DEV_CLIENT_ID,
    clientSecret,
  };
}
