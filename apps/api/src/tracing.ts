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
import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as HttpInstrumentationModule from '@opentelemetry/instrumentation-http';
import type * as UndiciInstrumentationModule from '@opentelemetry/instrumentation-undici';
import type * as PgInstrumentationModule from '@opentelemetry/instrumentation-pg';
import type * as AwsInstrumentationModule from '@opentelemetry/instrumentation-aws-sdk';
import { ConfigError, loadEnv, type Env } from './env.ts';

/** Load-balancer probes and metric scrapes: frequent, and nothing to learn from their traces. */
const UNTRACED_PATHS = new Set(['/api/healthz', '/api/readyz', '/metrics']);

const sdk = startTracing(tracingConfig());

/** Exports the spans still buffered; call once the server has stopped answering requests. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown();
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

function startTracing(env: Env | undefined) {
  if (!env) return undefined;
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentationModule;
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentationModule;
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentationModule;
  const { AwsInstrumentation } =
    require('@opentelemetry/instrumentation-aws-sdk') as typeof AwsInstrumentationModule;

  const tracing = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    // The exporter follows the standard OTEL_EXPORTER_OTLP_* variables; only traces are sent
    // (metrics are GET /metrics, logs go to stdout).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      // fetch: webhook deliveries and the identity provider.
      new UndiciInstrumentation(),
      // Only SQL inside a traced operation: the outbox worker's polls would otherwise be a trace
      // a second per replica.
      new PgInstrumentation({ requireParentSpan: true }),
      new AwsInstrumentation({ suppressInternalInstrumentation: true }),
    ],
  });
  tracing.start();
  return tracing;
}
