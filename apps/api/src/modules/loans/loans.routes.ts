import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CursorQuerySchema,
  OpportunityListResponseSchema,
  OpportunityResponseSchema,
  PaginationQuerySchema,
  ProjectListResponseSchema,
  ProjectResponseSchema,
  RoleSchema,
} from '@portal/domain';
import {
  OPPORTUNITIES_PATH,
  OPPORTUNITY_PATH,
  PROJECTS_PATH,
  PROJECT_PATH,
} from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getOpportunity, getProject, listOpportunities, listProjects } from './loans.service.ts';
import { toOpportunity } from './loans.repository.ts';

const anyone = RoleSchema.options;
const tags = ['loans'];
const OpportunityParams = z.object({ opportunityKey: z.string().min(1) });
// docs/product.md#api, #limits: 10 per page when a page is asked for.
const OpportunityListQuery = PaginationQuerySchema.extend({
  accountId: z.string().optional(),
});

export const loansRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    OPPORTUNITIES_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        querystring: OpportunityListQuery,
        response: { 200: OpportunityListResponseSchema },
      },
    },
    async (request) => listOpportunities(db, requireUser(request), request.query),
  );

  app.get(
    OPPORTUNITY_PATH,
    {
      config: { roles: anyone },
      schema: { tags, params: OpportunityParams, response: { 200: OpportunityResponseSchema } },
    },
    async (request) => ({
      opportunity: toOpportunity(
        await getOpportunity(db, requireUser(request), request.params.opportunityKey),
      ),
    }),
  );

  app.get(
    PROJECTS_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        params: OpportunityParams,
        querystring: CursorQuerySchema,
        response: { 200: ProjectListResponseSchema },
      },
    },
    async (request) =>
      listProjects(db, requireUser(request), request.params.opportunityKey, request.query.next),
  );

  app.get(
    PROJECT_PATH,
    {
      config: { roles: anyone },
      schema: {
        tags,
        params: OpportunityParams.extend({ projectKey: z.string().min(1) }),
        response: { 200: ProjectResponseSchema },
      },
    },
    async (request) => ({
      project: await getProject(
        db,
        requireUser(request),
        request.params.opportunityKey,
        request.params.projectKey,
      ),
    }),
  );
};
