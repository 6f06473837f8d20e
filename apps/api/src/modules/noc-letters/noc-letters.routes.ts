import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NocLetterResponseSchema,
  NocLetterRevokeBodySchema,
  NocLetterSchema,
  NocLetterVerificationSchema,
  RoleSchema,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { reserveAttempt, ThrottledError, type ThrottleRule } from '../identity/throttle.ts';
import { getUnitNocLetter, revokeNocLetter, verifyNocLetter } from './noc-letters.service.ts';
import { tooManyLookupsPage, verificationPage } from './verify-page.ts';

export interface NocLetterRouteOptions {
  db: Database;
  storage: Storage;
  timeZone: string;
}

/**
 * Public verification lookups per address: plenty for a bank checking a day's letters, far too
 * few to guess 80-bit numbers. Every lookup counts, found or not, so the limit says nothing.
 */
export const VERIFICATIONS_PER_ADDRESS: ThrottleRule = {
  limit: 60,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};

const tags = ['noc letters'];
const LetterParams = z.object({ letterNumber: z.string().max(200) });

export const nocLettersRoutes: FastifyPluginAsyncZod<NocLetterRouteOptions> = async (
  app,
  options,
) => {
  const { db, storage, timeZone } = options;

  app.get(
    '/api/projects/:projectKey/units/:unitKey/noc-letter',
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        summary:
          'The NOC letter of an approved unit with a download link; 202 while it is being prepared',
        params: z.object({ projectKey: z.string().min(1), unitKey: z.string().min(1) }),
        response: { 200: NocLetterResponseSchema, 202: z.null() },
      },
    },
    async (request, reply) => {
      const letter = await getUnitNocLetter(
        db,
        storage,
        requireUser(request),
        request.params.projectKey,
        request.params.unitKey,
      );
      return letter ?? reply.status(202).send(null);
    },
  );

  app.post(
    '/api/noc-letters/:letterNumber/revoke',
    {
      config: { roles: ['approver', 'admin'] },
      schema: {
        tags,
        summary: 'Revoke a NOC letter with a reason; its verification then answers revoked',
        params: LetterParams,
        body: NocLetterRevokeBodySchema,
        response: { 200: z.object({ nocLetter: NocLetterSchema }) },
      },
    },
    async (request) => ({
      nocLetter: await revokeNocLetter(
        db,
        requireUser(request),
        request.params.letterNumber,
        request.body.reason,
      ),
    }),
  );

  const verify = async (ip: string, letterNumber: string) => {
    await reserveAttempt(db, `noc-verify:${ip}`, VERIFICATIONS_PER_ADDRESS);
    return verifyNocLetter(db, letterNumber, timeZone);
  };

  app.get(
    '/api/noc-letters/:letterNumber/verification',
    {
      config: { session: false },
      schema: {
        tags,
        summary: 'Public: is this NOC letter valid, revoked or unknown (no sign-in, rate-limited)',
        params: LetterParams,
        response: { 200: NocLetterVerificationSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verify(request.ip, request.params.letterNumber);
    },
  );

  // The page the letter's QR code opens: HTML for a phone, JSON for a client that asks for it.
  app.get(
    '/verify/:letterNumber',
    {
      config: { session: false },
      schema: { hide: true, params: LetterParams },
    },
    async (request, reply) => {
      const json = wantsJson(request.headers.accept);
      reply.header('cache-control', 'no-store');
      try {
        const result = await verify(request.ip, request.params.letterNumber);
        if (json) return reply.send(result);
        return reply.type('text/html; charset=utf-8').send(verificationPage(result));
      } catch (error) {
        if (json || !(error instanceof ThrottledError)) throw error;
        return reply
          .status(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .type('text/html; charset=utf-8')
          .send(tooManyLookupsPage(error.retryAfterSeconds));
      }
    },
  );
};

const wantsJson = (accept: string | undefined) =>
  Boolean(accept?.includes('application/json') && !accept.includes('text/html'));
