import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedLanguage,
  LanguageSchema,
  NocLetterPreparingResponseSchema,
  NocLetterResponseSchema,
  NocLetterRevokeBodySchema,
  NocLetterRevokeResponseSchema,
  NocLetterSigningSchema,
  NocLetterVerificationSchema,
  RoleSchema,
  type Language,
  type NocLetterSigning,
} from '@portal/domain';
import {
  NOC_LETTER_REVOKE_PATH,
  NOC_LETTER_SIGNING_PATH,
  UNIT_NOC_LETTER_PATH,
} from '@portal/domain/api-paths';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { reserveAttempt, ThrottledError, type ThrottleRule } from '../identity/throttle.ts';
import { getUnitNocLetter, revokeNocLetter, verifyNocLetter } from './noc-letters.service.ts';
import type { LetterSigner } from './signing-certificate.ts';
import { tooManyLookupsPage, VERIFY_SCRIPT_PATH, verificationPage } from './verify-page.ts';

export interface NocLetterRouteOptions {
  db: Database;
  storage: Storage;
  timeZone: string;
  /** The certificate new letters are signed with, or none (NOC_SIGNING_CERTIFICATE). */
  signer: LetterSigner | undefined;
}

/**
 * Public verification lookups per address: enough for a bank's office checking every letter of a
 * project, one after another, behind one address; still bounded. The 80-bit numbers, not this
 * limit, stop guessing: 600 lookups every 10 minutes for a century find a letter among a million
 * issued with odds of about one in 10^10. Every lookup counts, found or not, so the limit says
 * nothing.
 */
export const VERIFICATIONS_PER_ADDRESS: ThrottleRule = {
  limit: 600,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};

const tags = ['noc letters'];
const LetterParams = z.object({ letterNumber: z.string().max(200) });

export const nocLettersRoutes: FastifyPluginAsyncZod<NocLetterRouteOptions> = async (
  app,
  options,
) => {
  const { db, storage, timeZone, signer } = options;
  // Read once: the verification page's own script, served from the portal's origin.
  const verifyScript = readFileSync(new URL('./verify-check.js', import.meta.url));

  app.get(
    UNIT_NOC_LETTER_PATH,
    {
      config: { roles: RoleSchema.options },
      schema: {
        tags,
        summary:
          'The NOC letter of an approved unit with a download link; 202 while it is being prepared',
        params: z.object({ projectKey: z.string().min(1), unitKey: z.string().min(1) }),
        response: { 200: NocLetterResponseSchema, 202: NocLetterPreparingResponseSchema },
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
    NOC_LETTER_REVOKE_PATH,
    {
      config: { roles: ['approver', 'admin'] },
      schema: {
        tags,
        summary: 'Revoke a NOC letter with a reason; its verification then answers revoked',
        params: LetterParams,
        body: NocLetterRevokeBodySchema,
        response: { 200: NocLetterRevokeResponseSchema },
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

  app.get(
    NOC_LETTER_SIGNING_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: 'Whether new NOC letters are digitally signed, and with which certificate',
        response: { 200: NocLetterSigningSchema },
      },
    },
    async (): Promise<NocLetterSigning> => ({
      certificate: signer
        ? {
            name: signer.name,
            issuer: signer.issuer,
            validTo: signer.validTo.toISOString(),
            fingerprint: signer.fingerprint,
          }
        : null,
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

  app.get(
    VERIFY_SCRIPT_PATH,
    { config: { session: false }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(verifyScript),
  );

  // The page the letter's QR code opens: HTML for a phone, JSON for a client that asks for it.
  app.get(
    '/verify/:letterNumber',
    {
      config: { session: false },
      schema: {
        hide: true,
        params: LetterParams,
        querystring: z.object({ lang: LanguageSchema.optional().catch(undefined) }),
      },
    },
    async (request, reply) => {
      const json = wantsJson(request.headers.accept);
      const language = pageLanguage(request, request.query.lang);
      reply.header('cache-control', 'no-store');
      try {
        const result = await verify(request.ip, request.params.letterNumber);
        if (json) return reply.send(result);
        return reply.type('text/html; charset=utf-8').send(verificationPage(result, language));
      } catch (error) {
        if (json || !(error instanceof ThrottledError)) throw error;
        return reply
          .status(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .type('text/html; charset=utf-8')
          .send(tooManyLookupsPage(error.retryAfterSeconds, language));
      }
    },
  );
};

/** The page's language: the one the visitor chose (`?lang=`), else their browser's, else English. */
const pageLanguage = (request: FastifyRequest, chosen: Language | undefined): Language =>
  chosen ?? acceptedLanguage(request.headers['accept-language']) ?? 'en';

const wantsJson = (accept: string | undefined) =>
  Boolean(accept?.includes('application/json') && !accept.includes('text/html'));
