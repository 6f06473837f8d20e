import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invalid,
  LoanStatementCreateBodySchema,
  LoanStatementRequestListResponseSchema,
  LoanStatementRequestResponseSchema,
  RoleSchema,
} from '@portal/domain';
import { LOAN_STATEMENT_PATH, LOAN_STATEMENT_REQUESTS_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireUser } from '../../plugins/auth.ts';
import { fulfilLoanStatement } from './fulfil-loan-statement.ts';
import { listLoanStatementRequests, requestLoanStatement } from './request-loan-statement.ts';

export interface LoanStatementRouteOptions {
  db: Database;
  storage: Storage;
  timeZone: string;
}

const tags = ['loan statements'];
const OpportunityParams = z.object({ opportunityKey: z.string().min(1) });

export const loanStatementsRoutes: FastifyPluginAsyncZod<LoanStatementRouteOptions> = async (
  app,
  options,
) => {
  const { db, storage, timeZone } = options;

  app.post(
    LOAN_STATEMENT_REQUESTS_PATH,
    {
      config: { roles: ['client'] },
      schema: {
        tags,
        params: OpportunityParams,
        body: LoanStatementCreateBodySchema,
        response: { 201: LoanStatementRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await requestLoanStatement(
        db,
        requireUser(request),
        request.params.opportunityKey,
        request.body,
        timeZone,
      );
      return reply.status(201).send({ loanStatementRequest: created });
    },
  );

  app.get(
    LOAN_STATEMENT_REQUESTS_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        params: OpportunityParams,
        response: { 200: LoanStatementRequestListResponseSchema },
      },
    },
    async (request) => ({
      loanStatementRequests: await listLoanStatementRequests(
        db,
        storage,
        requireUser(request),
        request.params.opportunityKey,
      ),
    }),
  );

  // The statement's bytes are the body itself (Content-Type, ?fileName=), streamed to storage.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(
      LOAN_STATEMENT_PATH,
      {
        config: { roles: ['approver', 'admin'] },
        schema: {
          tags,
          summary:
            'Attach the statement (raw file body); the request becomes FULFILLED and the borrower is e-mailed',
          params: OpportunityParams.extend({
            requestId: z.string().uuid(invalid('domain.error.VALIDATION_FAILED.requestId')),
          }),
          querystring: z.object({
            fileName: z
              .string()
              .trim()
              .min(1, invalid('domain.error.VALIDATION_FAILED.fileNameRequiredQuery'))
              .max(255),
          }),
          response: { 200: LoanStatementRequestResponseSchema },
        },
      },
      async (request) => {
        const size = Number(request.headers['content-length']);
        const fulfilled = await fulfilLoanStatement(
          { db, storage },
          requireUser(request),
          request.params.opportunityKey,
          request.params.requestId,
          {
            body: request.raw,
            fileName: request.query.fileName,
            contentType: request.headers['content-type'] ?? '',
            size: Number.isFinite(size) && size >= 0 ? size : undefined,
          },
        );
        return { loanStatementRequest: fulfilled };
      },
    );
  });
};
