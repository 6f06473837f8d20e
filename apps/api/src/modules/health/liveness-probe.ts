import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** The liveness probe's path and answer. */
export const LIVENESS_PATH = '/api/healthz';
export const LIVENESS_ANSWER = { status: 'ok' } as const;

/**
 * The liveness probe answered by the HTTP server itself, ahead of Fastify's routing, hooks and
 * reply: a load balancer or orchestrator asks it many times a second on every replica, and its
 * answer never depends on the request. It carries what every API answer carries (the security
 * headers and a request id) and the same body as the route in health.routes.ts, which still
 * answers it in the API docs and for in-process requests. Anything else — another method, a query
 * string, and every request once the server is closing — goes to Fastify as before.
 */
export function livenessProbe(options: {
  headers: readonly (readonly [string, string])[];
  requestId: (request: http.IncomingMessage) => string;
}) {
  const body = JSON.stringify(LIVENESS_ANSWER);
  const headers: Record<string, string> = {
    ...Object.fromEntries(options.headers),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  };
  let answering = true;
  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const server = http.createServer((request, response) => {
      if (answering && request.method === 'GET' && request.url === LIVENESS_PATH) {
        // One object for every probe: writeHead copies the headers before this returns.
        headers['x-request-id'] = options.requestId(request);
        response.writeHead(200, headers).end(body);
      } else {
        handler(request, response);
      }
    });
    // What Fastify sets on a server it makes itself (its options, defaults filled in).
    const timeouts = fastifyOptions as unknown as Record<
      'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket',
      number
    >;
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    if (timeouts.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    /** From closing on, Fastify answers probes too (503, as it answers every request then). */
    stop: () => {
      answering = false;
    },
  };
}
