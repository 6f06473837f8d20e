import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResponseSchema,
  AccountIdResponseSchema,
  AuthProvidersResponseSchema,
  DomainError,
  EnrolledSignInResponseSchema,
  LanguageBodySchema,
  PasswordResetResponseSchema,
  PasswordForgotBodySchema,
  PasswordResetBodySchema,
  SessionResponseSchema,
  SigninBodySchema,
  SignedInSchema,
  SigninResponseSchema,
  SignupBodySchema,
  SignupCheckBodySchema,
  SignupCheckResponseSchema,
  SignupConfirmBodySchema,
  SignupResendBodySchema,
  type StaffSignOnErrorCode,
  TwoFactorConfirmChallengeBodySchema,
  TwoFactorSetupChallengeBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorSignInBodySchema,
} from '@portal/domain';
import {
  AUTH_PROVIDERS_PATH,
  LANGUAGE_PATH,
  PASSWORD_FORGOT_PATH,
  PASSWORD_RESET_PATH,
  SESSION_PATH,
  SIGNIN_PATH,
  SIGNIN_TWO_FACTOR_CONFIRM_PATH,
  SIGNIN_TWO_FACTOR_PATH,
  SIGNIN_TWO_FACTOR_SETUP_PATH,
  SIGNIN_TWO_FACTOR_SETUP_RESEND_PATH,
  SIGNOUT_PATH,
  SIGNUP_CHECK_PATH,
  SIGNUP_CONFIRM_PATH,
  SIGNUP_PATH,
  SIGNUP_RESEND_PATH,
  STAFF_SIGN_ON_PATH,
} from '@portal/domain/identity-paths';
import type { Database } from '../../db/client.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/request-language.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { revokeSession, resolveSession, type AuthenticatedUser } from './sessions.ts';
import { enrolAtSignIn, resendSetupCode, signIn, signInWithSecondFactor } from './sign-in.ts';
import {
  confirmSignUp,
  lookUpAccountForSignUp,
  resendSignUpCode,
  SIGN_UP_COOKIE,
  signUp,
} from './sign-up.ts';
import { StaffSignOnRefused, type PendingSignOn, type StaffSignOn } from './staff-sign-on.ts';
import { signInStaff, type StaffRolePolicy } from './staff-users.ts';
import { challengeUser, startEnrolment, type TwoFactorSettings } from './two-factor.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { usersRepository } from './users.repository.ts';

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const OIDC_COOKIE = 'portal_oidc';

export interface IdentityRouteOptions {
  db: Database;
  /** Signs the staff sign-on's pending-state cookie. */
  cookieSecret: string;
  secureCookies: boolean;
  staffSignOn: StaffSignOn | undefined;
  /** The name on the sign-in page's "Continue With …" button. */
  staffProviderName: string;
  staffRolePolicy: StaffRolePolicy;
  publicUrl: string;
  twoFactor: TwoFactorSettings;
}

const sessionUser = (u: AuthenticatedUser) => ({
  username: u.username,
  email: u.email,
  role: u.role,
  accountKey: u.accountKey,
  name: u.name,
  language: u.language,
});

