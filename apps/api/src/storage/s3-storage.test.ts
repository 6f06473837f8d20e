import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../env.ts';
import { parseStorageUrl, S3Storage } from './s3-storage.ts';
import { createStorage } from './create-storage.ts';

const BUCKET = 'portal-test-files';
const PDF = 'application/pdf';
const MAX = 1024 * 1024;

let directory: string;
let server: S3rver;
let storage: S3Storage;

// s3rver accepts any signature, so signature refusal is tested on the local driver; here the
// point is that the driver speaks S3 correctly and signs what it must.
beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'portal-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const created = createStorage({
    storageUrl: `s3://S3RVER:S3RVER@${BUCKET}?endpoint=http://127.0.0.1:${port}`,
    dataDir: directory,
    secret: 'unused-by-the-s3-driver-but-always-configured',
    maxUploadBytes: MAX,
  });
  if (created.kind !== 's3') throw new Error('an s3:// STORAGE_URL selects the S3 driver');
  storage = created;
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('S3 storage against s3rver', () => {
  it('uploads through a presigned PUT, then stats, reads, downloads and deletes', async () => {
    const key = 'units/UNIT-1/3f2a9c1e-upload';
    const bytes = Buffer.from('%PDF-1.4 presigned upload to a bucket');
    const upload = await storage.presignUpload(key, {
      contentType: PDF,
      size: bytes.length,
      sha256Hex: sha256Hex(bytes),
    });
    const checksum = createHash('sha256').update(bytes).digest('base64');
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'content-type': PDF, 'x-amz-checksum-sha256': checksum });
    // Absolute, on the bucket's endpoint: the browser sends the bytes straight to the store.
    expect(upload.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const url = new URL(upload.url);
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    // Content type and checksum are signed headers, so S3 refuses any other type or bytes.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-type;host;x-amz-checksum-sha256',
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(upload.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);

    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    expect(await text(await storage.read(key))).toBe(bytes.toString());
    expect(await text(await storage.read(key, { length: 8 }))).toBe('%PDF-1.4');
    expect(await text(await storage.read(key, { length: 0 }))).toBe('');

    const link = await storage.presignDownload(key, {
      fileName: 'Ledger März.pdf',
      contentType: PDF,
    });
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-type')).toBe(PDF);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Ledger Marz.pdf"; filename*=UTF-8''Ledger%20M%C3%A4rz.pdf`,
    );

    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.read(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.read(key, { length: 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await storage.delete(key);
  });

  it('signs downloads as attachments, whatever the file is called', async () => {
    const key = 'units/UNIT-1/9c0e-hostile-name';
    await storage.write(key, Buffer.from('%PDF-1.7 /OpenAction /JS'), { contentType: PDF });
    const link = await storage.presignDownload(key, {
      fileName: 'inline.html"; x="\r\nContent-Type: text/html',
      contentType: PDF,
    });
    // A query parameter of the signed URL, so the browser cannot change it without a new signature.
    expect(new URL(link).searchParams.get('response-content-disposition')).toMatch(/^attachment; /);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(PDF);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="inline.html_; x=___Content-Type: text/html"; ` +
        `filename*=UTF-8''inline.html%22%3B%20x%3D%22%0D%0AContent-Type%3A%20text%2Fhtml`,
    );
  });

  it('writes a buffer, a stream of known length and one of unknown length', async () => {
    await storage.write('loan-statements/OPP-1/buffer', Buffer.from('from a buffer'), {
      contentType: PDF,
    });
    await storage.write(
      'loan-statements/OPP-1/sized',
      Readable.from([Buffer.from('sized stream')]),
      {
        contentType: PDF,
        size: 12,
      },
    );
    await storage.write(
      'loan-statements/OPP-1/unsized',
      Readable.from([Buffer.from('un'), Buffer.from('sized')]),
      {
        contentType: 'text/csv',
      },
    );
    expect(await text(await storage.read('loan-statements/OPP-1/buffer'))).toBe('from a buffer');
    expect(await text(await storage.read('loan-statements/OPP-1/sized'))).toBe('sized stream');
    expect(await text(await storage.read('loan-statements/OPP-1/unsized'))).toBe('unsized');
    expect(await storage.stat('loan-statements/OPP-1/unsized')).toEqual({ size: 7 });

    await storage.write('loan-statements/OPP-1/empty', Buffer.alloc(0), { contentType: PDF });
    expect(await storage.stat('loan-statements/OPP-1/empty')).toEqual({ size: 0 });
    // Not read with a range: s3rver answers 206 with a byte it does not have, where S3 answers 416.
  });

  it('refuses writes and uploads over the limit before sending anything', async () => {
    const key = 'loan-statements/OPP-2/too-big';
    await expect(
      storage.write(key, Buffer.alloc(MAX + 1), { contentType: PDF }),
    ).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    await expect(
      storage.write(key, Readable.from([Buffer.alloc(MAX), Buffer.alloc(1)]), { contentType: PDF }),
    ).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    await expect(
      storage.presignUpload(key, { contentType: PDF, size: MAX + 1, sha256Hex: 'a'.repeat(64) }),
    ).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await storage.stat(key)).toBeUndefined();
  });

  it('lists the objects under a prefix last modified before a time', async () => {
    for (const key of ['units/LIST-1/a', 'units/LIST-1/b', 'units/LIST-2/c']) {
      await storage.write(key, Buffer.from(key), { contentType: PDF });
    }
    const soon = new Date(Date.now() + 60_000);
    expect((await storage.listOlderThan('units/LIST-', soon)).sort()).toEqual([
      'units/LIST-1/a',
      'units/LIST-1/b',
      'units/LIST-2/c',
    ]);
    expect((await storage.listOlderThan('units/LIST-1/', soon)).sort()).toEqual([
      'units/LIST-1/a',
      'units/LIST-1/b',
    ]);
    expect(await storage.listOlderThan('units/LIST-', new Date(Date.now() - 60_000))).toEqual([]);
  });

  it('refuses keys that are not safe', async () => {
    await expect(storage.stat('../outside')).rejects.toThrow(/Invalid storage key/);
    await expect(
      storage.presignDownload('units/../x', { fileName: 'x.pdf', contentType: PDF }),
    ).rejects.toThrow(/Invalid storage key/);
  });
});

describe('STORAGE_URL', () => {
  it('reads AWS and MinIO style URLs', () => {
    expect(
      parseStorageUrl('s3://AKIAEXAMPLE:wJalr%2FEXAMPLE%2Bkey@portal-files?region=ap-south-1'),
    ).toEqual({
      bucket: 'portal-files',
      region: 'ap-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalr/EXAMPLE+key' },
    });
    expect(parseStorageUrl('s3://portal-files')).toMatchObject({
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(
      parseStorageUrl('s3://minioadmin:minioadmin@portal-files?endpoint=http://127.0.0.1:9000'),
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(
      parseStorageUrl('s3://k:s@portal-files?endpoint=https://s3.example.com&forcePathStyle=false'),
    ).toMatchObject({ forcePathStyle: false });
  });

  it('names the bucket in the start-up log, never the credentials', () => {
    expect(storage.where).toMatch(
      new RegExp(`^S3 bucket ${BUCKET} at http://127\\.0\\.0\\.1:\\d+$`),
    );
    const aws = new S3Storage(
      parseStorageUrl('s3://AKIAEXAMPLE:secret@portal-files?region=ap-south-1'),
      MAX,
    );
    expect(aws.where).toBe('S3 bucket portal-files in ap-south-1');
  });

  it('names the mistake without repeating the secret', () => {
    const cases: [string, RegExp][] = [
      ['https://portal-files', /must be an s3:\/\/ URL/],
      ['s3://k:s@portal-files/prefix', /must not have a path/],
      ['s3://k:s@portal-files?regoin=ap-south-1', /unknown option regoin/],
      ['s3://onlykey@portal-files', /both the access key and the secret/],
      ['s3://k:s@portal-files?endpoint=127.0.0.1:9000', /endpoint must be an http/],
      ['s3://k:s@portal-files?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ];
    for (const [url, message] of cases) {
      let error: unknown;
      try {
        parseStorageUrl(url);
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toBeInstanceOf(ConfigError);
      expect((error as Error).message, url).toMatch(message);
      expect((error as Error).message, url).not.toContain('k:s');
    }
  });
});
