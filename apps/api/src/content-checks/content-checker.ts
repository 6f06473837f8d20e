import type { FraudFlag } from '@portal/domain';
import type { ContentFindings, ContentJob } from './inspect-content.ts';
import { IsolatedProcessPool, type IsolatedPoolOptions } from './isolated-process-pool.ts';

/** Looks inside an upload's bytes (Office package, PDF and photo signals), away from the server. */
export interface ContentChecker {
  check(job: ContentJob): Promise<ContentFindings>;
  close(): void;
}

/**
 * One process at a time: uploads complete a few at a time, a normal file takes milliseconds, and
 * the memory a hostile one can take stays one allowance. Two seconds parse the largest genuine
 * upload many times over.
 */
export const CONTENT_CHECK_LIMITS: Omit<IsolatedPoolOptions, 'entry'> = {
  processes: 1,
  timeoutMs: 5_000,
  jobMemoryMiB: 160,
  heapMiB: 128,
  maxWaiting: 20,
  maxWaitMs: 15_000,
};

// The compiled server runs content-check-process.js from beside its own chunks (build.mjs).
const ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./content-check-process.ts', import.meta.url)
  : new URL('./content-check-process.js', import.meta.url);

/**
 * A file the checks could not finish on is not refused: it counts, and carries NOT_CHECKED so
 * the checker looks at it in person.
 */
export function createContentChecker(
  limits: Omit<IsolatedPoolOptions, 'entry'> = CONTENT_CHECK_LIMITS,
): ContentChecker {
  const pool = new IsolatedProcessPool<ContentJob, ContentFindings>({ entry: ENTRY, ...limits });
  return {
    async check(job) {
      const outcome = await pool.run(job);
      if (outcome.ok) return outcome.value;
      // The detail is why (time, memory, crashed, busy): the domain words it for the checker.
      const flag: FraudFlag = { code: 'NOT_CHECKED', detail: outcome.failure };
      return { notGenuine: false, flags: [flag] };
    },
    close: () => pool.close(),
  };
}
