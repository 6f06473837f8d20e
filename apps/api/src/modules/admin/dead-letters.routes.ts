import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { listDeadJobs, replayJob } from '../../outbox/outbox.ts';

const tags = ['administration'];
const DeadLetterSchema = z.object({
  id: z.number(),
  topic: z.string(),
  orderingKey: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});

/** Deliveries (webhooks, mail) given up on after a day of retries; an admin replays them once fixed. */
export const deadLettersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/dead-letters',
    {
      config: { roles: ['admin'] },
      schema: { tags, response: { 200: z.object({ deadLetters: z.array(DeadLetterSchema) }) } },
    },
    async () => ({
      deadLetters: (await listDeadJobs(db)).map(({ processedAt, createdAt, ...job }) => ({
        ...job,
        createdAt: createdAt.toISOString(),
        failedAt: processedAt?.toISOString() ?? null,
      })),
    }),
  );

  app.post(
    '/api/admin/dead-letters/:id/replay',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ replayed: z.literal(true) }) },
      },
    },
    async (request) => {
      const outcome = await replayJob(db, request.params.id);
      if (outcome === 'not_found')
        throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.deadLetter' });
      if (outcome === 'redacted') {
        throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.codeMailRedacted' });
      }
      return { replayed: true as const };
    },
  );
};
