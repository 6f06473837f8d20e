import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { DomainError } from '@portal/domain';
import { isLoopbackHost } from '../env.ts';

export const DEV_CONVENIENCES_PREFIX = '/dev/';
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Defence in depth for the loopback-only development conveniences (/dev/oidc, /dev/mail): a
 * request that names a public host or came through a proxy never reaches them, so a reverse proxy
 * on this machine cannot put them on the network.
 */
export function guardDevConveniences(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(DEV_CONVENIENCES_PREFIX)) return;
    if (!isLocalRequest(request)) {
      throw new DomainError('NOT_FOUND', 'Development conveniences answer on this machine only');
    }
  });
}

function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  try {
    return isLoopbackHost(new URL(`http://${request.headers.host ?? ''}`).hostname);
  } catch {
    return false;
  }
}

/**
 * `connectOrigins`: where the browser may send requests besides the page's own origin — the
 * public URL and the object store that takes presigned uploads, and nowhere else.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; connectOrigins: readonly string[] },
) {
  await app.register(helmet, {
    // Mantine injects inline style attributes; scripts stay same-origin only.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Presigned uploads go straight to the object store (DESIGN §2).
        'connect-src': ["'self'", ...new Set(options.connectOrigins)],
        'upgrade-insecure-requests': options.https ? [] : null,
      },
    },
    hsts: options.https,
    crossOriginEmbedderPolicy: false,
  });
}
