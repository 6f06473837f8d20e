import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SESSION_TOKEN_HASH,
  type CapturedRequest,
  type CapturedStatement,
} from '../bare/statements.ts';
import { getJson, productServer, startServer } from './processes.ts';

const captureHook = fileURLToPath(new URL('../capture/capture-sql.mjs', import.meta.url));

export interface RequestToCapture {
  url: string;
  /** The session token the request is sent with (as a bearer token). */
  token: string;
}

interface CaptureLine {
  request: { id: number; method: string; url: string };
  connectionOptions: string | null;
  name: string | null;
  text: string;
  values: unknown[];
  rawTimes: boolean;
  sentAt: number;
  answeredAt: number;
}

/**
 * Runs the compiled product with the SQL capture loaded (capture/capture-sql.mjs), sends each
 * request three times and answers the statements of the third: by then its session is fresh and
 * its statements prepared, so it is what every later request sends.
 */
export async function captureSql(
  env: (port: number) => Record<string, string>,
  requests: RequestToCapture[],
): Promise<CapturedRequest[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-bench-capture-'));
  const file = path.join(folder, 'statements.jsonl');
  const server = await startServer(
    'product (capturing SQL)',
    ['--import', captureHook, ...productServer],
    (port) => ({ ...env(port), BENCH_CAPTURE_FILE: file }),
  );
  try {
    for (const { url, token } of requests) {
      for (let i = 0; i < 3; i++) {
        await getJson(`${server.base}${url}`, { authorization: `Bearer ${token}` });
      }
    }
  } finally {
    await server.stop();
  }
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaptureLine);
  rmSync(folder, { recursive: true, force: true });
  const hashes = new Set(
    requests.map(({ token }) => createHash('sha256').update(token).digest('base64url')),
  );
  return requests.map(({ url }) => {
    const ids = lines.filter((l) => l.request.url === url).map((l) => l.request.id);
    if (ids.length === 0) throw new Error(`no SQL was captured for ${url}`);
    const last = Math.max(...ids);
    const statements = lines.filter((l) => l.request.id === last);
    return {
      method: statements[0]!.request.method,
      url,
      connectionOptions: statements.find((s) => s.connectionOptions)?.connectionOptions ?? null,
      groups: groupSideBySide(statements).map((group) =>
        group.map(({ name, text, values, rawTimes }): CapturedStatement => ({
          name,
          text,
          values: values.map((value) =>
            typeof value === 'string' && hashes.has(value) ? SESSION_TOKEN_HASH : value,
          ),
          rawTimes,
        })),
      ),
    };
  });
}

/** Statements sent before the statements of the current group were all answered join it. */
function groupSideBySide(statements: CaptureLine[]): CaptureLine[][] {
  const groups: CaptureLine[][] = [];
  let answeredBy = -Infinity;
  for (const statement of statements.toSorted((a, b) => a.sentAt - b.sentAt)) {
    if (groups.length > 0 && statement.sentAt < answeredBy) {
      groups.at(-1)!.push(statement);
      answeredBy = Math.max(answeredBy, statement.answeredAt);
    } else {
      groups.push([statement]);
      answeredBy = statement.answeredAt;
    }
  }
  return groups;
}
