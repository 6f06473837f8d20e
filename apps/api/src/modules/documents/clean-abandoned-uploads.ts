import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import type { DocumentSetDefinition } from './document-set.ts';

export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads started but never completed count for nothing (DESIGN §4); after a day their bytes are
 * deleted and their rows closed, so storage does not fill with half-finished uploads.
 */
export async function cleanAbandonedUploads(
  db: Database,
  storage: Storage,
  definitions: readonly DocumentSetDefinition[],
  now = new Date(),
): Promise<number> {
  let cleaned = 0;
  for (const def of definitions) {
    for (const upload of await def.files.abandoned(
      db,
      new Date(now.getTime() - ABANDONED_AFTER_MS),
    )) {
      if (upload.storageKey) await storage.delete(upload.storageKey);
      await def.files.update(db, upload.key, { deletedAt: now });
      cleaned++;
    }
  }
  return cleaned;
}
