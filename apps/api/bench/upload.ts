/**
 * Upload benchmark (npm run bench:upload -w apps/api): a large file through the local driver's
 * signed URLs over real HTTP, both ways, in this one process. Neither side may hold the file in
 * memory, so peak RSS growth should stay under ~64 MB whatever the size (BENCH_UPLOAD_MB, 200).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { localStorageRoutes } from '../src/storage/local-storage.routes.ts';
import { createStorage } from '../src/storage/storage.ts';
import { freePort } from '../test/port.ts';

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;
const RSS_GOAL_MIB = 64;
const totalBytes = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MIB;

// One random block, stamped with its index per chunk: incompressible-looking, cheap, repeatable.
const block = randomBytes(CHUNK);
function* chunks(): Generator<Buffer> {
  for (let offset = 0, index = 0; offset < totalBytes; offset += CHUNK, index++) {
    const chunk = Buffer.from(block.subarray(0, Math.min(CHUNK, totalBytes - offset)));
    if (chunk.length >= 4) chunk.writeUInt32BE(index, 0);
    yield chunk;
  }
}

/** Samples RSS every 50 ms; the returned stop() answers the peak growth in MiB. */
function watchRss(): () => number {
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

async function measure(run: () => Promise<void>) {
  const stop = watchRss();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return { mibPerSecond: totalBytes / MIB / seconds, seconds, rssGrowthMib: stop() };
}

const report = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
  console.log(
    `${label.padEnd(8)} ${(totalBytes / MIB).toFixed(0)} MiB in ${r.seconds.toFixed(2)} s = ` +
      `${r.mibPerSecond.toFixed(1)} MiB/s, peak RSS growth ${r.rssGrowthMib.toFixed(1)} MiB`,
  );

/**
 * A streamed PUT with node:http, as a browser streams a File: Node's fetch keeps every chunk of a
 * streamed request body in memory (nodejs/undici#4058), which would measure the client, not us.
 */
async function put(url: string, headers: Record<string, string>, body: Readable): Promise<number> {
  const request = http.request(url, { method: 'PUT', headers });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject);
  });
  await pipeline(body, request);
  const response = await answered;
  response.resume();
  return response.statusCode ?? 0;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const storage = createStorage({
    dataDir,
    publicUrl: `http://127.0.0.1:${port}`,
    secret: randomBytes(32).toString('hex'),
    maxUploadBytes: totalBytes,
  });
  if (storage.kind !== 'local') throw new Error('the benchmark runs the local driver');
  // Closes the client's keep-alive connections at once instead of after their idle timeout.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  registerErrorHandling(app);
  await app.register(localStorageRoutes, { storage });
  await app.listen({ host: '127.0.0.1', port });

  try {
    const expected = createHash('sha256');
    for (const chunk of chunks()) expected.update(chunk);
    const sha256Hex = expected.digest('hex');
    const key = 'bench/upload';
    const contentType = 'application/octet-stream';

    const upload = await storage.presignUpload(key, { contentType, size: totalBytes, sha256Hex });
    const up = await measure(async () => {
      const status = await put(upload.url, upload.headers, Readable.from(chunks()));
      if (status !== 200) throw new Error(`upload answered ${status}`);
    });

    const link = await storage.presignDownload(key, { fileName: 'bench.bin', contentType });
    let downloaded = '';
    const down = await measure(async () => {
      const response = await fetch(link);
      if (response.status !== 200 || !response.body) {
        throw new Error(`download answered ${response.status}`);
      }
      const hash = createHash('sha256');
      for await (const chunk of Readable.fromWeb(response.body)) hash.update(chunk);
      downloaded = hash.digest('hex');
    });
    if (downloaded !== sha256Hex) throw new Error('the downloaded bytes differ from the uploaded');

    report('upload', up);
    report('download', down);
    const worst = Math.max(up.rssGrowthMib, down.rssGrowthMib);
    console.log(
      `SHA-256 matches; RSS goal (< ${RSS_GOAL_MIB} MiB growth): ${worst < RSS_GOAL_MIB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
