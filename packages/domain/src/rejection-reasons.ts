import { z } from 'zod';
import { invalid, translate, type Language } from './translate.ts';

/**
 * The lender's fixed list of reasons a checker rejects a file for, reported on by code; the
 * remarks still say what exactly is wrong. The database enum `rejection_reason` is made from it.
 */
export const REJECTION_REASONS = [
  'ILLEGIBLE',
  'EXPIRED',
  'WRONG_DOCUMENT',
  'DETAILS_MISMATCH',
  'INCOMPLETE',
  'UNSIGNED',
  'OTHER',
] as const;

export const RejectionReasonSchema = z.enum(REJECTION_REASONS, {
  error: invalid('domain.error.VALIDATION_FAILED.rejectionReason', {
    reasons: REJECTION_REASONS.join(', '),
  }),
});
export type RejectionReason = z.infer<typeof RejectionReasonSchema>;

/** Each reason as the borrower reads it, in plain words. */
export function rejectionReasonLabel(reason: RejectionReason, language: Language = 'en'): string {
  return translate(language, `domain.rejectionReason.${reason}`);
}
