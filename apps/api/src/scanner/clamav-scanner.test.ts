import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clamdMissing,
  EICAR,
  EICAR_SIGNATURE,
  startClamd,
  type RunningClamd,
} from '../../test/clamd.ts';
import { freePort } from '../../test/port.ts';
import { ConfigError } from '../env.ts';
import { ClamavScanner } from './clamav-scanner.ts';
import { createScanner, parseScannerUrl } from './create-scanner.ts';
import { ScannerUnavailableError } from './scanner.ts';

if (clamdMissing) console.warn(clamdMissing);

/** A stream of the bytes in chunks of `size`, as storage hands them over. */
const chunked = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

describe.skipIf(clamdMissing)('ClamAV over INSTREAM against a real clamd', () => {
  let clamd: RunningClamd;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 60_000);
  afterAll(() => clamd?.stop());

  it('finds EICAR by TCP and by socket file, even split across chunks and inside a larger file', async () => {
    for (const url of [clamd.tcpUrl, clamd.unixUrl]) {
      const scanner = createScanner(url);
      expect(scanner.kind).toBe('clamav');
      expect(await scanner.scan(Readable.from([EICAR]))).toEqual({
        infected: true,
        signature: `${EICAR_SIGNATURE}.UNOFFICIAL`,
      });
    }
    const inside = Buffer.concat([Buffer.alloc(200 * 1024, 'a'), EICAR, Buffer.alloc(90_000)]);
    expect(await createScanner(clamd.tcpUrl).scan(chunked(inside, 7_001))).toMatchObject({
      infected: true,
    });
  });

  it('passes a clean file, large or empty', async () => {
    const scanner = createScanner(clamd.tcpUrl);
    const large = Buffer.alloc(3 * 1024 * 1024, 'statement line\n');
    expect(await scanner.scan(chunked(large, 1024 * 1024))).toEqual({ infected: false });
    expect(await scanner.scan(Readable.from([]))).toEqual({ infected: false });
  });

  it('scans many files at once, each getting its own verdict', async () => {
    const scanner = createScanner(clamd.tcpUrl);
    const files = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? EICAR : Buffer.from(`clean file ${i}`),
    );
    const verdicts = await Promise.all(files.map((bytes) => scanner.scan(Readable.from([bytes]))));
    expect(verdicts.map((v) => v.infected)).toEqual(files.map((bytes) => bytes === EICAR));
  });
});

describe('a scanner that does not answer', () => {
  it('fails with ScannerUnavailableError when nothing listens', async () => {
    const port = await freePort();
    const scan = createScanner(`tcp://127.0.0.1:${port}`).scan(Readable.from([EICAR]));
    await expect(scan).rejects.toBeInstanceOf(ScannerUnavailableError);
    await expect(
      createScanner('unix:///nonexistent/clamd.ctl').scan(Readable.from([EICAR])),
    ).rejects.toThrow(/could not be reached/);
  });

  it('fails after the timeout when the scanner accepts but never replies', async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const scanner = new ClamavScanner({ host: '127.0.0.1', port }, 300);
      await expect(scanner.scan(Readable.from([EICAR]))).rejects.toThrow(
        'The virus scanner did not answer within 0.3 s',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it('takes a reply other than OK or FOUND as no verdict', async () => {
    const refusing = net.createServer((socket) =>
      socket.once('data', () => socket.end('INSTREAM size limit exceeded. ERROR\0')),
    );
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as net.AddressInfo;
    try {
      await expect(
        new ClamavScanner({ host: '127.0.0.1', port }).scan(Readable.from([EICAR])),
      ).rejects.toThrow(/answered "INSTREAM size limit exceeded. ERROR"/);
    } finally {
      refusing.close();
    }
  });
});

describe('SCANNER_URL', () => {
  it('reads tcp:// and unix:// addresses, and refuses anything else', () => {
    expect(parseScannerUrl('tcp://clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(parseScannerUrl('tcp://10.0.0.5')).toEqual({ host: '10.0.0.5', port: 3310 });
    expect(parseScannerUrl('unix:///run/clamav/clamd.ctl')).toEqual({
      path: '/run/clamav/clamd.ctl',
    });
    for (const bad of ['http://clamav:3310', 'clamav:3310', 'unix://', 'tcp://host:3310/x']) {
      expect(() => parseScannerUrl(bad)).toThrow(ConfigError);
    }
    expect(createScanner(undefined).kind).toBe('none');
  });
});
