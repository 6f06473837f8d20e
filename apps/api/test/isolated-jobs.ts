// A process for the isolated pool's own tests: each job asks it to misbehave in one way.
import { serveIsolatedJobs } from '../src/content-checks/isolated-process-pool.ts';

export type TestJob =
  | { kind: 'echo'; value: unknown }
  | { kind: 'environment' }
  | { kind: 'spin' }
  | { kind: 'exit' }
  | { kind: 'throw' }
  /** Grows a buffer by doubling up to `mib`, swallowing a refused allocation as parsers do. */
  | { kind: 'grow'; mib: number };

const MiB = 1024 * 1024;

serveIsolatedJobs(async (job: TestJob) => {
  switch (job.kind) {
    case 'echo':
      return { value: job.value, pid: process.pid };
    case 'environment':
      return Object.keys(process.env);
    case 'spin':
      for (;;);
    case 'exit':
      return process.exit(3);
    case 'throw':
      throw new Error('the parser gave up');
    case 'grow': {
      let buffer = new Uint8Array(MiB).fill(1);
      try {
        while (buffer.length < job.mib * MiB) {
          const larger = new Uint8Array(buffer.length * 2);
          larger.set(buffer);
          larger.fill(1, buffer.length);
          buffer = larger;
        }
      } catch {
        // Swallowed: the pool must still see what the job took.
      }
      return buffer.length / MiB;
    }
  }
});
