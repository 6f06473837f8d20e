import { z } from 'zod';
import { formatDate } from './dates.ts';
import { translate, type Language } from './translate.ts';

/**
 * Signals for the checker, found when an upload completes; they never block the borrower.
 * REUSED_DOCUMENT: the same bytes (SHA-256) were uploaded for another account (detail: its id).
 * ENCRYPTED_PDF: a password-protected PDF. EDITED_PDF: a PDF modified after it was created, or
 * produced by an editing program (detail: the program, when named). OLD_PHOTO: a JPEG whose
 * camera date (detail: YYYY-MM-DD) is more than a year from the upload. NOT_CHECKED: the file
 * could not be looked into within the limits its reading runs under (detail: one of
 * NOT_CHECKED_REASONS), so the checker should look at it in person.
 */
export const FRAUD_FLAG_CODES = [
  'REUSED_DOCUMENT',
  'ENCRYPTED_PDF',
  'EDITED_PDF',
  'OLD_PHOTO',
  'NOT_CHECKED',
] as const;
export const FraudFlagCodeSchema = z.enum(FRAUD_FLAG_CODES);
export type FraudFlagCode = z.infer<typeof FraudFlagCodeSchema>;

export const FraudFlagSchema = z.object({
  code: FraudFlagCodeSchema,
  detail: z.string(),
});
export type FraudFlag = z.infer<typeof FraudFlagSchema>;

/** Why a file was not checked: too slow, too large in memory, unreadable, or too many waiting. */
export const NOT_CHECKED_REASONS = ['time', 'memory', 'crashed', 'busy'] as const;
export type NotCheckedReason = (typeof NOT_CHECKED_REASONS)[number];

/** A photo's camera date further than this from its upload is worth the checker's look. */
export const OLD_PHOTO_DAYS = 365;

/** The plain explanation a checker reads beside the file. */
export function fraudFlagMessage(
  flag: FraudFlag,
  uploadedAt: string,
  language: Language = 'en',
): string {
  const t = (id: string, values?: Record<string, string>) =>
    translate(language, `domain.fraudFlag.${id}`, values);
  switch (flag.code) {
    case 'REUSED_DOCUMENT':
      return flag.detail ? t('reusedDocumentOf', { account: flag.detail }) : t('reusedDocument');
    case 'ENCRYPTED_PDF':
      return t('encryptedPdf');
    case 'EDITED_PDF':
      return flag.detail ? t('editedPdfWith', { program: flag.detail }) : t('editedPdf');
    case 'OLD_PHOTO': {
      const date = formatDate(flag.detail, undefined, language);
      return t(flag.detail < uploadedAt.slice(0, 10) ? 'oldPhotoBefore' : 'oldPhotoAfter', {
        date,
      });
    }
    case 'NOT_CHECKED':
      if (flag.detail === 'time') return t('notCheckedTime');
      return t(flag.detail === 'memory' ? 'notCheckedMemory' : 'notChecked');
  }
}
