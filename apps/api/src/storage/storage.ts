export { isValidStorageKey, storageKeySegment } from './storage-common.ts';

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

/**
 * The port every upload goes through (unit documents, frequency documents, loan
 * statements). Callers store object keys, never URLs: links are minted fresh on each read.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * A URL the browser PUTs the bytes to (15 minutes); once `complete` has verified them they can
   * no longer change. S3 binds the SHA-256 checksum (x-amz-checksum-sha256) and content type, so
   * S3 stores only the declared bytes. Local binds key, content type, max size, declared SHA-256
   * and expiry in its HMAC and stores once (a used link → 403); it does not check the bytes, so
   * `complete` answers the mismatch (docs/product.md#api). `headers` are the headers the browser must send.
   */
  presignUpload(
    key: string,
    options: { contentType: string; size: number; sha256Hex: string; expiresInSeconds?: number },
  ): Promise<PresignedUpload>;
  /** A URL that downloads the object with Content-Disposition: attachment; filename*=UTF-8''<name> and the given Content-Type. */
  presignDownload(
    key: string,
    options: { fileName: string; contentType: string; expiresInSeconds?: number },
  ): Promise<string>;
  /** Size of the stored object, or undefined when nothing was uploaded. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Streams the stored object (whole, or the first `length` bytes); NOT_FOUND when missing. */
  read(key: string, options?: { length?: number }): Promise<NodeJS.ReadableStream>;
  /**
   * Server-side write (e.g. a loan statement attached by staff) to a fresh key, streamed. Give
   * `size` with a stream when it is known: S3 then streams too, instead of buffering (up to the
   * upload limit). The local driver never replaces an object; S3 would.
   */
  write(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    options: { contentType: string; size?: number },
  ): Promise<void>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of objects last modified before `before` under `prefix` (for cleaning up abandoned uploads). */
  listOlderThan?(prefix: string, before: Date): Promise<string[]>;
  /** Drivers that stage uploads in temp files remove those last written before `before`; answers how many. */
  deleteTempFilesOlderThan?(before: Date): Promise<number>;
}
