/**
 * OpenTelemetry tracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set; off, nothing of the SDK
 * is even loaded. It must run before fastify, pg and the AWS SDK are evaluated: the
 * instrumentations patch those (CommonJS) packages as they are required, never afterwards. So
 * server.ts imports this module first, and the compiled dist/server.js runs it before it loads
 * the rest (build.mjs). The SDK is loaded with a synchronous require because a top-level await
 * here would not hold back server.ts's other imports.
 */
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Attributes } from '@opentelemetry/api';
import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as HttpInstrumentationModule from '@opentelemetry/instrumentation-http';
import type * as UndiciInstrumentationModule from '@opentelemetry/instrumentation-undici';
import type * as PgInstrumentationModule from '@opentelemetry/instrumentation-pg';
import type * as AwsInstrumentationModule from '@opentelemetry/instrumentation-aws-sdk';
import { ConfigError, loadEnv, type Env } from './env.ts';
import { LOCAL_STORAGE_PATH } from './storage/local-storage.ts';

/** Load-balancer probes and metric scrapes: frequent, and nothing to learn from their traces. */
const UNTRACED_PATHS = new Set(['/api/healthz', '/api/readyz', '/metrics']);

const sdk = startTracing(tracingConfig());

/**
 * Exports the spans still buffered; call once the server has stopped answering requests. Rejects
 * when the collector refuses them or has not taken them within `withinMs`, so a collector that
 * is down cannot hold the stop past its grace period.
 */
export async function stopTracing(withinMs: number): Promise<void> {
  if (!sdk) return;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the collector did not take the spans within ${withinMs} ms`)),
      withinMs,
    );
  });
  try {
    await Promise.race([sdk.shutdown(), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The configuration when tracing is on; an invalid configuration is server.ts's to report. */
function tracingConfig(): Env | undefined {
  try {
    const env = loadEnv();
    return env.OTEL_EXPORTER_OTLP_ENDPOINT ? env : undefined;
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/**
 * What a span may say of a URL. Never its query string: the OIDC callback's code and state, a
 * storage link's signature and file name, a search for a borrower's name all travel there. Nor a
 * local storage link's path, which is its object key. An outgoing call says only where it went:
 * an S3 call's path is the object key (the AWS SDK's own span names the operation).
 */
function incomingUrl(request: IncomingMessage): Attributes {
  return {
    'url.query': undefined,
    ...(request.url?.startsWith(`${LOCAL_STORAGE_PATH}/`) && {
      'url.path': `${LOCAL_STORAGE_PATH}/*`,
    }),
  };
}
function outgoingUrl(origin?: string): Attributes {
  return { 'url.full': origin, 'url.path': undefined, 'url.query': undefined };
}

/** The instrumentations tracing runs with, each told what its spans may not carry (above). */
export function tracedInstrumentations() {
  const require = createRequire(import.meta.url);
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentationModule;
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentationModule;
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentationModule;
  const { AwsInstrumentation } =
    require('@opentelemetry/instrumentation-aws-sdk') as typeof AwsInstrumentationModule;
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request: IncomingMessage) =>
        UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      startIncomingSpanHook: incomingUrl,
      // Only the AWS SDK calls out through the http module, beneath spans of its own.
      startOutgoingSpanHook: () => outgoingUrl(),
    }),
    // fetch: webhook deliveries and the identity provider.
    new UndiciInstrumentation({ startSpanHook: (request) => outgoingUrl(request.origin) }),
    // Only SQL inside a traced operation: the outbox worker's polls would otherwise be a trace
    // a second per replica.
    new PgInstrumentation({ requireParentSpan: true }),
    new AwsInstrumentation({ suppressInternalInstrumentation: true }),
  ];
}

function startTracing(env: Env | undefined) {
  if (!env) return undefined;
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const tracing = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    // The exporter follows the standard OTEL_EXPORTER_OTLP_* variables; only traces are sent
    // (metrics are GET /metrics, logs go to stdout).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: tracedInstrumentations(),
  });
  tracing.start();
  return tracing;
}