export const identityRoutes: FastifyPluginAsyncZod<IdentityRouteOptions> = async (app, options) => {
  const { db, secureCookies, staffSignOn, staffProviderName, staffRolePolicy, publicUrl } = options;
  const { twoFactor } = options;
  const tags = ['identity'];
  // Only these routes read or set cookies (the session cookie is read by the auth plugin), so the
  // cookie plugin, with its hook on every answer, is registered for them alone.
  await app.register(cookie, { secret: options.cookieSecret, hook: 'onRequest' });

  /** Every way of signing in ends here once the user is known for sure. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    { token, expiresAt }: { token: string; expiresAt: Date },
  ) {
    // A new sign-in replaces the session this browser held (no fixation, no orphan).
    if (request.user) await revokeSession(db, request.user.sessionId);
    // Disabling the user (or ending their sessions) while their password was being checked leaves
    // the new session unusable: the sign-in is refused like any request without a session.
    const user = await resolveSession(db, token);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    setSessionCookie(reply, token, expiresAt, secureCookies);
    request.log.info({ securityEvent: 'SIGNED_IN', user: user.username }, 'security: signed in');
    return { token, user: sessionUser(user) };
  }

  app.get(
    AUTH_PROVIDERS_PATH,
    {
      schema: {
        tags,
        summary: 'How staff sign in: the provider’s name, or null when staff sign-on is off',
        response: { 200: AuthProvidersResponseSchema },
      },
    },
    async () => ({ staff: staffSignOn ? { name: staffProviderName } : null }),
  );

  app.post(
    SIGNUP_CHECK_PATH,
    { schema: { tags, body: SignupCheckBodySchema, response: { 200: SignupCheckResponseSchema } } },
    async (request) => lookUpAccountForSignUp(db, request.body.accountId, request.ip),
  );

  app.post(
    SIGNUP_PATH,
    { schema: { tags, body: SignupBodySchema, response: { 201: AccountIdResponseSchema } } },
    async (request, reply) => {
      const { accountId, bindingToken } = await signUp(db, request.body, requestLanguage(request));
      // Binds the mailed code to this browser: only it can confirm this sign-up's password.
      reply.setCookie(SIGN_UP_COOKIE, bindingToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: '/api/auth/signup',
        maxAge: 60 * 60,
      });
      return reply.status(201).send({ accountId });
    },
  );

  app.post(
    SIGNUP_CONFIRM_PATH,
    { schema: { tags, body: SignupConfirmBodySchema, response: { 200: AccountIdResponseSchema } } },
    async (request) => {
      const confirmed = await confirmSignUp(db, request.body, request.cookies[SIGN_UP_COOKIE]);
      request.log.info(
        { securityEvent: 'SIGNED_UP', user: confirmed.accountId },
        'security: sign-up confirmed',
      );
      return confirmed;
    },
  );

  app.post(
    SIGNUP_RESEND_PATH,
    { schema: { tags, body: SignupResendBodySchema, response: { 202: AcceptedResponseSchema } } },
    async (request, reply) => {
      await resendSignUpCode(db, request.body.accountId, request.cookies[SIGN_UP_COOKIE]);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    SIGNIN_PATH,
    { schema: { tags, body: SigninBodySchema, response: { 200: SigninResponseSchema } } },
    async (request, reply) => {
      const outcome = await signIn(db, request.body, request.ip, twoFactor);
      // The password alone starts no session when a second factor is owed.
      if ('challenge' in outcome) return outcome;
      return startSession(request, reply, outcome);
    },
  );

  app.post(
    SIGNIN_TWO_FACTOR_PATH,
    {
      schema: {
        tags,
        summary: 'Answers a TOTP_REQUIRED challenge with an authenticator or recovery code',
        body: TwoFactorSignInBodySchema,
        response: { 200: SignedInSchema },
      },
    },
    async (request, reply) =>
      startSession(request, reply, await signInWithSecondFactor(db, twoFactor, request.body)),
  );

  app.post(
    SIGNIN_TWO_FACTOR_SETUP_PATH,
    {
      schema: {
        tags,
        summary: 'The authenticator secret and QR code for an MFA_SETUP challenge',
        body: TwoFactorSetupChallengeBodySchema,
        response: { 200: TwoFactorSetupResponseSchema },
      },
    },
    async (request) => {
      const userId = await challengeUser(db, request.body.challengeToken, 'MFA_SETUP');
      return startEnrolment(db, twoFactor, (await usersRepository.findById(db, userId))!);
    },
  );

  app.post(
    SIGNIN_TWO_FACTOR_SETUP_RESEND_PATH,
    {
      schema: {
        tags,
        summary: 'E-mails a new code for an MFA_SETUP challenge (limited like every code e-mail)',
        body: TwoFactorSetupChallengeBodySchema,
        response: { 202: AcceptedResponseSchema },
      },
    },
    async (request, reply) => {
      await resendSetupCode(db, request.body.challengeToken);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    SIGNIN_TWO_FACTOR_CONFIRM_PATH,
    {
      schema: {
        tags,
        summary:
          'Finishes an MFA_SETUP challenge: the app’s first code and the e-mailed code turn two-factor sign-in on',
        body: TwoFactorConfirmChallengeBodySchema,
        response: { 200: EnrolledSignInResponseSchema },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, ...session } = await enrolAtSignIn(
        db,
        twoFactor,
        request.body,
        `${publicUrl}/`,
      );
      return { ...(await startSession(request, reply, session)), recoveryCodes };
    },
  );

  await app.register(twoFactorRoutes, { db, twoFactor, publicUrl });

  app.get(
    SESSION_PATH,
    { schema: { tags, response: { 200: SessionResponseSchema } } },
    async (request) => ({ user: sessionUser(requireUser(request)) }),
  );

  app.put(
    LANGUAGE_PATH,
    {
      schema: {
        tags,
        summary: 'The signed-in user’s language for screens, error messages and e-mails',
        body: LanguageBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await usersRepository.update(db, user.id, { language: request.body.language });
      return { user: sessionUser({ ...user, language: request.body.language }) };
    },
  );

  app.post(SIGNOUT_PATH, { schema: { tags } }, async (request, reply) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    clearSessionCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.post(
    PASSWORD_FORGOT_PATH,
    { schema: { tags, body: PasswordForgotBodySchema, response: { 202: AcceptedResponseSchema } } },
    async (request, reply) => {
      await requestPasswordReset(db, request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    PASSWORD_RESET_PATH,
    {
      schema: {
        tags,
        body: PasswordResetBodySchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => {
      const reset = await resetPassword(db, request.body);
      request.log.info(
        { securityEvent: 'PASSWORD_RESET', user: reset.username },
        'security: password reset, sessions ended',
      );
      return reset;
    },
  );

  /** Back to the sign-in page with a fixed code it words; provider text is never passed on. */
  const failBack = (reply: FastifyReply, code: StaffSignOnErrorCode) => {
    clearOidcCookie(reply, secureCookies);
    return reply.redirect(`/?error=${code}`);
  };

  // Reached by a full-page visit, so failures go back to the sign-in page too, never as JSON.
  app.get(STAFF_SIGN_ON_PATH, { schema: { tags } }, async (request, reply) => {
    if (!staffSignOn) return failBack(reply, 'not_configured');
    try {
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
    } catch (error) {
      return failBack(reply, staffSignOnErrorCode(request, error));
    }
  });

  app.get(OIDC_CALLBACK_PATH, { schema: { tags } }, async (request, reply) => {
    if (!staffSignOn) return failBack(reply, 'not_configured');
    const pending = readPending(request.unsignCookie(request.cookies[OIDC_COOKIE] ?? ''));
    if (!pending) return failBack(reply, 'sign_in_expired');
    try {
      const claims = await staffSignOn.finish(new URL(request.url, publicUrl), pending);
      const { token, expiresAt } = await signInStaff(db, claims, staffRolePolicy);
      if (request.user) await revokeSession(db, request.user.sessionId);
      request.log.info(
        { securityEvent: 'STAFF_SIGNED_IN', user: claims.email, subject: claims.subject },
        'security: staff signed in',
      );
      clearOidcCookie(reply, secureCookies);
      setSessionCookie(reply, token, expiresAt, secureCookies);
      return reply.redirect('/oauthcallback');
    } catch (error) {
      return failBack(reply, staffSignOnErrorCode(request, error));
    }
  });
};

/** The code the browser gets for a failed staff sign-on; the details go to the log only. */
function staffSignOnErrorCode(request: FastifyRequest, error: unknown): StaffSignOnErrorCode {
  if (error instanceof StaffSignOnRefused) {
    request.log.warn(
      { securityEvent: 'STAFF_SIGN_ON_REFUSED', reason: error.reason, detail: error.message },
      'security: staff sign-in refused',
    );
    return error.reason;
  }
  request.log.warn({ err: error }, 'staff sign-in failed');
  return error instanceof DomainError && error.code === 'DEPENDENCY_DOWN'
    ? 'provider_unavailable'
    : 'sign_in_failed';
}

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
