import type { z } from 'zod';

/**
 * A list's paging and sorting live in the URL, so reloading and Back keep them.
 * A value the schema refuses (or none) falls back to the schema's default.
 */
export function urlParam<T>(schema: z.ZodType<T>, value: string | null): T {
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : schema.parse(undefined);
}
