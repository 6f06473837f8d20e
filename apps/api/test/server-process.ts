import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** The real server as its own process (as `npm start` runs it), for crash and restart tests. */
export async function startServerProcess(env: Record<string, string>, port: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/readyz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready: ${stderr}`);
}
