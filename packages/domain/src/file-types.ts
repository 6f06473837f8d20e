import { z } from 'zod';
import { translate, type Language } from './translate.ts';

/** docs/product.md#records: the unit file types. */
export const UnitFileTypeSchema = z.enum([
  'NOC_REQUEST_PROVISIONAL',
  'NOC_REQUEST_FINAL',
  'ATS_BBA',
  'KYC_APPLICANT',
  'KYC_CO_APPLICANT',
  'CUSTOMER_LEDGER',
  'SHORTFALL_INFUSION_PROOF',
  'OTHER',
]);
export type UnitFileType = z.infer<typeof UnitFileTypeSchema>;

/**
 * A unit file type's display name in `language`: docs/product.md#records's names (`domain.fileType.unit.*`);
 * SPEC gives none for ATS_BBA, so it shows as 'ATS/BBA'.
 */
export function unitFileTypeLabel(fileType: UnitFileType, language: Language = 'en'): string {
  return translate(language, `domain.fileType.unit.${fileType}`);
}

/** docs/product.md#records: which NOC a unit asks for; decides the file type of its NOC slot. */
export const SelectedNocSchema = z.enum(['Final', 'Provisional']);
export type SelectedNoc = z.infer<typeof SelectedNocSchema>;

/** docs/product.md#screens: the seven unit slots in panel order; NOC resolves by selectedNoc. */
export const UNIT_SLOTS = [
  'SHORTFALL_INFUSION_PROOF',
  'NOC',
  'KYC_CO_APPLICANT',
  'CUSTOMER_LEDGER',
  'KYC_APPLICANT',
  'ATS_BBA',
  'OTHER',
] as const;
export type UnitSlot = (typeof UNIT_SLOTS)[number];

export function nocFileType(selectedNoc: SelectedNoc): UnitFileType {
  return selectedNoc === 'Final' ? 'NOC_REQUEST_FINAL' : 'NOC_REQUEST_PROVISIONAL';
}

/** The seven concrete file types a unit needs, in panel order. */
export function unitSlotFileTypes(selectedNoc: SelectedNoc): UnitFileType[] {
  return UNIT_SLOTS.map((slot) => (slot === 'NOC' ? nocFileType(selectedNoc) : slot));
}

/** docs/product.md#records: the nine collateral (frequency) document types, in SPEC order. */
export const CollateralFileTypeSchema = z.enum([
  'SALES_MIS',
  'CUSTOMER_LEDGER',
  'BANK_STATEMENT',
  'SALARY_DOCUMENT',
  'GST_DOCUMENT',
  'TDS_DOCUMENT',
  'AUDITED_FINANCIAL',
  'TRAIL_BALANCE',
  'OTHER',
]);
export type CollateralFileType = z.infer<typeof CollateralFileTypeSchema>;

/** A collateral file type's display name in `language` (`domain.fileType.collateral.*`). */
export function collateralFileTypeLabel(
  fileType: CollateralFileType,
  language: Language = 'en',
): string {
  return translate(language, `domain.fileType.collateral.${fileType}`);
}

/** docs/product.md#limits: nine required documents per frequency, one slot each. */
export const COLLATERAL_SLOTS = CollateralFileTypeSchema.options;

/** Every file type of either workflow; the read-only files page lists any of them. */
export const FileTypeSchema = z.enum([
  ...CollateralFileTypeSchema.options,
  'KYC_APPLICANT',
  'KYC_CO_APPLICANT',
  'NOC_REQUEST_PROVISIONAL',
  'NOC_REQUEST_FINAL',
  'ATS_BBA',
  'SHORTFALL_INFUSION_PROOF',
]);
export type FileType = z.infer<typeof FileTypeSchema>;

/** docs/product.md#records: the read-only page shows every type. */
export const ReadOnlyFileTypeSchema = FileTypeSchema;
export type ReadOnlyFileType = FileType;

/**
 * A file type's name on the read-only list in `language`. docs/product.md#records: the list is the collateral
 * names plus the unit-only types, so OTHER reads 'Other Documents' there.
 */
export function readOnlyFileTypeLabel(fileType: FileType, language: Language = 'en'): string {
  const collateral = CollateralFileTypeSchema.safeParse(fileType);
  return collateral.success
    ? collateralFileTypeLabel(collateral.data, language)
    : unitFileTypeLabel(fileType as UnitFileType, language);
}

/**
 * How the server tells a type from its bytes: by its own magic bytes; as an Office Open XML zip
 * or an OLE2 compound file (the container's magic bytes, the declared type naming its flavour);
 * or as plain text, which has none.
 */
export type ContentEvidence = 'magic' | 'ooxml' | 'ole2' | 'text';

/**
 * docs/product.md#api: uploads must be PDF, PNG, JPEG, XLSX, XLS, DOCX, DOC or CSV. The one list of them:
 * the browser's file picker offers the name endings, `POST …/files` accepts the content types,
 * and `complete` checks the bytes by the evidence.
 */
export const ALLOWED_FILE_TYPES = {
  'application/pdf': { extensions: ['.pdf'], evidence: 'magic' },
  'image/png': { extensions: ['.png'], evidence: 'magic' },
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], evidence: 'magic' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extensions: ['.xlsx'],
    evidence: 'ooxml',
  },
  'application/vnd.ms-excel': { extensions: ['.xls'], evidence: 'ole2' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extensions: ['.docx'],
    evidence: 'ooxml',
  },
  'application/msword': { extensions: ['.doc'], evidence: 'ole2' },
  'text/csv': { extensions: ['.csv'], evidence: 'text' },
} as const satisfies Record<string, { extensions: readonly string[]; evidence: ContentEvidence }>;
export type AllowedContentType = keyof typeof ALLOWED_FILE_TYPES;

export const ALLOWED_CONTENT_TYPES = Object.keys(ALLOWED_FILE_TYPES) as AllowedContentType[];

/** The allowed content types whose bytes are told by `evidence`. */
export const contentTypesBy = (evidence: ContentEvidence): AllowedContentType[] =>
  ALLOWED_CONTENT_TYPES.filter((type) => ALLOWED_FILE_TYPES[type].evidence === evidence);

/** The content type a file name ending stands for (`.csv` → text/csv), if it is an allowed one. */
export function contentTypeOfExtension(extension: string): AllowedContentType | undefined {
  const ending = extension.toLowerCase();
  return ALLOWED_CONTENT_TYPES.find((type) =>
    (ALLOWED_FILE_TYPES[type].extensions as readonly string[]).includes(ending),
  );
}

/** Compares the bare MIME type: browsers may add parameters (`text/csv; charset=utf-8`) or capitals. */
export function isAllowedContentType(contentType: string): boolean {
  const bare = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (ALLOWED_CONTENT_TYPES as readonly string[]).includes(bare);
}
