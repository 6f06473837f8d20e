import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names each traced request's server span by its route pattern (`GET /api/units/:parentKey/files`)
 * and sets `http.route`: the HTTP instrumentation alone knows only the method and the raw URL.
 */
export function nameSpansByRoute(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!route) return;
    trace
      .getActiveSpan()
      ?.updateName(`${request.method} ${route}`)
      .setAttribute('http.route', route);
  });
}
