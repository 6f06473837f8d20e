import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import type { DocumentSetDefinition } from './document-set.ts';

/**
 * docs/product.md#api: an upload link lives 15 minutes, so an upload still not completed an hour after it
 * started is abandoned; it no longer counts towards the pending-upload caps either.
 */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Uploads started but never completed count for nothing (docs/product.md#api); once abandoned their bytes
 * are deleted and their rows closed, and temp files of uploads that never finished arriving go
 * too, so storage does not fill with half-finished uploads. Answers how many of each went.
 */
export async function cleanAbandonedUploads(
  db: Database,
  storage: Storage,
  definitions: readonly DocumentSetDefinition[],
  now = new Date(),
): Promise<{ uploads: number; tempFiles: number }> {
  const before = new Date(now.getTime() - ABANDONED_AFTER_MS);
  let uploads = 0;
  for (const def of definitions) {
    for (const upload of await def.files.abandoned(db, before)) {
      // Closed first, and only if still pending: a `complete` that got there first keeps its bytes.
      if (!(await def.files.updatePending(db, upload.key, { deletedAt: now }))) continue;
      if (upload.storageKey) await storage.delete(upload.storageKey);
      uploads++;
    }
  }
  const tempFiles = (await storage.deleteTempFilesOlderThan?.(before)) ?? 0;
  return { uploads, tempFiles };
}
