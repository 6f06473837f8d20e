import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TodoResponseSchema } from '@portal/domain';
import { TODO_PATH } from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { CalendarClock } from '../monitoring/monitoring.service.ts';
import { borrowerTodo } from './todo.service.ts';

export const todoRoutes: FastifyPluginAsyncZod<{ db: Database; clock: CalendarClock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    TODO_PATH,
    {
      config: { roles: ['client'] },
      schema: {
        tags: ['to-do'],
        summary:
          'A borrower’s home: monitoring packs due, rejected documents with their reasons, units to upload, sets ready to submit, NOC letters, open loan statement requests',
        response: { 200: TodoResponseSchema },
      },
    },
    async (request) => borrowerTodo(db, requireUser(request), clock),
  );
};
