import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SESSION_TOKEN_HASH,
  type CapturedRequest,
  type CapturedStatement,
} from '../bare/statements.ts';
import { productServer, startServer, timedGet } from './processes.ts';

const captureHook = fileURLToPath(new URL('../capture/capture-sql.mjs', import.meta.url));

export interface RequestToCapture {
  url: string;
  /** The session token the request is sent with (as a bearer token); none for a public route. */
  token?: string;
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
 * its statements prepared, so it is what every later request sends. A request must answer 2xx;
 * one that sends no SQL fails the capture unless `sqlOptional` (it is then answered with none).
 */
export async function captureSql(
  env: (port: number) => Record<string, string>,
  requests: RequestToCapture[],
  options: { sqlOptional?: boolean } = {},
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
        const { status, body } = await timedGet(
          `${server.base}${url}`,
          token ? { authorization: `Bearer ${token}` } : {},
        );
        if (status >= 300) throw new Error(`GET ${url} answered ${status}: ${body.slice(0, 500)}`);
      }
    }
  } finally {
    await server.stop();
  }
  // No file when no request sent any SQL.
  const lines = (existsSync(file) ? readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaptureLine);
  rmSync(folder, { recursive: true, force: true });
  const hashes = new Set(
    requests.flatMap(({ token }) =>
      token ? [createHash('sha256').update(token).digest('base64url')] : [],
    ),
  );
  return requests.map(({ url }) => {
    const ids = lines.filter((l) => l.request.url === url).map((l) => l.request.id);
    if (ids.length === 0 && options.sqlOptional) {
      return { method: 'GET', url, connectionOptions: null, groups: [] };
    }
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
