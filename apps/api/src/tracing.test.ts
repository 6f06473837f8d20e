import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFreshPostgresDatabase, testPostgresUrl } from '../test/database.ts';
import { freePort } from '../test/port.ts';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';

/** One span as OTLP/HTTP JSON carries it, with the instrumentation scope that made it. */
interface ReceivedSpan {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const SERVER_KIND = 2;
const CLIENT_KIND = 3;

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** A stand-in OpenTelemetry collector: accepts POST /v1/traces (http/json) and keeps the spans. */
async function startTraceReceiver() {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url}`);
      const request = JSON.parse(body) as {
        resourceSpans?: { scopeSpans?: { scope: { name: string }; spans?: ReceivedSpan[] }[] }[];
      };
      for (const resource of request.resourceSpans ?? []) {
        for (const { scope, spans: scoped } of resource.scopeSpans ?? []) {
          spans.push(...(scoped ?? []).map((span) => ({ ...span, scope: scope.name })));
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startTraceReceiver>>;
let server: ServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-tracing-'));
let dropDatabase = async () => {};

beforeAll(async () => {
  receiver = await startTraceReceiver();
  const serverUrl = testPostgresUrl();
  const database: Record<string, string> = {};
  if (serverUrl) {
    const fresh = await createFreshPostgresDatabase(serverUrl);
    database.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  }
  const port = await freePort();
  server = await startServerProcess(
    {
      ...database,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'portal-tracing-test',
    },
    port,
  );
}, 90_000);

afterAll(async () => {
  if (server) await killServerProcess(server);
  await receiver?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for the batch processor's next export until `found` answers something. */
async function eventually<T>(found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('no such span arrived');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('exports a span for each request, named by its route, and SQL spans inside it on PostgreSQL', async () => {
  const res = await fetch(`${server.base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'NOSUCHACCOUNT', password: 'Wrong#pass1' }),
  });
  expect(res.status).toBe(401);

  const request = await eventually(() =>
    receiver.spans.find(
      (span) => span.kind === SERVER_KIND && span.name === 'POST /api/auth/signin',
    ),
  );
  expect(receiver.paths.every((p) => p === 'POST /v1/traces')).toBe(true);
  expect(request.scope).toBe('@opentelemetry/instrumentation-http');
  expect(attribute(request, 'http.route')).toBe('/api/auth/signin');
  expect(attribute(request, 'url.path')).toBe('/api/auth/signin');
  expect(attribute(request, 'http.response.status_code')).toBe(401);

  if (testPostgresUrl()) {
    // Sign-in reads the user and records the failed attempt: each query a child of the request.
    const queries = await eventually(() => {
      const found = receiver.spans.filter(
        (span) =>
          span.scope === '@opentelemetry/instrumentation-pg' &&
          span.kind === CLIENT_KIND &&
          span.parentSpanId === request.spanId,
      );
      return found.length > 0 ? found : undefined;
    });
    for (const query of queries) {
      expect(query.traceId).toBe(request.traceId);
      expect(attribute(query, 'db.system.name') ?? attribute(query, 'db.system')).toBe(
        'postgresql',
      );
    }
  }

  // Health probes (the start-up wait polled readyz) are not traced.
  expect(receiver.spans.some((span) => attribute(span, 'url.path') === '/api/readyz')).toBe(false);
});

it('stops cleanly on SIGTERM with tracing on', async () => {
  expect(await killServerProcess(server, 'SIGTERM')).toEqual({ code: 0, signal: null });
});
