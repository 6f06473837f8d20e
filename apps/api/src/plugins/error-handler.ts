import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DomainError,
  issueText,
  type DomainErrorCode,
  type ErrorBody,
  type ErrorDetails,
  type Language,
} from '@portal/domain';
import { requestLanguage } from './request-language.ts';

const errorBody = (code: string, message: string, field?: string | undefined): ErrorBody => ({
  error: field ? { code, message, field } : { code, message },
});

/** A domain error's answer body, its message in `language`. */
const bodyOf = (error: DomainError, language: Language) =>
  errorBody(error.code, error.messageIn(language), error.field);

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
 * One place maps every failure to docs/product.md#api's error format: domain errors by their table,
 * framework errors (bad JSON, oversize body, schema validation) to 4xx, anything else to an
 * opaque 500 that is logged but never shown. Messages are in the request's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const answer = <C extends DomainErrorCode>(code: C, details?: ErrorDetails<NoInfer<C>>) => {
      const refusal = new DomainError(code, details);
      return reply.status(refusal.status).send(bodyOf(refusal, language));
    };
    if (error instanceof DomainError) {
      if (SECURITY_REFUSALS.has(error.code)) logSecurityRefusal(request, error.code);
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send(bodyOf(error, language));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where =
        field || (error.validationContext === 'body' ? '' : (error.validationContext ?? ''));
      const detail = first
        ? issueText(language, { message: first.message ?? '', params: first.params['params'] })
        : new DomainError('VALIDATION_FAILED').messageIn(language);
      const message = where ? `${where}: ${detail}` : detail;
      return reply.status(400).send(errorBody('VALIDATION_FAILED', message, where || undefined));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('VALIDATION_FAILED', error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return answer('FILE_TOO_LARGE');
    if (status === 415) return answer('UNSUPPORTED_MEDIA_TYPE');
    if (status === 429) return answer('THROTTLED');
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return answer('BAD_REQUEST', { message: 'domain.error.BAD_REQUEST.invalidJson' });
      }
      // Fastify's own refusals of a request it cannot take, in its words.
      return reply
        .status(status)
        .send(errorBody(status === 400 ? 'BAD_REQUEST' : 'REQUEST_REFUSED', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer('INTERNAL');
  });
}

/**
 * The router's own refusals (a path with broken percent-encoding, or a part over the length limit)
 * come before any hook; Fastify's `frameworkErrors` hands them here so they answer in docs/product.md#api's
 * format too, with a fixed message rather than the path echoed back.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = requestLanguage(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(bodyOf(new DomainError('URI_TOO_LONG'), language));
  }
  const refusal = new DomainError('BAD_REQUEST', { message: 'domain.error.BAD_REQUEST.address' });
  return reply.status(error.statusCode ?? 400).send(bodyOf(refusal, language));
}
