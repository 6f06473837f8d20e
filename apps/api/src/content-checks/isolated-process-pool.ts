import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Why a job gave no answer: it ran past its time, its process grew past its memory allowance or
 * died, or too many jobs were already waiting.
 */
export type IsolationFailure = 'time' | 'memory' | 'crashed' | 'busy';
export type IsolatedOutcome<R> = { ok: true; value: R } | { ok: false; failure: IsolationFailure };

export interface IsolatedPoolOptions {
  /** The module each process runs; it answers jobs with `serveIsolatedJobs`. */
  entry: URL;
  /** Processes running at once; further jobs wait their turn. */
  processes: number;
  /** A job still running after this long has its process killed. */
  timeoutMs: number;
  /**
   * The kernel's ceiling on each process's data (RLIMIT_DATA): heap, buffers and every other
   * allocation. A job that needs more than `jobMemoryMiB` fails as `memory`; the ceiling sits at
   * twice that over the process's start-up size, so memory that grows by doubling always shows
   * its growth before the kernel refuses it (a refusal that a parser swallowed would go unseen).
   */
  jobMemoryMiB: number;
  /** V8's own heap limit in each process: a heap-hungry job ends the process. */
  heapMiB: number;
  /** Jobs beyond this many waiting, or waiting longer than `maxWaitMs`, fail as `busy`. */
  maxWaiting: number;
  maxWaitMs: number;
}

interface Waiting {
  job: unknown;
  transfer: (outcome: IsolatedOutcome<unknown>) => void;
  queuedAt: number;
}

interface JobAnswer {
  id: number;
  value?: unknown;
  error?: string;
  /** The process's peak resident size (KiB) after the job. */
  peakKiB: number;
}

const STARTUP_TIMEOUT_MS = 30_000;
// Data a process needs to start and load its parsers; measured once it has started, this only
// sizes the kernel's ceiling.
const STARTUP_DATA_MIB = 96;

/**
 * Runs jobs on another process's event loop, bounded in time and memory, so bytes a borrower sent
 * can never stall or swell the server. Each process takes one job at a time; a process that timed
 * out, grew too much or died is replaced by a fresh one for the next job. Processes start on the
 * first job and hold nothing open: the server exits without waiting for them.
 */
export class IsolatedProcessPool<J, R> {
  private readonly idle: IsolatedProcess[] = [];
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private closed = false;

  constructor(private readonly options: IsolatedPoolOptions) {}

  run(job: J): Promise<IsolatedOutcome<R>> {
    if (this.closed) return Promise.resolve({ ok: false, failure: 'crashed' });
    if (this.waiting.length >= this.options.maxWaiting) {
      return Promise.resolve({ ok: false, failure: 'busy' });
    }
    return new Promise((resolve) => {
      this.waiting.push({
        job,
        transfer: resolve as (outcome: IsolatedOutcome<unknown>) => void,
        queuedAt: Date.now(),
      });
      this.dispatch();
    });
  }

  /** Ends every process; jobs still waiting or running fail as `crashed`. */
  close(): void {
    this.closed = true;
    for (const waiting of this.waiting.splice(0))
      waiting.transfer({ ok: false, failure: 'crashed' });
    for (const process of this.idle.splice(0)) process.kill();
  }

  private dispatch() {
    while (this.waiting.length > 0 && this.running < this.options.processes) {
      const next = this.waiting.shift()!;
      if (Date.now() - next.queuedAt > this.options.maxWaitMs) {
        next.transfer({ ok: false, failure: 'busy' });
        continue;
      }
      this.running++;
      void this.runOn(this.idle.pop() ?? new IsolatedProcess(this.options), next).finally(() => {
        this.running--;
        this.dispatch();
      });
    }
  }

  private async runOn(process: IsolatedProcess, waiting: Waiting) {
    const outcome = await process.run(waiting.job, this.options);
    waiting.transfer(outcome);
    if (process.isReusable && !this.closed) this.idle.push(process);
    else process.kill();
  }
}

class IsolatedProcess {
  private readonly child: ChildProcess;
  private readonly started: Promise<number | undefined>;
  private nextId = 0;
  private answer: ((answer: JobAnswer | undefined) => void) | undefined;
  /** Peak resident size once started (KiB): a job's growth is measured from it. */
  private startPeakKiB = 0;
  isReusable = true;

