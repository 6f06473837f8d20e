import { z } from 'zod';
import { SelectedNocSchema } from './file-types.ts';
import { invalid } from './translate.ts';

/**
 * A NOC letter's number: "NOC-" and 16 Crockford base32 characters (80 random bits) in groups of
 * four, e.g. NOC-7K3M-Q9TB-X2CD-H8RW. Crockford's alphabet has no I, L, O or U, so a number read
 * off paper is hard to mistype.
 */
export const NOC_LETTER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LETTER_NUMBER = /^NOC(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** The canonical number of what someone typed (any case, spaces or no dashes), or undefined. */
export function normaliseNocLetterNumber(input: string): string | undefined {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^NOC/, '')
    // Crockford: the letters people type for the digits they look like.
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== 16) return undefined;
  const grouped = `NOC-${compact.match(/.{4}/g)!.join('-')}`;
  return LETTER_NUMBER.test(grouped) ? grouped : undefined;
}

/** What a letter prints, kept as printed (money already in words of docs/product.md#quality). */
export const NocLetterDetailsSchema = z.object({
  letterNumber: z.string(),
  lenderName: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  /** The loan (opportunity) the unit's project is financed under; letters before it print none. */
  loanAccount: z.string().optional(),
  projectName: z.string(),
  /** Where the lender's import gives it. */
  projectAddress: z.string().nullish(),
  tower: z.string(),
  floor: z.string(),
  unit: z.string(),
  customerName: z.string(),
  nocType: SelectedNocSchema,
  /** e.g. "₹1,23,45,678.00". */
  saleValue: z.string(),
  amountReceived: z.string(),
  /** ISO 8601 timestamp of the final approval. */
  approvedAt: z.string(),
  /** The approval's date as printed ('22 Nov 2026', in the lender's business time zone). */
  approvedOn: z.string(),
  /** Who made the approval final: the confirming approver under four-eyes release. */
  approvedBy: z.string(),
  /** Four-eyes release: who gave the first approval that `approvedBy` confirmed. */
  firstApprovedBy: z.string().nullish(),
  verificationUrl: z.string(),
});
export type NocLetterDetails = z.infer<typeof NocLetterDetailsSchema>;

export const NocLetterStateSchema = z.enum(['PREPARING', 'ISSUED', 'REVOKED']);
export type NocLetterState = z.infer<typeof NocLetterStateSchema>;

export const NocLetterSchema = z.object({
  letterNumber: z.string(),
  unitKey: z.string(),
  nocType: SelectedNocSchema,
  state: NocLetterStateSchema,
  fileName: z.string(),
  sha256: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  approvedAt: z.string(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  verificationUrl: z.string(),
});
export type NocLetter = z.infer<typeof NocLetterSchema>;

/** Like every single-file answer (docs/product.md#api): the letter and a short-lived download link. */
export const NocLetterResponseSchema = z.object({
  file: NocLetterSchema,
  meta: z.object({ presignedUrl: z.string().nullable() }),
});
export type NocLetterResponse = z.infer<typeof NocLetterResponseSchema>;

/** `GET …/units/{u}/noc-letter` while the letter is being prepared: 202 with no body. */
export const NocLetterPreparingResponseSchema = z.null();

/** `POST /api/noc-letters/{n}/revoke`: the letter, revoked. */
export const NocLetterRevokeResponseSchema = z.object({ nocLetter: NocLetterSchema });

export const NocLetterRevokeBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, invalid('domain.error.VALIDATION_FAILED.revokeReasonShort'))
    .max(500, invalid('domain.error.VALIDATION_FAILED.revokeReasonLong', { max: 500 })),
});
export type NocLetterRevokeBody = z.infer<typeof NocLetterRevokeBodySchema>;

/**
 * The public answer about a letter number: only what the letter itself prints about the unit.
 * An unknown number and a malformed one answer the same `unknown`.
 */
export const NocLetterVerificationSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.enum(['valid', 'revoked']),
    letterNumber: z.string(),
    lenderName: z.string(),
    projectName: z.string(),
    tower: z.string(),
    floor: z.string(),
    unit: z.string(),
    nocType: SelectedNocSchema,
    approvedOn: z.string(),
    /** The revocation's date ('22 Nov 2026'), for a revoked letter. */
    revokedOn: z.string().nullable(),
    /** The issued file's SHA-256 (hex): a copy whose bytes hash to it is the letter as issued. */
    sha256: z.string(),
  }),
  z.object({ status: z.literal('unknown') }),
]);
export type NocLetterVerification = z.infer<typeof NocLetterVerificationSchema>;

/**
 * `GET /api/admin/noc-letter-signing`: the certificate new NOC letters are signed with, or null
 * when they are not signed (the verification page is then the letters' proof).
 */
export const NocLetterSigningSchema = z.object({
  certificate: z
    .object({
      /** Whom the certificate names. */
      name: z.string(),
      /** The authority that issued it. */
      issuer: z.string(),
      /** ISO 8601: letters signed after this show an expired certificate. */
      validTo: z.string(),
      /** SHA-256 of the certificate, hex. */
      fingerprint: z.string(),
    })
    .nullable(),
});
export type NocLetterSigning = z.infer<typeof NocLetterSigningSchema>;
