import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@portal/domain';
import type { Database } from '../db/client.ts';
import type { ApiMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, for what runs beside it (the outbox worker); none without METRICS_TOKEN. */
    metrics: ApiMetrics | undefined;
  }
  interface FastifyContextConfig {
    /** false: the route's requests are not counted (the liveness probe, asked many times a second). */
    measured?: false;
  }
}

const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for a Prometheus scraper holding METRICS_TOKEN. Without a token configured it is
 * not exposed: 404, nothing is measured, and the metrics library is not even loaded. It is added
 * to the root instance, before any route, so its hook times every request, the not-found
 * handler's included.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { db: Database; token: string | undefined },
): Promise<void> {
  const { token } = options;
  // Hidden from the API docs: an operator's endpoint, described in the deploy guide.
  const schema = { hide: true };
  if (!token) {
    // Answered rather than left out: an unknown non-API path would get the web app's page.
    app.get(METRICS_PATH, { schema }, async (request) => {
      throw new DomainError('NOT_FOUND', {
        message: 'domain.error.NOT_FOUND.endpoint',
        values: { endpoint: `${request.method} ${METRICS_PATH}` },
      });
    });
    app.decorate('metrics', undefined);
    return;
  }

  const { createApiMetrics, UNMATCHED_ROUTE } = await import('./metrics.ts');
  const metrics = createApiMetrics(options.db, app.log);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.measured === false) return;
    metrics.observeRequest(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        statusCode: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    METRICS_PATH,
    {
      schema,
      onRequest: async (request) => {
        const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        // Digests have one length, so the comparison takes the same time whatever was sent.
        if (!presented || !timingSafeEqual(digest(presented), digest(token))) {
          throw new DomainError('UNAUTHENTICATED', {
            message: 'domain.error.UNAUTHENTICATED.metricsToken',
          });
        }
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics()),
  );
}
