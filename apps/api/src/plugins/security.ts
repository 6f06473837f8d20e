import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DomainError } from '@portal/domain';
import { isLoopbackHost } from '../env.ts';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Defence in depth for the loopback-only development conveniences (/dev/oidc, /dev/mail, the
 * default integration key): a request that names a public host or came through a proxy is not
 * local, so a reverse proxy on this machine cannot put them on the network.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  try {
    return isLoopbackHost(new URL(`http://${request.headers.host ?? ''}`).hostname);
  } catch {
    return false;
  }
}

/**
 * Added inside a development convenience's own scope, so it runs for whatever spelling of a path
 * the router matched to one of its routes (a prefix test of the raw URL missed `/%64ev/…`).
 */
export function answerLocalRequestsOnly(scope: FastifyInstance) {
  scope.addHook('onRequest', (request, _reply, done) => {
    if (isLocalRequest(request)) done();
    else done(new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.devOnly' }));
  });
}

/**
 * Every answer's headers: its request id, and the security headers for what it is. Pages (the web
 * app, the API docs, the NOC verification page, the development pages) get helmet's set with a
 * CSP that lets them run; JSON answers of the API get the short set OWASP's REST guidance names
 * (nothing to run, nothing to frame, no sniffing), which is also a third of the bytes on every call.
 *
 * `connectOrigins`: where a page may send requests besides its own origin — the public URL and
 * the object store that takes presigned uploads, and nowhere else.
 */
export function registerAnswerHeaders(
  app: FastifyInstance,
  options: { https: boolean; connectOrigins: readonly string[] },
) {
  const pageHeaders = securityHeaders({
    // Mantine injects inline style attributes; scripts stay same-origin only.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Presigned uploads go straight to the object store (docs/product.md#components).
        'connect-src': ["'self'", ...new Set(options.connectOrigins)],
        'upgrade-insecure-requests': options.https ? [] : null,
      },
    },
    hsts: options.https,
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders = Object.fromEntries(apiAnswerHeaders(options.https));
  // One hook for all of it: each hook is paid on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      // Fastify writes these with its own in one pass; every API answer goes through Fastify.
      reply.headers(apiHeaders).header('x-request-id', request.id);
    } else {
      // On the raw response, as helmet does, so pages written past Fastify (the bundled identity
      // provider's) carry them too.
      const raw = reply.raw;
      raw.setHeader('x-request-id', request.id);
      for (const [name, value] of pageHeaders) raw.setHeader(name, value);
    }
    done();
  });
}

/** JSON and file answers of the API; its docs are a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** What an API answer carries: it may not run, be framed, be sniffed as another type, or leak a referrer. */
function apiAnswerHeaders(https: boolean): (readonly [string, string])[] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(https
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as const]
      : []),
  ];
}

/**
 * The headers helmet sets for these options, worked out once at start: with no directive computed
 * per request (no nonces), they are the same for every answer.
 */
export function securityHeaders(options: HelmetOptions): (readonly [string, string])[] {
  const headers: (readonly [string, string])[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
