import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DOMAIN_ERRORS, DomainError } from '@portal/domain';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

const body = (code: string, message: string, field?: string | undefined): ErrorBody => ({
  error: field ? { code, message, field } : { code, message },
});

/**
 * One place maps every failure to DESIGN §4's error format: domain errors by their table,
 * framework errors (bad JSON, oversize body, schema validation) to 4xx, anything else to an
 * opaque 500 that is logged but never shown.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where =
        field || (error.validationContext === 'body' ? '' : (error.validationContext ?? ''));
      const detail = first?.message ?? 'Invalid input';
      const message = where ? `${where}: ${detail}` : detail;
      return reply.status(400).send(body('VALIDATION_FAILED', message, where || undefined));
    }
    if (error.validation) {
      return reply.status(400).send(body('VALIDATION_FAILED', error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(body('FILE_TOO_LARGE', DOMAIN_ERRORS.FILE_TOO_LARGE.message));
    }
    if (status === 415) {
      return reply
        .status(415)
        .send(body('UNSUPPORTED_MEDIA_TYPE', 'Send JSON with Content-Type: application/json'));
    }
    if (status === 429) {
      return reply.status(429).send(body('THROTTLED', DOMAIN_ERRORS.THROTTLED.message));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply
        .status(status)
        .send(body(status === 400 ? 'BAD_REQUEST' : 'REQUEST_REFUSED', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
