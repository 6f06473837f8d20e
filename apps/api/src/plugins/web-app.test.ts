import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const INDEX = `<!doctype html><title>Borrower Portal</title>${'<p>shell</p>'.repeat(50)}`;
const SCRIPT = `export const screen = ${JSON.stringify('the loan list '.repeat(200))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let app: FastifyInstance;
let base: string;
let webDist: string;

/** A build as Vite leaves it: hashed files under assets/, with brotli and gzip copies beside. */
function writeBuild() {
  webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-app-'));
  mkdirSync(path.join(webDist, 'assets'));
  const files = { 'index.html': INDEX, 'assets/index-Bx3kT9aQ.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(webDist, name), text);
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(text));
  }
  // Too small to gain from compression: the build leaves it without copies.
  writeFileSync(path.join(webDist, 'assets/tiny-C1a2b3c4.js'), 'export {};\n');
}

beforeAll(async () => {
  writeBuild();
  app = Fastify();
  // The session look-up the app runs on unknown paths; nobody is signed in here.
  app.decorate('authenticate', (_request, _reply, done) => done());
  await registerWebApp(app, webDist);
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A GET over a real connection, the body as sent (not decompressed). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get(`${base}${pathname}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.once('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .once('error', reject);
    },
  );
}

describe('the built web app', () => {
  it('sends a script brotli-compressed to a browser that takes brotli, kept for a year', async () => {
    const answer = await get('/assets/index-Bx3kT9aQ.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes only gzip, and the file as it is to one that takes neither', async () => {
    const gzip = await get('/assets/index-Bx3kT9aQ.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    for (const accepted of [undefined, 'identity']) {
      const plain = await get('/assets/index-Bx3kT9aQ.js', accepted);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body.toString()).toBe(SCRIPT);
    }
  });

  it('sends a file the build did not compress as it is', async () => {
    const answer = await get('/assets/tiny-C1a2b3c4.js', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.toString()).toBe('export {};\n');
  });

  it('answers a deep link with the compressed index.html, asked for again on every visit', async () => {
    for (const pathname of ['/unitstatus?status=APPROVED&project=P1&unit=U1', '/index.html']) {
      const answer = await get(pathname, 'gzip, deflate, br');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
    }
  });
});
