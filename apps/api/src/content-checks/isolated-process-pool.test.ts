import { afterEach, describe, expect, it } from 'vitest';
import type { TestJob } from '../../test/isolated-jobs.ts';
import { IsolatedProcessPool, type IsolatedPoolOptions } from './isolated-process-pool.ts';

const entry = new URL('../../test/isolated-jobs.ts', import.meta.url);
const limits: Omit<IsolatedPoolOptions, 'entry'> = {
  processes: 1,
  timeoutMs: 3_000,
  jobMemoryMiB: 64,
  heapMiB: 64,
  maxWaiting: 5,
  maxWaitMs: 60_000,
};

let pool: IsolatedProcessPool<TestJob, unknown>;
const poolWith = (options: Partial<typeof limits> = {}) =>
  (pool = new IsolatedProcessPool({ entry, ...limits, ...options }));
afterEach(() => pool.close());

const pidOf = async () => {
  const outcome = await pool.run({ kind: 'echo', value: 'hello' });
  expect(outcome).toMatchObject({ ok: true, value: { value: 'hello' } });
  return (outcome as { value: { pid: number } }).value.pid;
};

describe('isolated process pool', () => {
  it('answers jobs in a process of its own, kept for the next job', async () => {
    poolWith();
    const first = await pidOf();
    expect(first).not.toBe(process.pid);
    expect(await pidOf()).toBe(first);
  });

  it('passes none of the server’s environment (its secrets) to the process', async () => {
    poolWith();
    const outcome = await pool.run({ kind: 'environment' });
    // Only what the shell that applies the limits sets for itself.
    const shells = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);
    expect(outcome.ok && (outcome.value as string[]).filter((name) => !shells.has(name))).toEqual(
      [],
    );
  });

  it('kills a job that runs past its time, and the next job gets a fresh process', async () => {
    poolWith({ timeoutMs: 500 });
    const before = await pidOf();
    const started = Date.now();
    expect(await pool.run({ kind: 'spin' })).toEqual({ ok: false, failure: 'time' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await pidOf()).not.toBe(before);
  });

  it('reports a job that grew past its memory allowance, even if it swallowed the refusal', async () => {
    poolWith();
    const rssBefore = process.memoryUsage.rss();
    const before = await pidOf();
    // The kernel refuses the process well before 2 GiB; the job carries on as a parser would.
    expect(await pool.run({ kind: 'grow', mib: 2048 })).toEqual({ ok: false, failure: 'memory' });
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(await pidOf()).not.toBe(before);
    // Within the allowance is fine.
    expect(await pool.run({ kind: 'grow', mib: 16 })).toEqual({ ok: true, value: 16 });
  });

  it('reports a process that died or a job that threw as crashed, and carries on', async () => {
    poolWith();
    expect(await pool.run({ kind: 'exit' })).toEqual({ ok: false, failure: 'crashed' });
    expect(await pool.run({ kind: 'throw' })).toEqual({ ok: false, failure: 'crashed' });
    await pidOf();
  });

  it('runs one job per process, and turns jobs away once too many are waiting', async () => {
    poolWith({ timeoutMs: 300, maxWaiting: 2 });
    const outcomes = await Promise.all([
      pool.run({ kind: 'spin' }),
      pool.run({ kind: 'spin' }),
      pool.run({ kind: 'spin' }),
      pool.run({ kind: 'echo', value: 1 }),
    ]);
    // The first runs at once, two wait their turn, the fourth finds the queue full.
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.failure))).toEqual([
      'time',
      'time',
      'time',
      'busy',
    ]);
  });

  it('turns away a job that waited longer than allowed', async () => {
    poolWith({ timeoutMs: 800, maxWaitMs: 200 });
    const outcomes = await Promise.all([
      pool.run({ kind: 'spin' }),
      pool.run({ kind: 'echo', value: 1 }),
    ]);
    expect(outcomes[1]).toEqual({ ok: false, failure: 'busy' });
  });
});
