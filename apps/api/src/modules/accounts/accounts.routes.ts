import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountListResponseSchema,
  AccountResponseSchema,
  AccountUpdateBodySchema,
  PaginationQuerySchema,
  RoleSchema,
} from '@portal/domain';
import { ACCOUNT_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser, STAFF_ROLES } from '../../plugins/auth.ts';
import { deleteAccount, getAccount, listAccounts, updateAccount } from './accounts.service.ts';

const tags = ['accounts'];
const Params = z.object({ accountId: z.string().min(1) });

export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/accounts',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags,
        querystring: PaginationQuerySchema.extend({ search: z.string().max(100).optional() }),
        response: { 200: AccountListResponseSchema },
      },
    },
    async (request) => listAccounts(db, request.query),
  );

  app.get(
    ACCOUNT_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: { tags, params: Params, response: { 200: AccountResponseSchema } },
    },
    async (request) => ({
      account: await getAccount(db, requireUser(request), request.params.accountId),
    }),
  );

  app.put(
    ACCOUNT_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        params: Params,
        body: AccountUpdateBodySchema,
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => ({
      account: await updateAccount(
        db,
        requireUser(request),
        request.params.accountId,
        request.body,
      ),
    }),
  );

  app.delete(
    ACCOUNT_PATH,
    { config: { roles: ['admin'] }, schema: { tags, params: Params } },
    async (request, reply) => {
      await deleteAccount(db, requireUser(request), request.params.accountId);
      return reply.status(204).send();
    },
  );
};
