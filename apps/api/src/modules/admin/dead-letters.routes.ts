import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeadLetterListResponseSchema,
  DeadLetterParamsSchema,
  DeadLetterReplayResponseSchema,
  DomainError,
} from '@portal/domain';
import { DEAD_LETTERS_PATH, DEAD_LETTER_REPLAY_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { listDeadJobs, replayJob } from '../../outbox/outbox.ts';

const tags = ['administration'];

/** Deliveries (webhooks, mail) given up on after a day of retries; an admin replays them once fixed. */
export const deadLettersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    DEAD_LETTERS_PATH,
    {
      config: { roles: ['admin'] },
      schema: { tags, response: { 200: DeadLetterListResponseSchema } },
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
    DEAD_LETTER_REPLAY_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        params: DeadLetterParamsSchema,
        response: { 200: DeadLetterReplayResponseSchema },
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
