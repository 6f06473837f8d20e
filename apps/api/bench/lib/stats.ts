import autocannon from 'autocannon';

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failures: number;
  /** Answers received (any status): none means the server answered nothing in the time. */
  answered: number;
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /**
   * Each request from an address of its own, as the proxy in front of the product names it
   * (X-Forwarded-For; the product started with TRUST_PROXY=loopback): a public route called by
   * many people, not by one address its per-address limit would stop.
   */
  manyAddresses?: boolean;
}

let lastAddress = 0;
/** The next of 16 million addresses in 10.0.0.0/8, one per request. */
const nextAddress = () => {
  lastAddress = (lastAddress + 1) % 0xffffff;
  return `10.${lastAddress >> 16}.${(lastAddress >> 8) & 0xff}.${lastAddress & 0xff}`;
};

/** autocannon's options for a target: its address, headers and, when asked, an address per request. */
const targetOptions = (target: LoadTarget): autocannon.Options => ({
  url: target.url,
  headers: target.headers ?? {},
  ...(target.manyAddresses
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
            }),
          },
        ],
      }
    : {}),
});

const loadResult = (result: autocannon.Result): LoadResult => ({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  failures: result.non2xx + result.errors + result.timeouts,
  answered: result.requests.total,
});

/** Load at a fixed number of connections for `seconds`: mean req/s and latency percentiles. */
export async function load(
  target: LoadTarget,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  return loadResult(
    await autocannon({
      ...targetOptions(target),
      connections: options.connections,
      duration: options.seconds,
      pipelining: 1,
    }),
  );
}

/** Load at a fixed number of connections for as long as `work` runs (an hour at most). */
export function loadDuring(
  target: LoadTarget,
  connections: number,
  work: Promise<unknown>,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        ...targetOptions(target),
        connections,
        duration: 3600,
        pipelining: 1,
      },
      (error, result) => (error ? reject(error) : resolve(loadResult(result))),
    );
    const stop = () => tracker.stop();
    work.then(stop, stop);
  });
}

/**
 * Measures A and B in interleaved rounds (A, B, A, B, …) after a short warm-up of each, and
 * answers each side's rounds: on a noisy machine both sides see the same noise.
 */
export async function interleaved<T>(
  rounds: number,
  a: () => Promise<T>,
  b: () => Promise<T>,
  warmUp?: { a: () => Promise<unknown>; b: () => Promise<unknown> },
): Promise<{ a: T[]; b: T[] }> {
  if (warmUp) {
    await warmUp.a();
    await warmUp.b();
  }
  const results = { a: [] as T[], b: [] as T[] };
  for (let round = 0; round < rounds; round++) {
    results.a.push(await a());
    results.b.push(await b());
  }
  return results;
}

/** Medians of each field of a list of load results. */
export function medianLoad(results: LoadResult[]): LoadResult {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    answered: results.reduce((sum, r) => sum + r.answered, 0),
  };
}
