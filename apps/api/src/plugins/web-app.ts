import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DomainError } from '@portal/domain';

/**
 * Serves the built single-page app from the API's own port; any non-API GET that is not a file
 * gets index.html so deep links work, while unknown /api/ paths stay JSON 404s, and so do /dev/
 * paths where the development conveniences are off (never a page that looks like they answered).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(`${webDist}/index.html`);
  if (built) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  // An unknown path looks the session up too, so a cross-site write is refused wherever it goes.
  app.setNotFoundHandler({ preValidation: app.authenticate }, (request, reply) => {
    const isApi = /^\/(api|dev)(\/|$)/.test(request.url);
    if (!isApi && request.method === 'GET') {
      if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
