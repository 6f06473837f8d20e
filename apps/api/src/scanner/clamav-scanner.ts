import { once } from 'node:events';
import net from 'node:net';
import type { Readable } from 'node:stream';
import {
  ScannerUnavailableError,
  type ClamdAddress,
  type ScanVerdict,
  type Scanner,
} from './scanner.ts';

/** A scanner silent this long is taken as down: the borrower is told to retry, not kept waiting. */
export const SCANNER_TIMEOUT_MS = 10_000;
// clamd reads each chunk into memory; 64 KiB keeps them small whatever the storage stream yields.
const MAX_CHUNK_BYTES = 64 * 1024;

/**
 * clamd's INSTREAM command (see clamd(8)): `zINSTREAM\0`, then the bytes as chunks each prefixed
 * by its length (4 bytes, big-endian), then a zero length; clamd answers `stream: OK\0` or
 * `stream: <signature> FOUND\0`, and anything else ending in ERROR (e.g. past StreamMaxLength).
 */
export class ClamavScanner implements Scanner {
  readonly kind = 'clamav';

  constructor(
    private readonly address: ClamdAddress,
    private readonly timeoutMs = SCANNER_TIMEOUT_MS,
  ) {}

  scan(bytes: NodeJS.ReadableStream): Promise<ScanVerdict> {
    return new Promise<ScanVerdict>((resolve, reject) => {
      const socket = net.connect(this.address);
      const stop = new AbortController();
      const reply: Buffer[] = [];
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        stop.abort();
        socket.destroy();
        // A stream never read to its end (the scanner was down) would otherwise hold its file open.
        (bytes as Partial<Readable>).destroy?.();
        outcome();
      };
      const unavailable = (why: string) =>
        settle(() => reject(new ScannerUnavailableError(`The virus scanner ${why}`)));
      const answered = () => {
        const text = Buffer.concat(reply).toString('utf8').split('\0')[0]!.trim();
        const verdict = parseReply(text);
        if (verdict) settle(() => resolve(verdict));
        else unavailable(`answered "${text.slice(0, 200)}"`);
      };

      socket.setTimeout(this.timeoutMs, () =>
        unavailable(`did not answer within ${this.timeoutMs / 1000} s`),
      );
      socket.on('error', (error) => unavailable(`could not be reached (${error.message})`));
      socket.on('data', (data: Buffer) => {
        reply.push(data);
        if (data.includes(0)) answered();
      });
      socket.on('end', () =>
        reply.length > 0 ? answered() : unavailable('closed the connection without a verdict'),
      );
      socket.on('connect', () => {
        streamTo(socket, bytes, stop.signal).catch((error: unknown) => {
          // A write cut short by clamd (its size limit, say) is answered by its reply; the
          // storage stream failing is no scanner fault, so it is passed on as it is.
          if (stop.signal.aborted || isSocketError(error)) return;
          settle(() => reject(error));
        });
      });
    });
  }
}

async function streamTo(socket: net.Socket, bytes: NodeJS.ReadableStream, signal: AbortSignal) {
  const write = async (data: Buffer) => {
    if (!socket.write(data)) await once(socket, 'drain', { signal });
  };
  await write(Buffer.from('zINSTREAM\0'));
  for await (const chunk of bytes) {
    const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    for (let at = 0; at < data.length; at += MAX_CHUNK_BYTES) {
      const part = data.subarray(at, at + MAX_CHUNK_BYTES);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(part.length);
      await write(Buffer.concat([length, part]));
    }
    if (signal.aborted) return;
  }
  await write(Buffer.alloc(4));
}

function parseReply(text: string): ScanVerdict | undefined {
  if (text === 'stream: OK') return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(text);
  return found ? { infected: true, signature: found[1]! } : undefined;
}

const isSocketError = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' &&
  ['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ABORT_ERR'].includes(
    (error as { code: string }).code,
  );
