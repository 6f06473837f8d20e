import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/server-command.mjs';
import { freePort } from '../../test/port.ts';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** The product's server as deployed: its node flags, then the compiled entry. */
export const productServer = [...SERVER_NODE_FLAGS, path.join(repoRoot, SERVER_ENTRY)];

// Every process the benchmark starts is stopped when it ends, however it ends.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

export interface Server {
  name: string;
  base: string;
  port: number;
  child: ChildProcess;
  /** Milliseconds from spawning the process to the first 200 from /api/healthz. */
  startMs: number;
  stop(): Promise<void>;
  output(): string;
}

/** A server's environment, or one made for the port it is given. */
export type Environment =
  Record<string, string | undefined> | ((port: number) => Record<string, string | undefined>);

/**
 * Spawns `node ARGS` listening on a free loopback port (PORT in its environment) and waits for
 * the first 200 from /api/healthz.
 */
export async function startServer(
  name: string,
  args: string[],
  env: Environment,
  options: { timeoutMs?: number } = {},
): Promise<Server> {
  const port = await freePort();
  const given = typeof env === 'function' ? env(port) : env;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', ...given, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const deadline = spawnedAt + (options.timeoutMs ?? 60_000);
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited before answering: ${output.trim().slice(-2_000)}`);
    }
    if ((await statusOf(`${base}/api/healthz`)) === 200) {
      const startMs = performance.now() - spawnedAt;
      return { name, base, port, child, startMs, stop, output: () => output };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`${name} did not answer /api/healthz in time: ${output.trim().slice(-2_000)}`);
}

/** The status of a GET, or 0 when nothing answers. No keep-alive: one connection per call. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', () => resolve(0));
    request.setTimeout(2_000, () => request.destroy());
  });
}

/** Resident memory of a process in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kib / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection: its status, body and wall time in ms. */
export function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}

/** GETs `url` and answers its JSON, failing unless it is a 200. */
export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const { status, body } = await timedGet(url, headers);
  if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}

export const closeKeptConnections = () => agent.destroy();
