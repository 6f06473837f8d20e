import { z } from 'zod';
import { formatDate } from './dates.ts';
import { translate, type Language } from './translate.ts';

/**
 * Signals for the checker, found when an upload completes; they never block the borrower.
 * REUSED_DOCUMENT: the same bytes (SHA-256) were uploaded for another account (detail: its id).
 * ENCRYPTED_PDF: a password-protected PDF. EDITED_PDF: a PDF modified after it was created, or
 * produced by an editing program (detail: the program, when named). OLD_PHOTO: a JPEG whose
 * camera date (detail: YYYY-MM-DD) is more than a year from the upload.
 */
export const FRAUD_FLAG_CODES = [
  'REUSED_DOCUMENT',
  'ENCRYPTED_PDF',
  'EDITED_PDF',
  'OLD_PHOTO',
] as const;
export const FraudFlagCodeSchema = z.enum(FRAUD_FLAG_CODES);
export type FraudFlagCode = z.infer<typeof FraudFlagCodeSchema>;

export const FraudFlagSchema = z.object({
  code: FraudFlagCodeSchema,
  detail: z.string(),
});
export type FraudFlag = z.infer<typeof FraudFlagSchema>;

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
  }
}
