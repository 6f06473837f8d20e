import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RecoveryCodesResponseSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
} from '@portal/domain';
import {
  TWO_FACTOR_DISABLE_PATH,
  TWO_FACTOR_ENABLE_PATH,
  TWO_FACTOR_PATH,
  TWO_FACTOR_SETUP_PATH,
} from '@portal/domain/identity-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
  type TwoFactorChange,
  type TwoFactorSettings,
} from './two-factor.ts';
import { usersRepository as users } from './users.repository.ts';

const tags = ['identity'];

/**
 * The borrower's profile: turn an authenticator app on or off. Staff give their second factor to
 * the organisation's identity provider, so these routes are the borrower's only.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  twoFactor: TwoFactorSettings;
  publicUrl: string;
}> = async (app, { db, twoFactor, publicUrl }) => {
  const config = { roles: ['client'] } as const;
  type Request = Parameters<typeof requireUser>[0];
  const signedInUser = async (request: Request) =>
    (await users.findById(db, requireUser(request).id))!;
  // Turning it on or off ends the borrower's other sessions, never the one doing it.
  const changeFrom = (request: Request): TwoFactorChange => ({
    keepSessionId: requireUser(request).sessionId,
    signInUrl: `${publicUrl}/`,
  });

  app.get(
    TWO_FACTOR_PATH,
    { config, schema: { tags, response: { 200: TwoFactorStatusResponseSchema } } },
    async (request) => twoFactorStatus(db, twoFactor, await signedInUser(request)),
  );

  app.post(
    TWO_FACTOR_SETUP_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'A new authenticator secret and its QR code, pending until confirmed',
        response: { 200: TwoFactorSetupResponseSchema },
      },
    },
    async (request) => startEnrolment(db, twoFactor, await signedInUser(request)),
  );

  app.post(
    TWO_FACTOR_ENABLE_PATH,
    {
      config,
      schema: {
        tags,
        summary:
          'The app’s first code turns two-factor sign-in on; answers the recovery codes once, ends the other sessions and e-mails the borrower',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const recoveryCodes = await confirmEnrolment(
        db,
        twoFactor,
        user.id,
        request.body.code,
        changeFrom(request),
      );
      request.log.info(
        { securityEvent: 'TWO_FACTOR_ENABLED', user: user.username },
        'security: two-factor sign-in turned on',
      );
      return { recoveryCodes };
    },
  );

  app.post(
    TWO_FACTOR_DISABLE_PATH,
    {
      config,
      schema: {
        tags,
        summary:
          'Turns two-factor sign-in off with a current code; ends the other sessions and e-mails the borrower',
        body: TwoFactorCodeBodySchema,
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      await disableTwoFactor(db, twoFactor, user, request.body.code, changeFrom(request));
      request.log.info(
        { securityEvent: 'TWO_FACTOR_DISABLED', user: user.username },
        'security: two-factor sign-in turned off',
      );
      return reply.status(204).send();
    },
  );
};
