import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  replica: string;
  method: string;
  path: string;
  status: number;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as the API documents them
}

export interface CallOptions {
  token?: string;
  body?: object;
  headers?: Record<string, string>;
}

/**
 * A load balancer stand-in in the test process: each call goes to the next replica in rotation,
 * and every answer is recorded. `drain` takes a replica out of rotation the way a load balancer
 * does after failed health checks: no new requests, and it waits for those already sent.
 */
export function roundRobin(replicas: readonly string[]) {
  const rotation = [...replicas];
  const inFlight = new Map(replicas.map((base) => [base, 0]));
  const answers: Answer[] = [];
  let turn = 0;

  async function callAt(
    base: string,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse> {
    inFlight.set(base, inFlight.get(base)! + 1);
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
      });
      const body = await response.text();
      answers.push({ replica: base, method, path, status: response.status });
      return {
        status: response.status,
        headers: response.headers,
        body,
        json: () => JSON.parse(body),
      };
    } finally {
      inFlight.set(base, inFlight.get(base)! - 1);
    }
  }

  return {
    answers,
    callAt,
    call(method: string, path: string, options?: CallOptions) {
      if (rotation.length === 0) throw new Error('no replica left in rotation');
      return callAt(rotation[turn++ % rotation.length]!, method, path, options);
    },
    async drain(base: string) {
      rotation.splice(rotation.indexOf(base), 1);
      while (inFlight.get(base)! > 0) await sleep(10);
    },
  };
}

export type RoundRobin = ReturnType<typeof roundRobin>;
