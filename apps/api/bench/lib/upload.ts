/**
 * Uploads through the local storage driver's signed URLs over real HTTP — the product's own
 * routes in this process — and through a bare node:http pipeline straight to a file, for the same
 * bytes. Neither side may hold the file in memory.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import { registerErrorHandling } from '../../src/plugins/error-handler.ts';
import { localStorageRoutes } from '../../src/storage/local-storage.routes.ts';
import { createStorage } from '../../src/storage/create-storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { freePort } from '../../test/port.ts';

export const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

// One random block, stamped with its index per chunk: incompressible-looking, cheap, repeatable.
const block = randomBytes(CHUNK);
export function* chunks(totalBytes: number): Generator<Buffer> {
  for (let offset = 0, index = 0; offset < totalBytes; offset += CHUNK, index++) {
    const chunk = Buffer.from(block.subarray(0, Math.min(CHUNK, totalBytes - offset)));
    if (chunk.length >= 4) chunk.writeUInt32BE(index, 0);
    yield chunk;
  }
}

/** Samples RSS every 50 ms; the returned stop() answers the peak growth in MiB. */
export function watchRss(): () => number {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return (peak - start) / MIB;
  };
}

export interface Measured {
  mibPerSecond: number;
  seconds: number;
  rssGrowthMib: number;
}

export async function measure(totalBytes: number, run: () => Promise<void>): Promise<Measured> {
  const stop = watchRss();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return { mibPerSecond: totalBytes / MIB / seconds, seconds, rssGrowthMib: stop() };
}

/**
 * A streamed PUT with node:http, as a browser streams a File: Node's fetch keeps every chunk of a
 * streamed request body in memory (nodejs/undici#4058), which would measure the client, not us.
 */
export async function put(
  url: string,
  headers: Record<string, string>,
  body: Readable,
): Promise<number> {
  const request = http.request(url, { method: 'PUT', headers });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
  });
  await pipeline(body, request);
  const response = await answered;
  response.resume();
  return response.statusCode ?? 0;
}

export interface UploadTarget {
  storage: Storage & { kind: 'local' };
  /** Where the routes answer; the driver's links are paths on it. */
  origin: string;
  close(): Promise<void>;
}

/** The product's local storage routes on a loopback port, storing under a new temp folder. */
export async function startProductStorage(maxUploadBytes: number): Promise<UploadTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const storage = createStorage({
    dataDir,
    secret: randomBytes(32).toString('hex'),
    maxUploadBytes,
  });
  if (storage.kind !== 'local') throw new Error('the benchmark runs the local driver');
  // Closes the client's keep-alive connections at once instead of after their idle timeout.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  registerErrorHandling(app);
  await app.register(localStorageRoutes, { storage });
  await app.listen({ host: '127.0.0.1', port });
  return {
    storage,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One upload of `totalBytes` through a fresh signed link of the product's local storage; its key. */
export async function productUpload(target: UploadTarget, totalBytes: number, sha256Hex: string) {
  const contentType = 'application/octet-stream';
  const key = `bench/${randomUUID()}`;
  const upload = await target.storage.presignUpload(key, {
    contentType,
    size: totalBytes,
    sha256Hex,
  });
  const measured = await measure(totalBytes, async () => {
    const status = await put(
      `${target.origin}${upload.url}`,
      upload.headers,
      Readable.from(chunks(totalBytes)),
    );
    if (status !== 200) throw new Error(`upload answered ${status}`);
  });
  return { ...measured, key };
}

/** The least an upload can cost: node:http piping the request body into a file, then renaming it. */
export async function startBarePipeline(): Promise<{ url: string; close(): Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-bench-bare-'));
  mkdirSync(path.join(folder, 'objects'));
  const server = http.createServer((request, response) => {
    const name = randomUUID();
    const temp = path.join(folder, `${name}.part`);
    pipeline(request, createWriteStream(temp, { flags: 'wx' }))
      .then(() => rename(temp, path.join(folder, 'objects', name)))
      .then(
        () => response.writeHead(200).end(),
        () => response.writeHead(500).end(),
      );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/upload`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function bareUpload(url: string, totalBytes: number) {
  return measure(totalBytes, async () => {
    const status = await put(
      url,
      { 'content-type': 'application/octet-stream', 'content-length': String(totalBytes) },
      Readable.from(chunks(totalBytes)),
    );
    if (status !== 200) throw new Error(`bare upload answered ${status}`);
  });
}
