import type { FastifyRequest } from 'fastify';
import { acceptedLanguage, type Language } from '@portal/domain';

/**
 * The language to answer a request in: the signed-in user's saved one, else the request's
 * `Accept-Language` (the web app sends the screens' language), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? acceptedLanguage(request.headers['accept-language']) ?? 'en';
}
