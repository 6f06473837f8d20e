import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type Dirent, type Stats } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@portal/domain';
import type { PresignedUpload, Storage } from './storage.ts';
import {
  assertValidKey,
  assertValidPrefix,
  checkContentType,
  checkUploadOptions,
  expirySeconds,
  isValidStorageKey,
} from './storage-common.ts';

/** Where local-storage.routes.ts serves the signed URLs this driver makes. */
export const LOCAL_STORAGE_PATH = '/api/storage';

interface SignedFields {
  op: 'put' | 'get';
  key: string;
  /** Unix seconds. */
  exp: number;
  ct: string;
  max?: number | undefined;
  fn?: string | undefined;
  /** The declared SHA-256 (hex) of an upload: a PUT link is for that one declared file. */
  sha?: string | undefined;
}

export interface StoredObject {
  size: number;
  etag: string;
}

/** The key already holds an object: the local driver never replaces one. */
export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`An object is already stored at ${key}`);
    this.name = 'ObjectExistsError';
  }
}

/**
 * docs/product.md#components: files on local disk under `${dataDir}/files/<key>`, uploaded and downloaded through
 * the API's own HMAC-signed, expiring URLs — the same presigned flow the browser uses with S3.
 * The URLs are paths on the portal itself, without an origin: a page opened at any address the
 * server answers on (127.0.0.1 while PUBLIC_URL says localhost) sends its upload to that address,
 * where an absolute URL would be cross-origin and refused by the browser.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  /** Where the files are, as the start-up log names it. */
  readonly where: string;
  private readonly root: string;
  private readonly signingKey: Buffer;
  private readonly maxUploadBytes: number;

  constructor(config: { dataDir: string; secret: string; maxUploadBytes: number }) {
    this.root = path.resolve(config.dataDir, 'files');
    this.where = `local disk in ${this.root}`;
    // A key of its own, so a URL signature can never stand in for a cookie signature.
    this.signingKey = createHmac('sha256', config.secret)
      .update('portal-local-storage-url')
      .digest();
    this.maxUploadBytes = config.maxUploadBytes;
  }

  async presignUpload(
    key: string,
    options: { contentType: string; size: number; sha256Hex: string; expiresInSeconds?: number },
  ): Promise<PresignedUpload> {
    assertValidKey(key);
    checkUploadOptions(options, this.maxUploadBytes);
    const exp = expiryFromNow(options.expiresInSeconds);
    // The limit, not the declared size, is signed, and the declared hash only names the upload:
    // bytes that differ from the declaration must still arrive so `complete` can answer the
    // contract's 400 (docs/product.md#api). Single use (see `receive`) keeps them from changing afterwards.
    const url = this.signedUrl({
      op: 'put',
      key,
      exp,
      ct: options.contentType,
      max: this.maxUploadBytes,
      sha: options.sha256Hex.toLowerCase(),
    });
    return {
      url,
      method: 'PUT',
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(exp * 1000),
    };
  }

  async presignDownload(
    key: string,
    options: { fileName: string; contentType: string; expiresInSeconds?: number },
  ): Promise<string> {
    assertValidKey(key);
    checkContentType(options.contentType);
    const exp = expiryFromNow(options.expiresInSeconds);
    return this.signedUrl({ op: 'get', key, exp, ct: options.contentType, fn: options.fileName });
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string, options: { length?: number } = {}): Promise<NodeJS.ReadableStream> {
    const { length } = options;
    if (length !== undefined && !(Number.isSafeInteger(length) && length >= 0)) {
      throw new Error('length must be a whole number of bytes');
    }
    const file = await this.open(key);
    if (!file)
      throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.fileContent' });
    if (length === undefined) return file.handle.createReadStream();
    if (length === 0) {
      await file.handle.close();
      return Readable.from([]);
    }
    return file.handle.createReadStream({ start: 0, end: length - 1 });
  }

  async write(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    options: { contentType: string; size?: number },
  ): Promise<void> {
    assertValidKey(key);
    // The type travels in each signed download URL, so only the bytes are kept on disk.
    checkContentType(options.contentType);
    if (Buffer.isBuffer(body) && body.length > this.maxUploadBytes) {
      throw new DomainError('FILE_TOO_LARGE');
    }
    await this.receive(
      key,
      Buffer.isBuffer(body) ? Readable.from([body]) : body,
      this.maxUploadBytes,
    );
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async listOlderThan(prefix: string, before: Date): Promise<string[]> {
    assertValidPrefix(prefix);
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const keys: string[] = [];
    for await (const { key, file, isTemp } of this.files(path.join(this.root, folder), folder)) {
      if (!isTemp && key.startsWith(prefix) && (await modifiedBefore(file, before))) keys.push(key);
    }
    return keys.sort();
  }

  /**
   * Removes the temp files of uploads that never finished (a crash, or a connection dropped in a
   * way the stream did not notice) last written before `before`; answers how many.
   */
  async deleteTempFilesOlderThan(before: Date): Promise<number> {
    let deleted = 0;
    for await (const { file, isTemp } of this.files(this.root, '')) {
      if (isTemp && (await modifiedBefore(file, before))) {
        await rm(file, { force: true });
        deleted++;
      }
    }
    return deleted;
  }

  /** The fields a PUT link signed, or INVALID_SIGNATURE (docs/product.md#api: tampered or expired → 403). */
  verifyUploadUrl(key: string, query: unknown): { contentType: string; maxBytes: number } {
    const params = queryParams(query);
    // A missing or malformed field gets a value no URL is ever signed with, so the HMAC fails.
    const fields = {
      op: 'put' as const,
      key,
      exp: wholeNumber(params.exp),
      ct: params.ct ?? '',
      max: wholeNumber(params.max),
      sha: params.sha ?? '',
    };
    this.verify(fields, params);
    return { contentType: fields.ct, maxBytes: fields.max };
  }

  /** The fields a download link signed, or INVALID_SIGNATURE. */
  verifyDownloadUrl(key: string, query: unknown): { contentType: string; fileName: string } {
    const params = queryParams(query);
    const fields = {
      op: 'get' as const,
      key,
      exp: wholeNumber(params.exp),
      ct: params.ct ?? '',
      fn: params.fn ?? '',
    };
    this.verify(fields, params);
    return { contentType: fields.ct, fileName: fields.fn };
  }

  /**
   * Streams `body` to a temp file beside the target and links it into place only when complete,
   * so a reader never sees half a file. An object is never replaced, so bytes `complete` verified
   * stay as they were: a key that holds one → ObjectExistsError. link() fails with EEXIST where
   * rename() would overwrite, so of two uploads racing to one key exactly one is kept.
   * More than `maxBytes` → FILE_TOO_LARGE, nothing kept.
   */
  async receive(key: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<StoredObject> {
    // Refused before a byte is read when the key is taken; link() below settles any race.
    if (await this.stat(key)) throw new ObjectExistsError(key);
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, tempFileName(path.basename(target)));
    try {
      await pipeline(body, limitTo(maxBytes), createWriteStream(temp, { flags: 'wx' }));
      await link(temp, target);
    } catch (error) {
      if (hasCode(error, 'EEXIST')) throw new ObjectExistsError(key);
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
    return describe(await stat(target));
  }

  /** An open file for a download, or undefined when nothing was uploaded. */
  async open(key: string): Promise<(StoredObject & { handle: FileHandle }) | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (info.isFile()) return { handle, ...describe(info) };
      await handle.close();
      return undefined;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private pathOf(key: string): string {
    // A valid key has no empty, '.' or '..' segment and no separator but '/', so it stays in root.
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private signedUrl(fields: SignedFields): string {
    const query = new URLSearchParams({ op: fields.op, exp: String(fields.exp), ct: fields.ct });
    if (fields.max !== undefined) query.set('max', String(fields.max));
    if (fields.fn !== undefined) query.set('fn', fields.fn);
    if (fields.sha !== undefined) query.set('sha', fields.sha);
    query.set('sig', this.sign(fields));
    const keyPath = fields.key.split('/').map(encodeURIComponent).join('/');
    return `${LOCAL_STORAGE_PATH}/${keyPath}?${query}`;
  }

  private sign({ op, key, exp, ct, max, fn, sha }: SignedFields): string {
    // JSON keeps the fields apart: no value can shift its bytes into a neighbour.
    const message = JSON.stringify([op, key, exp, ct, max ?? null, fn ?? null, sha ?? null]);
    return createHmac('sha256', this.signingKey).update(message).digest('hex');
  }

  private verify(fields: SignedFields, params: Record<string, string | undefined>): void {
    const given = params.sig ?? '';
    const isAuthentic =
      params.op === fields.op &&
      isValidStorageKey(fields.key) &&
      /^[0-9a-f]{64}$/.test(given) &&
      timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(this.sign(fields), 'hex'));
    if (!isAuthentic || Date.now() > fields.exp * 1000) throw new DomainError('INVALID_SIGNATURE');
  }

  /** Every file under `folder`, depth first: stored objects by key, and upload temp files. */
  private async *files(
    folder: string,
    keyPrefix: string,
  ): AsyncGenerator<{ key: string; file: string; isTemp: boolean }> {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      const key = keyPrefix + entry.name;
      if (entry.name.startsWith('.')) {
        if (entry.isFile() && isTempFileName(entry.name)) yield { key, file, isTemp: true };
      } else if (entry.isDirectory()) yield* this.files(file, `${key}/`);
      else if (entry.isFile()) yield { key, file, isTemp: false };
    }
  }
}

