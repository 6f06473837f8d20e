import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/port.ts';
import { registerErrorHandling } from '../plugins/error-handler.ts';
import type { LocalStorage } from './local-storage.ts';
import { localStorageRoutes } from './local-storage.routes.ts';
import { createStorage } from './create-storage.ts';

const MAX = 3 * 1024 * 1024;
const PDF = 'application/pdf';

let dataDir: string;
let app: FastifyInstance;
let storage: LocalStorage;
let keyNumber = 0;
/** Where the test server answers: the driver's links are paths, resolved against the page's address. */
let origin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const created = createStorage({
    dataDir,
    secret: 'a-test-secret-that-is-long-enough-0123456789',
    maxUploadBytes: MAX,
  });
  if (created.kind !== 'local') throw new Error('without STORAGE_URL the driver is local');
  storage = created;
  app = Fastify({ logger: false, forceCloseConnections: true });
  registerErrorHandling(app);
  await app.register(localStorageRoutes, { storage });
  await app.listen({ host: '127.0.0.1', port });
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

const newKey = (unit = 'UNIT-1') => `units/${unit}/file-${++keyNumber}`;
const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Every file in the storage folder, temp files included, so leftovers show. */
const filesOnDisk = () =>
  readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));

async function presignPut(key: string, bytes: Buffer, contentType = PDF) {
  return storage.presignUpload(key, {
    contentType,
    size: bytes.length,
    sha256Hex: sha256Hex(bytes),
  });
}

