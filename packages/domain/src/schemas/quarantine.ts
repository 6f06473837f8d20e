import { z } from 'zod';
import { ListMetaSchema, PaginationQuerySchema } from '../lists.ts';

/** An upload the malware scanner blocked: never completed, never served (admins only). */
export const QuarantinedFileSchema = z.object({
  key: z.string(),
  kind: z.enum(['unit', 'frequency']),
  /** The unit or frequency it was uploaded to. */
  parentKey: z.string(),
  accountId: z.string(),
  fileType: z.string(),
  fileName: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  /** The signature the scanner named. */
  scanResult: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  quarantinedAt: z.string(),
});
export type QuarantinedFile = z.infer<typeof QuarantinedFileSchema>;

export const QuarantineListQuerySchema = PaginationQuerySchema;

/** `GET /api/admin/quarantine`: newest first; `scanning` is false when no scanner is configured. */
export const QuarantineListResponseSchema = z.object({
  files: z.array(QuarantinedFileSchema),
  scanning: z.boolean(),
  meta: ListMetaSchema,
});
export type QuarantineListResponse = z.infer<typeof QuarantineListResponseSchema>;
