import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ImportBodySchema, ImportResponseSchema } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { DEV_INTEGRATION_KEY } from '../../env.ts';
import { isLocalRequest } from '../../plugins/security.ts';
import { importLenderData } from './import-lender-data.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();
const matches = (presented: string, key: string | undefined) =>
  key !== undefined && timingSafeEqual(digest(presented), digest(key));

export const lenderDataRoutes: FastifyPluginAsyncZod<{
  db: Database;
  apiKey: string | undefined;
  /** INTEGRATION_API_KEY_PREVIOUS: still accepted while the lender's systems switch keys. */
  previousApiKey: string | undefined;
}> = async (app, { db, apiKey, previousApiKey }) => {
  app.post(
    '/api/import',
    {
      bodyLimit: 50 * 1024 * 1024,
      schema: {
        tags: ['lender data'],
        summary: 'Upsert the lender’s accounts, loans, projects, units and collaterals',
        security: [{ bearer: [] }],
        body: ImportBodySchema,
        response: { 200: ImportResponseSchema },
      },
      // Checked before the body is parsed, so a caller without the key learns nothing from validation.
      onRequest: async (request) => {
        const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        // The development key opens it to local requests only, even set as INTEGRATION_API_KEY: it
        // is no secret.
        const opens = (key: string | undefined) =>
          presented !== undefined &&
          matches(presented, key) &&
          (key !== DEV_INTEGRATION_KEY || isLocalRequest(request));
        if (opens(apiKey)) return;
        if (opens(previousApiKey)) {
          // Tells the operator the switch is not finished: the previous key can go once this stops.
          request.log.warn(
            { securityEvent: 'PREVIOUS_INTEGRATION_KEY_USED' },
            'security: import authorised with INTEGRATION_API_KEY_PREVIOUS',
          );
          return;
        }
        throw new DomainError('UNAUTHENTICATED', {
          message: 'domain.error.UNAUTHENTICATED.integrationKey',
        });
      },
    },
    async (request) => ({ imported: await importLenderData(db, request.body) }),
  );
};
