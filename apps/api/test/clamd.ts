import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './port.ts';

const CLAMD = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';

/** The EICAR test file: every scanner detects it, and it harms nothing. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
);
export const EICAR_SIGNATURE = 'Portal-Test-EICAR';

/** Why the scanner tests are skipped here, or undefined when clamd can run. */
export const clamdMissing = existsSync(CLAMD)
  ? undefined
  : `clamd is not installed at ${CLAMD} (apt-get install clamav-daemon): malware scanning tests skipped`;

export interface RunningClamd {
  /** tcp://127.0.0.1:<port> */
  tcpUrl: string;
  /** unix://<dir>/clamd.sock */
  unixUrl: string;
  stop(): Promise<void>;
}

/**
 * A real clamd of its own: a signature database holding only EICAR (an .ndb body signature, so
 * it is found inside any file), written to a temp folder with a generated clamd.conf; no
 * freshclam, no download. Answers once clamd answers PING.
 */
export async function startClamd(): Promise<RunningClamd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-clamd-'));
  const port = await freePort();
  const socketPath = path.join(dir, 'clamd.sock');
  writeFileSync(
    path.join(dir, 'portal-test.ndb'),
    `${EICAR_SIGNATURE}:0:*:${EICAR.toString('hex')}\n`,
  );
  writeFileSync(
    path.join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `DatabaseDirectory ${dir}`,
      `LocalSocket ${socketPath}`,
      'TCPAddr 127.0.0.1',
      `TCPSocket ${port}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'StreamMaxLength 64M',
      '',
    ].join('\n'),
  );
  const child = spawn(CLAMD, ['-c', path.join(dir, 'clamd.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (data: Buffer) => (errors += data.toString()));
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPong(port, child, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { tcpUrl: `tcp://127.0.0.1:${port}`, unixUrl: `unix://${socketPath}`, stop };
}

async function waitForPong(port: number, child: ChildProcess, errors: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`clamd exited: ${errors()}`);
    if ((await ping(port)) === 'PONG') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`clamd did not answer PING within 30 s: ${errors()}`);
}

function ping(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\0')) {
        socket.destroy();
        resolve(reply.split('\0')[0]);
      }
    });
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => resolve(undefined));
  });
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
