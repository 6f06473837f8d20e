import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CollateralListResponseSchema,
  CollateralResponseSchema,
  PaginationQuerySchema,
  RoleSchema,
} from '@portal/domain';
import { COLLATERALS_PATH, COLLATERAL_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getCollateral, listCollaterals } from './collaterals.service.ts';

const tags = ['collaterals'];
const AccountParams = z.object({ accountId: z.string().min(1) });

export const collateralsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    COLLATERALS_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        params: AccountParams,
        querystring: PaginationQuerySchema,
        response: { 200: CollateralListResponseSchema },
      },
    },
    async (request) =>
      listCollaterals(db, requireUser(request), request.params.accountId, request.query),
  );

  app.get(
    COLLATERAL_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        params: AccountParams.extend({ collateralKey: z.string().min(1) }),
        response: { 200: CollateralResponseSchema },
      },
    },
    async (request) => ({
      collateral: await getCollateral(
        db,
        requireUser(request),
        request.params.accountId,
        request.params.collateralKey,
      ),
    }),
  );
};
