import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResponseSchema,
  AccountIdResponseSchema,
  DomainError,
  PasswordResetResponseSchema,
  PasswordForgotBodySchema,
  PasswordResetBodySchema,
  SessionResponseSchema,
  SigninBodySchema,
  SigninResponseSchema,
  SignupBodySchema,
  SignupCheckBodySchema,
  SignupCheckResponseSchema,
  SignupConfirmBodySchema,
  SignupResendBodySchema,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { revokeSession, resolveSession, type AuthenticatedUser } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { checkSignupAccount, confirmSignUp, resendSignUpCode, signUp } from './sign-up.ts';
import type { StaffSignOn, PendingSignOn } from './staff-sign-on.ts';
import { signInStaff, type StaffRolePolicy } from './staff-users.ts';

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const OIDC_COOKIE = 'portal_oidc';

export interface IdentityRouteOptions {
  db: Database;
  secureCookies: boolean;
  staffSignOn: StaffSignOn | undefined;
  staffRolePolicy: StaffRolePolicy;
  publicUrl: string;
}

const sessionUser = (u: AuthenticatedUser) => ({
  username: u.username,
  email: u.email,
  role: u.role,
  accountKey: u.accountKey,
  name: u.name,
});

export const identityRoutes: FastifyPluginAsyncZod<IdentityRouteOptions> = async (app, options) => {
  const { db, secureCookies, staffSignOn, staffRolePolicy, publicUrl } = options;
  const tags = ['identity'];

  app.post(
    '/api/auth/signup/check',
    { schema: { tags, body: SignupCheckBodySchema, response: { 200: SignupCheckResponseSchema } } },
    async (request) => {
      const { account } = await checkSignupAccount(db, request.body.accountId);
      return { accountId: account.key, name: account.name };
    },
  );

  app.post(
    '/api/auth/signup',
    { schema: { tags, body: SignupBodySchema, response: { 201: AccountIdResponseSchema } } },
    async (request, reply) => reply.status(201).send(await signUp(db, request.body)),
  );

  app.post(
    '/api/auth/signup/confirm',
    { schema: { tags, body: SignupConfirmBodySchema, response: { 200: AccountIdResponseSchema } } },
    async (request) => confirmSignUp(db, request.body),
  );

  app.post(
    '/api/auth/signup/resend',
    { schema: { tags, body: SignupResendBodySchema, response: { 202: AcceptedResponseSchema } } },
    async (request, reply) => {
      await resendSignUpCode(db, request.body.accountId);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/auth/signin',
    { schema: { tags, body: SigninBodySchema, response: { 200: SigninResponseSchema } } },
    async (request, reply) => {
      const { token, expiresAt } = await signIn(db, request.body, request.ip);
      setSessionCookie(reply, token, expiresAt, secureCookies);
      const user = await resolveSession(db, token);
      return { token, user: sessionUser(user!) };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { tags, response: { 200: SessionResponseSchema } } },
    async (request) => ({ user: sessionUser(requireUser(request)) }),
  );

  app.post('/api/auth/signout', { schema: { tags } }, async (request, reply) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    clearSessionCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/password/forgot',
    { schema: { tags, body: PasswordForgotBodySchema, response: { 202: AcceptedResponseSchema } } },
    async (request, reply) => {
      await requestPasswordReset(db, request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags,
        body: PasswordResetBodySchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => resetPassword(db, request.body),
  );

  app.get('/api/auth/oidc/start', { schema: { tags } }, async (_request, reply) => {
    if (!staffSignOn)
      throw new DomainError('DEPENDENCY_DOWN', 'Staff sign-in is not configured (OIDC_ISSUER).');
    const { url, pending } = await staffSignOn.start();
    reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/api/auth/oidc',
      maxAge: 10 * 60,
    });
    return reply.redirect(url);
  });

  app.get(OIDC_CALLBACK_PATH, { schema: { tags } }, async (request, reply) => {
    const failBack = (message: string) => {
      clearOidcCookie(reply, secureCookies);
      return reply.redirect(`/?error=${encodeURIComponent(message)}`);
    };
    if (!staffSignOn) return failBack('Staff sign-in is not configured.');
    const pending = readPending(request.unsignCookie(request.cookies[OIDC_COOKIE] ?? ''));
    if (!pending)
      return failBack('Your sign-in took too long or was started elsewhere. Please try again.');
    try {
      const claims = await staffSignOn.finish(new URL(request.url, publicUrl), pending);
      const { token, expiresAt } = await signInStaff(db, claims, staffRolePolicy);
      clearOidcCookie(reply, secureCookies);
      setSessionCookie(reply, token, expiresAt, secureCookies);
      return reply.redirect('/oauthcallback');
    } catch (error) {
      if (error instanceof DomainError) return failBack(error.message);
      request.log.warn({ err: error }, 'staff sign-in failed');
      return failBack('Sign-in with your organisation account failed. Please try again.');
    }
  });
};

function readPending(cookie: { valid: boolean; value: string | null }): PendingSignOn | undefined {
  if (!cookie.valid || !cookie.value) return undefined;
  try {
    const parsed = z
      .object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() })
      .safeParse(JSON.parse(cookie.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function clearOidcCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(OIDC_COOKIE, {
    path: '/api/auth/oidc',
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}
