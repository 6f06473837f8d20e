import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserUpdateBodySchema,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listUsers, updateUser } from './users.service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users',
    {
      config: { roles: ['admin'] },
      schema: { tags, querystring: UserListQuerySchema, response: { 200: UserListResponseSchema } },
    },
    async (request) => listUsers(db, request.query),
  );

  app.put(
    '/api/users/:id',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        params: z.object({ id: z.string().uuid('id must be a user id') }),
        body: UserUpdateBodySchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => ({
      user: await updateUser(db, requireUser(request), request.params.id, request.body),
    }),
  );
};
