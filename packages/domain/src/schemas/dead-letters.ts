import { z } from 'zod';

/** A delivery (webhook, mail) given up on after a day of retries, which an admin may replay. */
export const DeadLetterSchema = z.object({
  id: z.number(),
  topic: z.string(),
  orderingKey: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** `GET /api/admin/dead-letters`. */
export const DeadLetterListResponseSchema = z.object({ deadLetters: z.array(DeadLetterSchema) });

export const DeadLetterParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/admin/dead-letters/{id}/replay`. */
export const DeadLetterReplayResponseSchema = z.object({ replayed: z.literal(true) });
