import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable, type Database } from '../../db/client.ts';
import { LIVENESS_ANSWER, LIVENESS_PATH } from './liveness-probe.ts';

const StatusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Over HTTP the server answers a plain GET itself (liveness-probe.ts); this route answers it in
  // the API docs, in process, and with a query string or HEAD.
  app.get(
    LIVENESS_PATH,
    { schema: { tags: ['health'], response: { 200: StatusSchema } } },
    async () => LIVENESS_ANSWER,
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