async function put(
  url: string,
  body: RequestInit['body'] | Buffer,
  headers: Record<string, string>,
) {
  const response = await fetch(new URL(url, origin), {
    method: 'PUT',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function upload(key: string, bytes: Buffer) {
  const { url, headers } = await presignPut(key, bytes);
  expect((await put(url, bytes, headers)).status).toBe(200);
}

function tamper(url: string, change: (url: URL) => void): string {
  const changed = new URL(url, origin);
  change(changed);
  return changed.toString();
}

async function expectRefusedLink(response: Promise<{ status: number; body: string }>) {
  const { status, body } = await response;
  expect(status).toBe(403);
  expect(JSON.parse(body)).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
}

const get = async (url: string) => {
  const response = await fetch(new URL(url, origin));
  return { status: response.status, body: await response.text(), headers: response.headers };
};

describe('local storage through its signed URLs', () => {
  it('uploads and downloads the same bytes, named and typed as asked', async () => {
    // Larger than Fastify's 1 MiB default body limit: only the signed limit applies.
    const bytes = randomBytes(2 * 1024 * 1024 + 7);
    const key = newKey();
    const upload = await presignPut(key, bytes);
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'content-type': PDF });
    // A path on the portal, so a page opened at any of its addresses uploads to that address.
    expect(upload.url).toMatch(/^\/api\/storage\//);
    const url = new URL(upload.url, origin);
    expect(url.pathname).toBe(`/api/storage/${key}`);
    expect([...url.searchParams.keys()]).toEqual(['op', 'exp', 'ct', 'max', 'sha', 'sig']);
    expect(url.searchParams.get('max')).toBe(String(MAX));
    expect(url.searchParams.get('sha')).toBe(sha256Hex(bytes));
    expect(upload.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(upload.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const stored = await put(upload.url, bytes, upload.headers);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('etag')).toMatch(/^".+"$/);
    expect(filesOnDisk()).toContain(path.join('files', ...key.split('/')));

    const link = await storage.presignDownload(key, {
      fileName: 'Ledger März 2024 "final".pdf',
      contentType: PDF,
    });
    expect(link).toMatch(/^\/api\/storage\//);
    const response = await fetch(new URL(link, origin));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe(PDF);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ledger Marz 2024 _final_.pdf"; filename*=UTF-8''Ledger%20M%C3%A4rz%202024%20%22final%22.pdf`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Never rendered: no type guessing, and no script or resource of the file may run or load.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('stores once: a used link, or a new link to a stored key, cannot replace the bytes', async () => {
    const key = newKey();
    const first = Buffer.from('%PDF-1.4 first version');
    const { url, headers } = await presignPut(key, first);
    expect((await put(url, first, headers)).status).toBe(200);

    const again = await put(url, Buffer.from('%PDF-1.4 swapped after the check'), headers);
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body)).toEqual({
      error: { code: 'INVALID_SIGNATURE', message: 'This upload link has already been used' },
    });
    const second = Buffer.from('second');
    const fresh = await presignPut(key, second);
    await expectRefusedLink(put(fresh.url, second, fresh.headers));
    expect(await text(await storage.read(key))).toBe(first.toString());
  });

  it('stores exactly one of two uploads racing to one link', async () => {
    const key = newKey();
    const { url, headers } = await presignPut(key, Buffer.from('declared'));
    const bodies = [Buffer.alloc(300 * 1024, 'a'), Buffer.alloc(300 * 1024, 'b')];
    const answers = await Promise.all(bodies.map((body) => put(url, body, headers)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const winner = bodies[answers.findIndex((a) => a.status === 200)]!;
    expect(await text(await storage.read(key))).toBe(winner.toString());
    expect(filesOnDisk().filter((file) => file.endsWith('.part'))).toEqual([]);
  });

  it('keeps the first of two writes that both got past the early check (link, not rename)', async () => {
    const key = newKey();
    // Both streams wait until both writes have started, so neither key existed when they began.
    let started = 0;
    let bothStarted: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothStarted = resolve));
    async function* body(fill: string) {
      if (++started === 2) bothStarted();
      await barrier;
      yield Buffer.alloc(64 * 1024, fill);
    }
    const results = await Promise.allSettled([
      storage.receive(key, Readable.from(body('a')), MAX),
      storage.receive(key, Readable.from(body('b')), MAX),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { name: 'ObjectExistsError' },
    });
    expect(await storage.stat(key)).toEqual({ size: 64 * 1024 });
    expect(filesOnDisk().filter((file) => file.endsWith('.part'))).toEqual([]);
  });

  it('refuses a tampered upload link, one used for another key, and an expired one', async () => {
    const bytes = Buffer.from('%PDF-1.4 tamper test');
    const key = newKey();
    const { url, headers } = await presignPut(key, bytes);
    const flipped = (sig: string) => (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);

    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.set('sig', flipped(u.searchParams.get('sig')!))),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => (u.pathname = `/api/storage/${newKey()}`)),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.set('max', String(MAX * 10))),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.set('sha', sha256Hex(Buffer.from('other file')))),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.set('exp', '9999999999')),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.set('ct', 'text/html')),
        bytes,
        { 'content-type': 'text/html' },
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.delete('sig')),
        bytes,
        headers,
      ),
    );
    await expectRefusedLink(
      put(
        tamper(url, (u) => u.searchParams.append('sig', 'x')),
        bytes,
        headers,
      ),
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    await expectRefusedLink(put(url, bytes, headers));
    vi.useRealTimers();

    expect(await storage.stat(key)).toBeUndefined();
    expect((await put(url, bytes, headers)).status).toBe(200);
  });

  it('refuses a tampered or expired download link, and a download link used to upload', async () => {
    const key = newKey();
    await upload(key, Buffer.from('statement'));
    const link = await storage.presignDownload(key, { fileName: 'a.pdf', contentType: PDF });

    await expectRefusedLink(get(tamper(link, (u) => u.searchParams.set('fn', 'b.html'))));
    await expectRefusedLink(get(tamper(link, (u) => u.searchParams.set('ct', 'text/html'))));
    await expectRefusedLink(get(tamper(link, (u) => (u.pathname = `/api/storage/${newKey()}`))));
    await expectRefusedLink(put(link, Buffer.from('overwrite'), { 'content-type': PDF }));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    await expectRefusedLink(get(link));
    vi.useRealTimers();

    expect((await get(link)).body).toBe('statement');
  });

  it('refuses a Content-Type other than the signed one, storing nothing', async () => {
    const bytes = Buffer.from('%PDF-1.4');
    const key = newKey();
    const { url } = await presignPut(key, bytes);
    await expectRefusedLink(put(url, bytes, { 'content-type': 'text/html' }));
    await expectRefusedLink(put(url, new Blob([bytes]), {}));
    expect(await storage.stat(key)).toBeUndefined();
    // Case and spacing are not part of a media type's meaning.
    expect((await put(url, bytes, { 'content-type': 'Application/PDF' })).status).toBe(200);
  });

  it('answers 413 past the signed limit and keeps no partial file', async () => {
    const before = filesOnDisk();
    const key = newKey();
    const { url, headers } = await presignPut(key, Buffer.alloc(10));

    const declared = await put(url, Buffer.alloc(MAX + 1), headers);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ error: { code: 'FILE_TOO_LARGE' } });
    expect(declared.headers.get('connection')).toBe('close');

    // No Content-Length: the limit is counted as the bytes stream in.
    async function* chunks() {
      for (let i = 0; i < 64; i++) yield Buffer.alloc(64 * 1024, i);
    }
    const streamed = await put(
      url,
      Readable.toWeb(Readable.from(chunks())) as RequestInit['body'],
      headers,
    );
    expect(streamed.status).toBe(413);

    expect(await storage.stat(key)).toBeUndefined();
    expect(filesOnDisk()).toEqual(before);
  });

  it('keeps nothing of an upload the client abandons half way', async () => {
    const before = filesOnDisk();
    const key = newKey();
    const { url, headers } = await presignPut(key, Buffer.alloc(10));
    const controller = new AbortController();
    async function* chunks() {
      yield Buffer.alloc(256 * 1024, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
    }
    await expect(
      fetch(new URL(url, origin), {
        method: 'PUT',
        headers,
        body: Readable.toWeb(Readable.from(chunks())),
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    await vi.waitFor(() => expect(filesOnDisk()).toEqual(before));
    expect(await storage.stat(key)).toBeUndefined();
  });

  it('answers 404 for a valid link to nothing, and 403 for a path that leaves the folder', async () => {
    const link = await storage.presignDownload(newKey(), { fileName: 'x.pdf', contentType: PDF });
    const missing = await get(link);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });

    // Sent raw: fetch would resolve the dot segments before they reached the server.
    const { port, search } = new URL(link, origin);
    for (const escape of [
      'units/%2E%2E/%2E%2E/secret',
      '%2Fetc/passwd',
      'units/..%5C..%5Csecret',
    ]) {
      await expectRefusedLink(rawGet(Number(port), `/api/storage/${escape}${search}`));
    }
  });

  it('keeps unusual but safe key segments apart on disk and in URLs', async () => {
    const key = 'units/A%20B%2FC/file';
    await upload(key, Buffer.from('encoded'));
    const link = await storage.presignDownload(key, { fileName: 'x.pdf', contentType: PDF });
    expect((await get(link)).body).toBe('encoded');
    expect(filesOnDisk()).toContain(path.join('files', 'units', 'A%20B%2FC', 'file'));
  });

  it('works through app.inject too, as the API tests drive it', async () => {
    const key = newKey();
    const bytes = Buffer.from('%PDF-1.4 injected');
    const stored = await app.inject({
      method: 'PUT',
      url: (await presignPut(key, bytes)).url,
      headers: { 'content-type': PDF },
      payload: bytes,
    });
    expect(stored.statusCode).toBe(200);
    const link = await storage.presignDownload(key, { fileName: 'x.pdf', contentType: PDF });
    const downloaded = await app.inject({ url: link });
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
    const head = await app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });
});

