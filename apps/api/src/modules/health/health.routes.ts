import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable, type Database } from '../../db/client.ts';

const StatusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Orchestrators ask for liveness a few times a second on every replica: the probe writes no
  // request log line and is left out of the request metrics, so neither fills with probes.
  app.get(
    '/api/healthz',
    {
      logLevel: 'silent',
      config: { measured: false },
      schema: { tags: ['health'], response: { 200: StatusSchema } },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/api/readyz',
    { schema: { tags: ['health'], response: { 200: StatusSchema, 503: StatusSchema } } },
    async (_request, reply) =>
      (await isDatabaseReachable(db))
        ? { status: 'ready' }
        : reply.status(503).send({ status: 'database unreachable' }),
  );
};
