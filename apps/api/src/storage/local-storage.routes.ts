import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '@portal/domain';
import { LOCAL_STORAGE_PATH, ObjectExistsError, type LocalStorage } from './local-storage.ts';
import { contentDisposition } from './storage-common.ts';

/**
 * docs/product.md#components: the local driver's stand-in for a bucket. `PUT` and `GET` at /api/storage/<key> act
 * on the signed URLs LocalStorage makes; the signature is the only authority (no session needed),
 * as with S3. Errors: 403 INVALID_SIGNATURE for a tampered or expired link, for a Content-Type
 * other than the signed one (as S3 answers a header that breaks its signature) and for a link
 * already used (an upload link stores once); 413 once the body passes the signed limit; 404
 * NOT_FOUND for a download of nothing.
 */
export const localStorageRoutes: FastifyPluginAsync<{ storage: LocalStorage }> = async (
  app,
  { storage },
) => {
  // Encapsulated to this plugin: any content type is accepted and left unread for the handler to
  // stream, so Fastify's bodyLimit (it applies only to parsers that buffer) never applies here;
  // the signed `max` is the limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Not part of the API: links are only ever handed out by it, so kept out of its OpenAPI document.
  const schema = { hide: true };

  app.put<{ Params: { '*': string } }>(
    `${LOCAL_STORAGE_PATH}/*`,
    { schema },
    async (request, reply) => {
      const key = request.params['*'];
      try {
        const { contentType, maxBytes } = storage.verifyUploadUrl(key, request.query);
        if (!isSameMediaType(request.headers['content-type'], contentType)) {
          throw new DomainError('INVALID_SIGNATURE', {
            message: 'domain.error.INVALID_SIGNATURE.contentType',
          });
        }
        // An honest Content-Length can be refused before a byte is read.
        if (Number(request.headers['content-length']) > maxBytes) {
          throw new DomainError('FILE_TOO_LARGE');
        }
        const stored = await storage.receive(key, request.raw, maxBytes);
        return reply.header('etag', stored.etag).send();
      } catch (error) {
        // Node would otherwise read and discard the rest of a refused body to keep the connection.
        reply.header('connection', 'close');
        if (error instanceof ObjectExistsError) {
          throw new DomainError('INVALID_SIGNATURE', {
            message: 'domain.error.INVALID_SIGNATURE.linkUsed',
          });
        }
        throw error;
      }
    },
  );

  app.get<{ Params: { '*': string } }>(
    `${LOCAL_STORAGE_PATH}/*`,
    { schema },
    async (request, reply) => {
      const key = request.params['*'];
      const { contentType, fileName } = storage.verifyDownloadUrl(key, request.query);
      const object = await storage.open(key);
      if (!object)
        throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.notUploaded' });
      return reply
        .headers({
          'content-type': contentType,
          'content-length': object.size,
          'content-disposition': contentDisposition(fileName),
          // Uploads are the borrower's bytes, never vetted: a browser that opens one anyway must
          // neither guess a runnable type nor run its scripts, and it sits in a unique origin.
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'",
          etag: object.etag,
          // Borrowers' documents: no shared cache may keep a copy.
          'cache-control': 'private, no-store',
        })
        .send(object.handle.createReadStream());
    },
  );
};

/** Media types compare case-insensitively and ignore spaces around parameters. */
function isSameMediaType(given: string | undefined, signed: string): boolean {
  const normal = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/\s*([;=])\s*/g, '$1');
  return given !== undefined && normal(given) === normal(signed);
}