  constructor(options: IsolatedPoolOptions) {
    const ceilingKiB = (STARTUP_DATA_MIB + 2 * options.jobMemoryMiB) * 1024;
    const entry = fileURLToPath(options.entry);
    // ulimit in a shell that then becomes node: Node has no way to set a child's limits itself.
    this.child = spawn(
      '/bin/sh',
      [
        '-c',
        'ulimit -d "$0" && exec "$@"',
        String(ceilingKiB),
        process.execPath,
        // No JIT: no code space to reserve (Node 24 reserves 512 MiB for it, more than the
        // ceiling), and no generated machine code for a hostile file to aim at.
        '--jitless',
        `--max-old-space-size=${options.heapMiB}`,
        ...sourceLoader(entry),
        entry,
      ],
      // Nothing of the server's environment (its secrets) reaches the parsers, and nothing they
      // print reaches its log: a hostile file could make a parser print a lot.
      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced', env: {} },
    );
    this.child.unref();
    this.child.channel?.unref();
    this.started = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), STARTUP_TIMEOUT_MS);
      this.child.once('message', (message: { peakKiB?: number }) => {
        clearTimeout(timer);
        resolve(message.peakKiB);
      });
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    this.child.on('message', (message: JobAnswer) => this.answer?.(message));
    this.child.on('exit', () => {
      this.isReusable = false;
      this.answer?.(undefined);
    });
    // A process killed while a message was on its way: nothing to do but let it go.
    this.child.on('error', () => {});
  }

  async run(job: unknown, options: IsolatedPoolOptions): Promise<IsolatedOutcome<unknown>> {
    const startPeakKiB = await this.started;
    if (startPeakKiB === undefined || !this.isReusable) {
      this.isReusable = false;
      return { ok: false, failure: 'crashed' };
    }
    this.startPeakKiB ||= startPeakKiB;
    const id = ++this.nextId;
    const answered = new Promise<JobAnswer | 'time' | undefined>((resolve) => {
      const timer = setTimeout(() => resolve('time'), options.timeoutMs);
      this.answer = (answer) => {
        if (answer && answer.id !== id) return;
        clearTimeout(timer);
        resolve(answer);
      };
    });
    this.child.send({ id, job });
    const answer = await answered;
    this.answer = undefined;
    if (answer === 'time') {
      this.isReusable = false;
      return { ok: false, failure: 'time' };
    }
    if (!answer) return { ok: false, failure: 'crashed' };
    const grownMiB = (answer.peakKiB - this.startPeakKiB) / 1024;
    if (grownMiB > options.jobMemoryMiB) {
      this.isReusable = false;
      return { ok: false, failure: 'memory' };
    }
    // Well within the allowance, but the next job should start from a process that has not grown.
    if (grownMiB > options.jobMemoryMiB / 2) this.isReusable = false;
    if (answer.error !== undefined) return { ok: false, failure: 'crashed' };
    return { ok: true, value: answer.value };
  }

  kill() {
    this.isReusable = false;
    this.child.kill('SIGKILL');
  }
}

/** Running from TypeScript source (tests, `npm run dev`), the process needs tsx as well. */
function sourceLoader(entry: string): string[] {
  if (!entry.endsWith('.ts')) return [];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

/**
 * The process's peak resident size in KiB (VmHWM); 0 where /proc is not there to say. Resident,
 * not virtual: Node reserves hundreds of MiB it never touches, more with each thread it starts.
 */
export function peakResidentKiB(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The other half, run by the entry module: answers each job with `handle`'s value and how large
 * the process has grown, and ends when the server goes away.
 */
export function serveIsolatedJobs<J, R>(handle: (job: J) => Promise<R>) {
  process.on('message', (message: { id: number; job: J }) => {
    void handle(message.job).then(
      (value) => process.send!({ id: message.id, value, peakKiB: peakResidentKiB() }),
      (error: unknown) =>
        process.send!({ id: message.id, error: String(error), peakKiB: peakResidentKiB() }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ peakKiB: peakResidentKiB() });
}
