import type { FastifyInstance } from 'fastify';
import { DomainError } from '@portal/domain';

/**
 * PostgreSQL text cannot hold NUL (U+0000): a query carrying one fails inside the database, which
 * surfaced as a 500. No key, name, remark or search has one, so a request carrying one in its path,
 * query or JSON body is refused as invalid input before any handler runs (docs/product.md#api: never 500 for
 * bad input). It runs after the role check, so authorisation still comes first.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    // Path and query are decoded from the URL, which can carry a NUL only as %00.
    const url = request.url;
    if (request.body === undefined && !url.includes('%00') && !url.includes('\u0000')) {
      return done();
    }
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const field = fieldWithNul(value);
      if (field !== undefined) {
        return done(
          new DomainError('VALIDATION_FAILED', {
            message: 'domain.error.VALIDATION_FAILED.nul',
            field: field || part,
          }),
        );
      }
    }
    done();
  });
}

/** The dotted path of the first string holding a NUL, '' for the value itself; iterative, as bodies may nest deep. */
function fieldWithNul(root: unknown): string | undefined {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}
