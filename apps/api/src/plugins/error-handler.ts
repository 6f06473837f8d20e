import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DOMAIN_ERRORS, DomainError, translateEnglish } from '@portal/domain';
import { requestLanguage } from './request-language.ts';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

const errorBody = (code: string, message: string, field?: string | undefined): ErrorBody => ({
  error: field ? { code, message, field } : { code, message },
});

/** Refusals a security team wants to see (ASVS V16.3): failed sign-ins, lock-outs, bad codes and links, forbidden actions. */
const SECURITY_REFUSALS = new Set([
  'INVALID_CREDENTIALS',
  'THROTTLED',
  'USER_DISABLED',
  'USER_NOT_CONFIRMED',
  'INVALID_CODE',
  'INVALID_EMAIL_CODE',
  'EMAIL_MISMATCH',
  'INVALID_SIGNATURE',
  'FORBIDDEN',
]);

/**
 * Logs a security refusal with who was signed in, which route, and the username or account id
 * the request named (never a password or code: those fields are not read).
 */
function logSecurityRefusal(request: FastifyRequest, code: string) {
  const named = request.body as { username?: unknown; accountId?: unknown } | undefined;
  const attempted = [named?.username, named?.accountId].find((v) => typeof v === 'string');
  request.log.warn(
    {
      securityEvent: code,
      route: request.routeOptions.url,
      user: request.user ? { username: request.user.username, role: request.user.role } : null,
      attempted: typeof attempted === 'string' ? attempted.slice(0, 254) : undefined,
    },
    `security: ${code}`,
  );
}

/**
 * One place maps every failure to DESIGN §4's error format: domain errors by their table,
 * framework errors (bad JSON, oversize body, schema validation) to 4xx, anything else to an
 * opaque 500 that is logged but never shown. Messages are in the request's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const body = (code: string, message: string, field?: string | undefined) =>
      errorBody(code, translateEnglish(language, message), field);
    if (error instanceof DomainError) {
      if (SECURITY_REFUSALS.has(error.code)) logSecurityRefusal(request, error.code);
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

/**
 * The router's own refusals (a path with broken percent-encoding, or a part over the length limit)
 * come before any hook; Fastify's `frameworkErrors` hands them here so they answer in DESIGN §4's
 * format too, with a fixed message rather than the path echoed back.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody('URI_TOO_LONG', 'A part of this address is too long'));
  }
  return reply
    .status(error.statusCode ?? 400)
    .send(errorBody('BAD_REQUEST', 'This address is not valid (check its percent-encoding)'));
}
