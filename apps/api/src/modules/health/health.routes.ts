import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthStatusResponseSchema } from '@portal/domain';
import { isDatabaseReachable, type Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Orchestrators ask for liveness a few times a second on every replica: the probe writes no
  // request log line and is left out of the request metrics, so neither fills with probes.
  app.get(
    '/api/healthz',
    {
      logLevel: 'silent',
      config: { measured: false },
      schema: { tags: ['health'], response: { 200: HealthStatusResponseSchema } },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/api/readyz',
    {
      schema: {
        tags: ['health'],
        response: { 200: HealthStatusResponseSchema, 503: HealthStatusResponseSchema },
      },
    },
    async (_request, reply) =>
      (await isDatabaseReachable(db))
        ? { status: 'ready' }
        : reply.status(503).send({ status: 'database unreachable' }),
  );
};
