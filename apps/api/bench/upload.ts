/**
 * Upload benchmark (npm run bench:upload -w apps/api): a large file through the local driver's
 * signed URLs over real HTTP, both ways, in this one process. Neither side may hold the file in
 * memory, so peak RSS growth should stay under ~64 MB whatever the size (BENCH_UPLOAD_MB, 200).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MIB,
  chunks,
  measure,
  productUpload,
  startProductStorage,
  type Measured,
} from './lib/upload.ts';

const RSS_GOAL_MIB = 64;
const totalBytes = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MIB;

const report = (label: string, r: Measured) =>
  console.log(
    `${label.padEnd(8)} ${(totalBytes / MIB).toFixed(0)} MiB in ${r.seconds.toFixed(2)} s = ` +
      `${r.mibPerSecond.toFixed(1)} MiB/s, peak RSS growth ${r.rssGrowthMib.toFixed(1)} MiB`,
  );

async function main() {
  const target = await startProductStorage(totalBytes);
  try {
    const expected = createHash('sha256');
    for (const chunk of chunks(totalBytes)) expected.update(chunk);
    const sha256Hex = expected.digest('hex');
    const { key, ...up } = await productUpload(target, totalBytes, sha256Hex);

    const contentType = 'application/octet-stream';
    const link = await target.storage.presignDownload(key, { fileName: 'bench.bin', contentType });
    let downloaded = '';
    const down = await measure(totalBytes, async () => {
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
    await target.close();
  }
}

await main();
