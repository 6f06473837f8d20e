import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, migratedDataDir, testPostgresUrl } from '../test/database.ts';
import type { TestApp } from '../test/app.ts';
import { sha256Hex } from '../test/documents.ts';
import { freePort } from '../test/port.ts';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import type { Storage } from './storage/storage.ts';
import { tracedInstrumentations } from './tracing.ts';

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
let dataDir: string | undefined;
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
  dataDir = await migratedDataDir('portal-tracing-');
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
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

type SpanProcessor = NonNullable<NodeSDKConfiguration['spanProcessors']>[number];
type FinishedSpan = Parameters<SpanProcessor['onEnd']>[0];

describe('what spans say of a URL', () => {
  // The instrumentations as tracing.ts runs them, their spans kept in memory.
  const finished: FinishedSpan[] = [];
  const sdk = new NodeSDK({
    spanProcessors: [
      {
        onStart: () => {},
        onEnd: (span) => void finished.push(span),
        forceFlush: async () => {},
        shutdown: async () => {},
      },
    ],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: tracedInstrumentations(),
  });
  let t: TestApp;
  let s3: S3rver;
  let s3Port: number;
  const s3Directory = mkdtempSync(path.join(tmpdir(), 'portal-tracing-s3-'));
  let storage: Storage;
  let base: string;
  beforeAll(async () => {
    sdk.start();
    // Loaded only now, as in the server, where tracing.ts runs first: the instrumentations patch
    // what they instrument as it loads.
    const { createTestApp } = await import('../test/app.ts');
    const { createStorage } = await import('./storage/create-storage.ts');
    t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Directory,
      configureBuckets: [{ name: 'portal-files' }],
    });
    s3Port = (await s3.run()).port;
    storage = createStorage({
      storageUrl: `s3://S3RVER:S3RVER@portal-files?endpoint=http://127.0.0.1:${s3Port}`,
      dataDir: s3Directory,
      secret: 'unused-by-the-s3-driver',
      maxUploadBytes: 1024 * 1024,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await sdk.shutdown();
    rmSync(s3Directory, { recursive: true, force: true });
  });

  it("never carries the OIDC callback's code and state, nor a storage link's signature, key or file name", async () => {
    const { documentSetWorld } = await import('../test/document-sets.ts');
    const onApp = (link: string) => new URL(link, base).href;

    const code = 'code-4f1e9a';
    const state = 'state-77b0c2';
    const callback = await fetch(`${base}/api/auth/oidc/callback?code=${code}&state=${state}`, {
      redirect: 'manual',
    });
    expect(callback.status).toBe(302);

    // A local storage link up and down, through the real upload.
    const w = await documentSetWorld(t);
    const set = await w.emptySet('unit');
    const fileName = 'Sale deed of Asha Verma.pdf';
    const bytes = Buffer.from('%PDF-1.4\n% sale deed\n%%EOF\n');
    const created = await w.call(w.owner.token, 'POST', set.filesUrl, {
      fileType: set.slots[0],
      fileName,
      fileHash: sha256Hex(bytes),
      size: bytes.length,
      contentType: 'application/pdf',
    });
    const { presignedUrl: uploadLink, uploadHeaders } = created.json().meta;
    const put = await fetch(onApp(uploadLink), {
      method: 'PUT',
      headers: uploadHeaders,
      body: bytes,
    });
    expect(put.status).toBe(200);
    const key = created.json().file.key as string;
    const completed = await w.call(w.owner.token, 'POST', `${set.filesUrl}/${key}/complete`);
    const downloadLink = completed.json().meta.presignedUrl as string;
    expect((await fetch(onApp(downloadLink))).status).toBe(200);

    // S3: the API's own calls, and a browser's following a presigned link.
    const s3Key = `units/UNIT-9/${key}`;
    await storage.write(s3Key, bytes, { contentType: 'application/pdf' });
    await storage.stat(s3Key);
    const s3Link = await storage.presignDownload(s3Key, {
      fileName,
      contentType: 'application/pdf',
    });
    expect((await fetch(s3Link)).status).toBe(200);
    await storage.delete(s3Key);

    const serverSpan = (name: string) =>
      eventually(() =>
        finished.find((span) => span.kind === SpanKind.SERVER && span.name === name),
      );
    const server = await serverSpan('GET /api/auth/oidc/callback');
    expect(server.attributes).toMatchObject({ 'url.path': '/api/auth/oidc/callback' });
    expect(server.attributes).not.toHaveProperty('url.query');
    for (const method of ['PUT', 'GET']) {
      const stored = await serverSpan(`${method} /api/storage/*`);
      expect(stored.attributes).toMatchObject({ 'url.path': '/api/storage/*' });
    }
    expect(
      finished
        .filter((span) => span.instrumentationScope.name.endsWith('aws-sdk'))
        .map((span) => span.name),
    ).toEqual(expect.arrayContaining(['S3.PutObject', 'S3.HeadObject', 'S3.DeleteObject']));
    // Calls out say where they went, no more.
    const calls = finished.filter((span) => span.kind === SpanKind.CLIENT);
    expect(new Set(calls.map((span) => span.attributes['url.full']))).toEqual(
      new Set([base, `http://127.0.0.1:${s3Port}`, undefined]),
    );

    const links = [uploadLink, downloadLink, s3Link].map((link) => new URL(link, base));
    const secrets = [
      code,
      state,
      ...links.flatMap((url) => [
        url.search.slice(1),
        url.searchParams.get('sig') ?? url.searchParams.get('X-Amz-Signature')!,
      ]),
      links[0]!.pathname.slice('/api/storage/'.length),
      s3Key,
      fileName,
      encodeURIComponent(fileName),
    ];
    // s3rver's own spans (it runs in this process) are the bucket's, not the API's.
    const ours = finished.filter(
      (span) => span.kind !== SpanKind.SERVER || span.attributes['server.port'] !== s3Port,
    );
    for (const span of ours) {
      const said = JSON.stringify([span.name, span.attributes, span.events]);
      for (const secret of secrets) expect(said).not.toContain(secret);
    }
  });
});
