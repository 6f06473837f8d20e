import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DomainError } from '@portal/domain';

/** Files under assets/ carry their content's hash in their name: a new build names them anew. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app from the API's own port; any non-API GET that is not a file
 * gets index.html so deep links work, while unknown /api/ paths stay JSON 404s, and so do /dev/
 * paths where the development conveniences are off (never a page that looks like they answered).
 *
 * The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts), sent
 * as the browser accepts them, so a phone on a slow line fetches a fraction of the bytes and the
 * server compresses nothing per request. A browser keeps the hashed files for good and asks again
 * for index.html, which names the current ones, on every visit.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(`${webDist}/index.html`);
  if (built) {
    const hashed = path.join(path.resolve(webDist), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, file) => {
        response.setHeader('vary', 'accept-encoding');
        response.setHeader('cache-control', file.startsWith(hashed) ? HASHED_CACHE : 'no-cache');
      },
    });
  }
  // An unknown path looks the session up too, so a cross-site write is refused wherever it goes.
  app.setNotFoundHandler({ preValidation: app.authenticate }, (request, reply) => {
    const isApi = /^\/(api|dev)(\/|$)/.test(request.url);
    if (!isApi && request.method === 'GET') {
      if (built) return reply.sendFile('index.html');
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    throw new DomainError('NOT_FOUND', {
      message: 'domain.error.NOT_FOUND.endpoint',
      values: { endpoint: `${request.method} ${request.url.split('?')[0]}` },
    });
  });
}
