import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { DomainError } from '@portal/domain';
import { ConfigError } from '../env.ts';
import type { PresignedUpload, Storage } from './storage.ts';
import {
  assertValidKey,
  assertValidPrefix,
  checkContentType,
  checkUploadOptions,
  contentDisposition,
  expirySeconds,
} from './storage-common.ts';

/**
 * Where the objects live, from STORAGE_URL. Examples:
 *   AWS:   s3://AKIAEXAMPLE:wJalrXUtnFEMI%2FEXAMPLEKEY@portal-files?region=ap-south-1
 *          (or s3://portal-files?region=ap-south-1 to use the SDK's default credential chain)
 *   MinIO: s3://minioadmin:minioadmin@portal-files?endpoint=http://127.0.0.1:9000
 * Percent-encode '/', ':', '@', '#', '?' and '%' in the key or secret (AWS secrets may hold '/':
 * write %2F). With `endpoint`, path-style addressing is used unless `forcePathStyle=false`;
 * `region` defaults to us-east-1.
 */
export interface S3Location {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const KNOWN_PARAMS = new Set(['region', 'endpoint', 'forcePathStyle']);

/** Parses STORAGE_URL; a mistake is a ConfigError that never repeats the URL (it holds a secret). */
export function parseStorageUrl(storageUrl: string): S3Location {
  const bad = (message: string) =>
    new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${message}`);
  let url: URL;
  try {
    url = new URL(storageUrl);
  } catch {
    throw bad('is not a URL');
  }
  if (url.protocol !== 's3:') throw bad('must be an s3:// URL (leave it unset for local disk)');
  if (!url.hostname) throw bad('names no bucket (s3://bucket-name)');
  if (url.pathname !== '' && url.pathname !== '/')
    throw bad('must not have a path after the bucket');
  const unknown = [...url.searchParams.keys()].filter((name) => !KNOWN_PARAMS.has(name));
  if (unknown.length) throw bad(`unknown option ${unknown.join(', ')}`);
  if (Boolean(url.username) !== Boolean(url.password)) {
    throw bad('give both the access key and the secret (s3://KEY:SECRET@bucket), or neither');
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw bad('endpoint must be an http:// or https:// URL');
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw bad('forcePathStyle must be true or false');
  }
  return {
    bucket: url.hostname,
    region: url.searchParams.get('region') || 'us-east-1',
    endpoint,
    // S3-compatible servers (MinIO …) rarely have per-bucket DNS names; AWS prefers virtual hosts.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: url.username
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined,
  };
}

type AwsSdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/s3-request-presigner');
let awsSdk: Promise<AwsSdk> | undefined;

/** The AWS SDK is large: it is loaded on the first use of a bucket, so only where one is configured. */
const loadAwsSdk = () =>
  (awsSdk ??= Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([s3, presigner]) => ({ ...s3, ...presigner })));

/**
 * docs/product.md#components: production storage. The browser uploads and downloads straight to the bucket with
 * presigned URLs; the API only signs them, checks the result and writes staff attachments.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  /** Where the files are, as the start-up log names it (never the credentials). */
  readonly where: string;
  private connection: Promise<{ sdk: AwsSdk; client: S3Client }> | undefined;
  private readonly location: S3Location;
  private readonly bucket: string;
  private readonly maxUploadBytes: number;

  constructor(location: S3Location, maxUploadBytes: number) {
    this.location = location;
    this.bucket = location.bucket;
    this.maxUploadBytes = maxUploadBytes;
    this.where = `S3 bucket ${location.bucket} ${location.endpoint ? `at ${location.endpoint}` : `in ${location.region}`}`;
  }

  private connect() {
    const location = this.location;
    return (this.connection ??= loadAwsSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        credentials: location.credentials,
        // Only checksums the operation needs: the SDK's default extra CRC32 (aws-chunked trailers
        // on streams) is not understood by every S3-compatible server. Uploads carry SHA-256
        // themselves.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  }

  async presignUpload(
    key: string,
    options: { contentType: string; size: number; sha256Hex: string; expiresInSeconds?: number },
  ): Promise<PresignedUpload> {
    assertValidKey(key);
    checkUploadOptions(options, this.maxUploadBytes);
    const expiresIn = expirySeconds(options.expiresInSeconds);
    const checksum = Buffer.from(options.sha256Hex, 'hex').toString('base64');
    const { sdk, client } = await this.connect();
    const command = new sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ChecksumSHA256: checksum,
    });
    const url = await sdk.getSignedUrl(client, command, {
      expiresIn,
      // Both must be signed headers: the presigner leaves content-type unsigned and would move the
      // checksum into the query string. Signed, S3 refuses any other type, and refuses bytes whose
      // SHA-256 differs, which also pins the size to the declared one.
      signableHeaders: new Set(['content-type']),
      unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
    });
    return {
      url,
      method: 'PUT',
      headers: { 'content-type': options.contentType, 'x-amz-checksum-sha256': checksum },
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    };
  }

  async presignDownload(
    key: string,
    options: { fileName: string; contentType: string; expiresInSeconds?: number },
  ): Promise<string> {
    assertValidKey(key);
    checkContentType(options.contentType);
    const { sdk, client } = await this.connect();
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.fileName),
      ResponseContentType: options.contentType,
    });
    return sdk.getSignedUrl(client, command, {
      expiresIn: expirySeconds(options.expiresInSeconds),
    });
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(sdk, error)) return undefined;
      throw error;
    }
  }

  async read(key: string, options: { length?: number } = {}): Promise<NodeJS.ReadableStream> {
    assertValidKey(key);
    const { length } = options;
    if (length !== undefined && !(Number.isSafeInteger(length) && length >= 0)) {
      throw new Error('length must be a whole number of bytes');
    }
    // HTTP has no empty range; an empty read still says whether the object exists.
    if (length === 0) {
      if (!(await this.stat(key)))
        throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.fileContent' });
      return Readable.from([]);
    }
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: length === undefined ? undefined : `bytes=0-${length - 1}`,
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return object.Body;
    } catch (error) {
      if (isNotFound(sdk, error)) {
        throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.fileContent' });
      }
      // A range past the end of an empty object: S3 answers 416, the caller wants no bytes.
      if (length !== undefined && statusOf(sdk, error) === 416) return Readable.from([]);
      throw error;
    }
  }

  async write(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    options: { contentType: string; size?: number },
  ): Promise<void> {
    assertValidKey(key);
    checkContentType(options.contentType);
    const { payload, length } = await withLength(body, options.size, this.maxUploadBytes);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: payload,
        ContentLength: length,
        ContentType: options.contentType,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async listOlderThan(prefix: string, before: Date): Promise<string[]> {
    assertValidPrefix(prefix);
    const keys: string[] = [];
    const { sdk, client } = await this.connect();
    const pages = sdk.paginateListObjectsV2({ client }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < before)
          keys.push(object.Key);
      }
    }
    return keys;
  }
}

const statusOf = (sdk: AwsSdk, error: unknown) =>
  error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;

const isNotFound = (sdk: AwsSdk, error: unknown) => statusOf(sdk, error) === 404;

/**
 * PutObject needs the length up front (multipart would need @aws-sdk/lib-storage, not installed):
 * a stream of unknown length is buffered, which the upload limit keeps small.
 */
async function withLength(
  body: NodeJS.ReadableStream | Buffer,
  size: number | undefined,
  maxBytes: number,
): Promise<{ payload: Buffer | Readable; length: number }> {
  const known = Buffer.isBuffer(body) ? body.length : size;
  if (known !== undefined && known > maxBytes) throw new DomainError('FILE_TOO_LARGE');
  if (Buffer.isBuffer(body)) return { payload: body, length: body.length };
  if (known !== undefined) {
    return { payload: body instanceof Readable ? body : Readable.from(body), length: known };
  }
  const buffered = await collect(body, maxBytes);
  return { payload: buffered, length: buffered.length };
}

async function collect(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > maxBytes) throw new DomainError('FILE_TOO_LARGE');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
