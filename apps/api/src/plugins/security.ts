import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
    // Mantine injects inline style attributes; scripts stay same-origin only.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Presigned uploads go straight to the object store (DESIGN §2).
        'connect-src': ["'self'", 'https:'],
        'upgrade-insecure-requests': options.https ? [] : null,
      },
    },
    hsts: options.https,
    crossOriginEmbedderPolicy: false,
  });
}