/** Single string values only: a repeated parameter is as suspect as a missing one. */
function queryParams(query: unknown): Record<string, string | undefined> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

const wholeNumber = (value: string | undefined) =>
  value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : -1;

function expiryFromNow(requested: number | undefined): number {
  return Math.floor(Date.now() / 1000) + expirySeconds(requested);
}

/** Counts bytes as they stream past and fails the pipeline once there are too many. */
function limitTo(maxBytes: number) {
  return async function* (source: AsyncIterable<Buffer | string>) {
    let received = 0;
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      received += bytes.length;
      if (received > maxBytes) throw new DomainError('FILE_TOO_LARGE');
      yield bytes;
    }
  };
}

// Size and modification time identify a version, as static file servers do; no hashing needed.
const describe = (info: Stats): StoredObject => ({
  size: info.size,
  etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
});

// Keys never start with '.', so a temp file can be neither mistaken for nor collide with one.
const tempFileName = (base: string) => `.${base}.${randomUUID()}.part`;
const isTempFileName = (name: string) => name.endsWith('.part');

/** True when the file was last written before `before`; false when it is gone meanwhile. */
async function modifiedBefore(file: string, before: Date): Promise<boolean> {
  try {
    return (await stat(file)).mtime < before;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

const hasCode = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

const isMissing = (error: unknown) => hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR');
