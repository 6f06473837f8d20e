import { LocalStorage } from './local-storage.ts';
import { parseStorageUrl, S3Storage } from './s3-storage.ts';

export interface StorageConfig {
  /** STORAGE_URL: an s3:// URL selects S3 (see s3-storage.ts); unset means local disk. */
  storageUrl?: string | undefined;
  dataDir: string;
  /** Signs the local driver's URLs (SESSION_SECRET). */
  secret: string;
  maxUploadBytes: number;
}

/**
 * docs/product.md#components: S3-compatible storage when STORAGE_URL is set, else local disk under DATA_DIR with
 * the same presigned flow. The union lets `kind` narrow to the local driver for its routes.
 */
export function createStorage(config: StorageConfig): LocalStorage | S3Storage {
  if (config.storageUrl) {
    return new S3Storage(parseStorageUrl(config.storageUrl), config.maxUploadBytes);
  }
  return new LocalStorage(config);
}
