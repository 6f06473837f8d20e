import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invalid,
  TwoFactorResetBodySchema,
  TwoFactorResetResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateBodySchema,
} from '@portal/domain';
import { TWO_FACTOR_RESET_PATH, USERS_PATH, USER_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listUsers, resetTwoFactor, updateUser } from './users.service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get(
    USERS_PATH,
    {
      config: { roles: ['admin'] },
      schema: { tags, querystring: UserListQuerySchema, response: { 200: UserListResponseSchema } },
    },
    async (request) => listUsers(db, request.query),
  );

  app.put(
    USER_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        params: z.object({ id: z.string().uuid(invalid('domain.error.VALIDATION_FAILED.userId')) }),
        body: UserUpdateBodySchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => ({
      user: await updateUser(db, requireUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    TWO_FACTOR_RESET_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: 'Turns a borrower’s two-factor sign-in off (lost device); ends their sessions',
        body: TwoFactorResetBodySchema,
        response: { 200: TwoFactorResetResponseSchema },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const reset = await resetTwoFactor(db, admin, request.body, publicUrl);
      request.log.info(
        { securityEvent: 'TWO_FACTOR_RESET', user: reset.username, admin: admin.username },
        'security: two-factor sign-in reset by an admin',
      );
      return reset;
    },
  );
};
