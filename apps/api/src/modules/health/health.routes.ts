import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable, type Database } from '../../db/client.ts';

const StatusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/healthz',
    { schema: { tags: ['health'], response: { 200: StatusSchema } } },
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
