/**
 * The randomised tests (the hostile-input fuzz, the kept counts' workflow run) are sized for
 * every `npm test` and CI run; `npm run test:full` (TEST_SIZE=full) runs them at full size.
 */
export const isFullSize = () => process.env.TEST_SIZE === 'full';

/** Requests per fuzz run: enough to reach every route from every caller several times over. */
export const DEFAULT_FUZZ_RUNS = 1_000;
export const FULL_FUZZ_RUNS = 10_000;

/**
 * FUZZ_SEED replays a run exactly (the suite prints the seed it used); FUZZ_RUNS sizes it, in
 * requests, whatever the size. Without FUZZ_SEED every run explores new inputs.
 */
export function fuzzSettings(): { seed: number; runs: number } {
  const seed = wholeNumber('FUZZ_SEED') ?? Math.floor(Math.random() * 2 ** 31);
  const runs = wholeNumber('FUZZ_RUNS') ?? (isFullSize() ? FULL_FUZZ_RUNS : DEFAULT_FUZZ_RUNS);
  return { seed, runs };
}

function wholeNumber(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, not ${JSON.stringify(text)}`);
  }
  return value;
}