describe('local storage on the server side', () => {
  it('refuses keys that could leave the storage folder', async () => {
    for (const key of [
      '../x',
      'units/../../x',
      '/etc/passwd',
      'units//x',
      'units/.hidden',
      'units\\x',
      '',
    ]) {
      await expect(storage.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(
        storage.presignUpload(key, { contentType: PDF, size: 1, sha256Hex: 'a'.repeat(64) }),
        key,
      ).rejects.toThrow(/Invalid storage key/);
      await expect(storage.write(key, Buffer.from('x'), { contentType: PDF }), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
    await expect(storage.listOlderThan('units/../', new Date())).rejects.toThrow(
      /Invalid storage prefix/,
    );
  });

  it('checks what the browser declared before signing an upload', async () => {
    const ok = { contentType: PDF, size: 10, sha256Hex: 'a'.repeat(64) };
    await expect(storage.presignUpload(newKey(), { ...ok, size: MAX + 1 })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    await expect(
      storage.presignUpload(newKey(), { ...ok, sha256Hex: 'abc' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      storage.presignUpload(newKey(), { ...ok, contentType: 'text/html\r\nx-evil: 1' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(storage.presignUpload(newKey(), { ...ok, expiresInSeconds: 0 })).rejects.toThrow();
  });

  it('writes, stats, reads (whole or a head) and deletes', async () => {
    const key = newKey();
    const bytes = Buffer.from('%PDF-1.7 written by staff');
    expect(await storage.stat(key)).toBeUndefined();
    await storage.write(key, bytes, { contentType: PDF });
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    expect(await text(await storage.read(key))).toBe(bytes.toString());
    expect(await text(await storage.read(key, { length: 8 }))).toBe('%PDF-1.7');
    expect(await text(await storage.read(key, { length: 0 }))).toBe('');
    expect(await text(await storage.read(key, { length: 1000 }))).toBe(bytes.toString());

    const streamed = newKey();
    await storage.write(
      streamed,
      Readable.from([Buffer.from('part one, '), Buffer.from('part two')]),
      {
        contentType: 'text/csv',
      },
    );
    expect(await text(await storage.read(streamed))).toBe('part one, part two');

    const empty = newKey();
    await storage.write(empty, Buffer.alloc(0), { contentType: PDF });
    expect(await storage.stat(empty)).toEqual({ size: 0 });
    expect(await text(await storage.read(empty, { length: 8 }))).toBe('');

    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.read(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await storage.delete(key); // deleting nothing is fine, as on S3
  });

  it('refuses a server-side write over the upload limit and keeps nothing', async () => {
    const before = filesOnDisk();
    const key = newKey();
    await expect(
      storage.write(key, Buffer.alloc(MAX + 1), { contentType: PDF }),
    ).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    async function* chunks() {
      for (let i = 0; i < 4; i++) yield Buffer.alloc(1024 * 1024, i);
    }
    await expect(
      storage.write(key, Readable.from(chunks()), { contentType: PDF }),
    ).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses a server-side write to a key that already holds an object', async () => {
    const key = newKey();
    await storage.write(key, Buffer.from('attached'), { contentType: PDF });
    await expect(
      storage.write(key, Buffer.from('replacement'), { contentType: PDF }),
    ).rejects.toMatchObject({ name: 'ObjectExistsError' });
    expect(await text(await storage.read(key))).toBe('attached');
  });

  it('deletes temp files of unfinished uploads last written before a time, and nothing else', async () => {
    const folder = path.join(dataDir, 'files', 'units', 'TEMP-1');
    mkdirSync(folder, { recursive: true });
    const stale = path.join(folder, '.file-1.0b7e5c1a.part');
    const recent = path.join(folder, '.file-2.6d0f9e2b.part');
    const key = 'units/TEMP-1/file-3';
    await storage.write(key, Buffer.from('a stored object'), { contentType: PDF });
    writeFileSync(stale, 'half an upload');
    writeFileSync(recent, 'an upload arriving now');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [stale, path.join(folder, 'file-3')])
      utimesSync(file, twoHoursAgo, twoHoursAgo);

    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect(await storage.deleteTempFilesOlderThan(hourAgo)).toBe(1);
    expect(readdirSync(folder).sort()).toEqual(['.file-2.6d0f9e2b.part', 'file-3']);
    // Temp files are never objects.
    expect(await storage.listOlderThan('units/TEMP-1/', new Date(Date.now() + 1000))).toEqual([
      key,
    ]);
    await storage.delete(key); // keeps the old object out of the listing test below
  });

  it('lists the objects under a prefix last modified before a time', async () => {
    const old = ['units/OLD-1/a', 'units/OLD-1/b', 'units/OLD-2/c'];
    const fresh = 'units/OLD-1/fresh';
    for (const key of [...old, fresh, 'loan-statements/OLD-9/d']) {
      await storage.write(key, Buffer.from(key), { contentType: PDF });
    }
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    for (const key of [...old, 'loan-statements/OLD-9/d']) {
      utimesSync(path.join(dataDir, 'files', ...key.split('/')), dayAgo, dayAgo);
    }
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect(await storage.listOlderThan('units/OLD-', hourAgo)).toEqual(old);
    expect(await storage.listOlderThan('units/OLD-1/', hourAgo)).toEqual(old.slice(0, 2));
    expect(await storage.listOlderThan('units/OLD-1/', new Date(Date.now() + 1000))).toEqual([
      ...old.slice(0, 2),
      fresh,
    ]);
    expect(await storage.listOlderThan('nothing-here/', hourAgo)).toEqual([]);
    expect(await storage.listOlderThan('', hourAgo)).toEqual(['loan-statements/OLD-9/d', ...old]);
  });
});

function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}
