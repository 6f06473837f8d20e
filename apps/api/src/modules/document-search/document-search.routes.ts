import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DocumentSearchQuerySchema,
  DocumentSearchResponseSchema,
  RoleSchema,
} from '@portal/domain';
import { DOCUMENT_SEARCH_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/request-language.ts';
import type { Storage } from '../../storage/storage.ts';
import { searchDocuments } from './document-search.service.ts';

export const documentSearchRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: Storage;
}> = async (app, { db, storage }) => {
  app.get(
    DOCUMENT_SEARCH_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags: ['files'],
        summary:
          'The files screen: a borrower’s documents (staff: everyone’s) across units and frequencies, newest first',
        querystring: DocumentSearchQuerySchema,
        response: { 200: DocumentSearchResponseSchema },
      },
    },
    async (request) =>
      searchDocuments(db, storage, requireUser(request), request.query, requestLanguage(request)),
  );
};
