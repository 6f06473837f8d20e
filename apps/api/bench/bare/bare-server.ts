/**
 * The benchmark's baseline: what answering the product's requests costs with nothing but node:http
 * and pg. The benchmark bundles it with esbuild and runs it with plain node, like the product.
 *
 * - GET /api/healthz: a fixed JSON answer (start-up wait, cold start, the idle RSS baseline).
 * - Every request in BENCH_REPLAY (a JSON file of CapturedRequest, statements.ts): the exact SQL
 *   the product sent to answer it — same text, statement names and parameters, the same groups
 *   side by side — answered as JSON of the rows. The caller's session token is hashed as the
 *   product hashes it, and its hash passed where the product passed it.
 * - GET /bare/keyset/units/STATUS?perPage=N: a unit checker list's first page written by hand —
 *   the session, the total from list_counts, the page off the status index with its project,
 *   loan and account, and its live files — as the least a checker list can cost.
 *
 * Environment: PORT, HOST (127.0.0.1), DATABASE_URL (without it only /api/healthz answers),
 * BENCH_REPLAY.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Pool, QueryConfig } from 'pg';
import { SESSION_TOKEN_HASH, type CapturedRequest, type CapturedStatement } from './statements.ts';

const port = Number(process.env.PORT ?? 3100);
const host = process.env.HOST ?? '127.0.0.1';
const replays = new Map<string, CapturedRequest>(
  process.env.BENCH_REPLAY
    ? (JSON.parse(readFileSync(process.env.BENCH_REPLAY, 'utf8')) as CapturedRequest[]).map(
        (request) => [`${request.method} ${request.url}`, request],
      )
    : [],
);

// pg is loaded only with a database, so the healthz-only server is a bare node:http server.
let pool: Pool | undefined;
let rawTimes: QueryConfig['types'];
async function database(): Promise<Pool> {
  if (!pool) {
    const { default: pg } = await import('pg');
    // Connections opened as the product opens its own (its settings came with the capture).
    const options = [...replays.values()].find((r) => r.connectionOptions)?.connectionOptions;
    pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      ...(options ? { options } : {}),
    });
    const { builtins, getTypeParser } = pg.types;
    const asText = new Set<number>([
      builtins.TIMESTAMPTZ,
      builtins.TIMESTAMP,
      builtins.DATE,
      builtins.INTERVAL,
      1115,
      1182,
      1185,
      1187,
      1231,
    ]);
    rawTimes = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        asText.has(oid) ? (value: string) => value : getTypeParser(oid, format)) as never,
    };
  }
  return pool;
}

function sessionToken(request: http.IncomingMessage): string | undefined {
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  return /(?:^|;\s*)portal_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

async function replay(captured: CapturedRequest, tokenHashValue: string | undefined) {
  const db = await database();
  const results: unknown[][] = [];
  const run = (statement: CapturedStatement) =>
    db.query({
      ...(statement.name ? { name: statement.name } : {}),
      text: statement.text,
      values: statement.values.map((value) =>
        value === SESSION_TOKEN_HASH ? tokenHashValue : value,
      ),
      ...(statement.rawTimes ? { types: rawTimes } : {}),
    });
  for (const group of captured.groups) {
    for (const result of await Promise.all(group.map(run))) results.push(result.rows);
  }
  return { results };
}

const KEYSET = {
  session: `select u.id, u.role, u.account_key from sessions s join users u on u.id = s.user_id
             where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
               and u.disabled = false`,
  // The staff total: the rows kept for every account (account key '').
  total: `select coalesce(sum(n), 0)::int as n from list_counts
           where list = 'units' and account_key = '' and approval_status = $1`,
  // The page size is written into the statement (one per size), so even a generic plan knows
  // it reads 50 rows, not a tenth of the table.
  page: (perPage: number) => `select u.*, p.name as project_name, o.key as opportunity_key,
                o.name as opportunity_name, a.key as account_id, a.name as account_name
           from (select key from units where approval_status = $1
                  order by updated_at desc, key desc limit ${perPage}) k
           join units u on u.key = k.key
           join projects p on p.key = u.project_key
           join opportunities o on o.key = p.opportunity_key
           join accounts a on a.key = u.account_key
          order by u.updated_at desc, u.key desc`,
  files: `select unit_key, file_type, approval_status, approver_remarks from unit_files
           where unit_key = any($1) and deleted_at is null and completed_at is not null`,
};

const UNAUTHENTICATED = Symbol('unauthenticated');

async function keysetUnits(status: string, perPage: number, tokenHashValue: string | undefined) {
  const db = await database();
  const session = await db.query({
    name: 'bare.session',
    text: KEYSET.session,
    values: [tokenHashValue],
  });
  if (session.rowCount === 0) return UNAUTHENTICATED;
  const total = await db.query({ name: 'bare.total', text: KEYSET.total, values: [status] });
  const page = await db.query({
    name: `bare.page.${perPage}`,
    text: KEYSET.page(perPage),
    values: [status],
    types: rawTimes,
  });
  const files = await db.query({
    name: 'bare.files',
    text: KEYSET.files,
    values: [page.rows.map((row: { key: string }) => row.key)],
  });
  return { units: page.rows, files: files.rows, total: total.rows[0]?.n };
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  if (url === '/api/healthz') return send(response, 200, { status: 'ok' });
  const token = sessionToken(request);
  const hash = token === undefined ? undefined : tokenHash(token);
  const captured = replays.get(`${request.method} ${url}`);
  const keyset = /^\/bare\/keyset\/units\/([A-Z_]+)\?perPage=(\d+)$/.exec(url);
  const answer = captured
    ? replay(captured, hash)
    : keyset
      ? keysetUnits(keyset[1]!, Math.min(100, Math.max(1, Number(keyset[2]))), hash)
      : Promise.resolve(undefined);
  answer.then(
    (body) =>
      body === undefined
        ? send(response, 404, { error: 'not here' })
        : body === UNAUTHENTICATED
          ? send(response, 401, { error: 'no session' })
          : send(response, 200, body),
    (error: Error) => send(response, 500, { error: error.message }),
  );
});
server.keepAliveTimeout = 72_000;
server.listen(port, host);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void (pool?.end() ?? Promise.resolve()).then(() => process.exit(0));
  });
}
