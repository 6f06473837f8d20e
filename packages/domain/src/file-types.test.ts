import { describe, expect, it } from 'vitest';
import {
  ALLOWED_CONTENT_TYPES,
  ALLOWED_FILE_TYPES,
  contentTypeOfExtension,
  contentTypesBy,
  COLLATERAL_SLOTS,
  ReadOnlyFileTypeSchema,
  UNIT_SLOTS,
  UnitFileTypeSchema,
  collateralFileTypeLabel,
  CollateralFileTypeSchema,
  isAllowedContentType,
  readOnlyFileTypeLabel,
  unitFileTypeLabel,
  unitSlotFileTypes,
} from './file-types.ts';

describe('file types', () => {
  it('names the eight unit file types as docs/product.md#records does, ATS_BBA as ATS/BBA', () => {
    expect(UnitFileTypeSchema.options).toHaveLength(8);
    const names = Object.fromEntries(
      UnitFileTypeSchema.options.map((type) => [type, unitFileTypeLabel(type)]),
    );
    expect(names).toEqual({
      NOC_REQUEST_PROVISIONAL: 'NOC Request Provisional',
      NOC_REQUEST_FINAL: 'NOC Request Final',
      ATS_BBA: 'ATS/BBA',
      KYC_APPLICANT: 'KYC Applicant',
      KYC_CO_APPLICANT: 'Kyc Co-Applicant',
      CUSTOMER_LEDGER: 'Customer Ledger',
      SHORTFALL_INFUSION_PROOF: 'Shortfall Infusion Proof',
      OTHER: 'Other',
    });
  });

  it('lists the seven unit slots in panel order with shortfall proof first', () => {
    expect(UNIT_SLOTS).toEqual([
      'SHORTFALL_INFUSION_PROOF',
      'NOC',
      'KYC_CO_APPLICANT',
      'CUSTOMER_LEDGER',
      'KYC_APPLICANT',
      'ATS_BBA',
      'OTHER',
    ]);
  });

  it('resolves the NOC slot to the final or provisional request by selectedNoc', () => {
    expect(unitSlotFileTypes('Final')).toEqual([
      'SHORTFALL_INFUSION_PROOF',
      'NOC_REQUEST_FINAL',
      'KYC_CO_APPLICANT',
      'CUSTOMER_LEDGER',
      'KYC_APPLICANT',
      'ATS_BBA',
      'OTHER',
    ]);
    expect(unitSlotFileTypes('Provisional')[1]).toBe('NOC_REQUEST_PROVISIONAL');
  });

  it('names the nine collateral document types in SPEC order', () => {
    expect(COLLATERAL_SLOTS).toEqual([
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
    expect(collateralFileTypeLabel('BANK_STATEMENT')).toBe('Bank Statements');
    expect(collateralFileTypeLabel('OTHER')).toBe('Other Documents');
  });

  it('covers every unit and collateral type on the read-only page, with a name for each', () => {
    const all = new Set([...UnitFileTypeSchema.options, ...COLLATERAL_SLOTS]);
    expect(new Set(ReadOnlyFileTypeSchema.options)).toEqual(all);
    for (const type of all) expect(readOnlyFileTypeLabel(type)).not.toMatch(/domain\.|_/);
    expect(readOnlyFileTypeLabel('KYC_CO_APPLICANT')).toBe('Kyc Co-Applicant');
    expect(readOnlyFileTypeLabel('OTHER')).toBe('Other Documents');
  });

  it('allows exactly PDF, PNG, JPEG, XLSX, XLS, DOCX, DOC and CSV uploads', () => {
    expect(ALLOWED_CONTENT_TYPES).toHaveLength(8);
    expect(isAllowedContentType('application/pdf')).toBe(true);
    expect(isAllowedContentType('application/vnd.ms-excel')).toBe(true);
    expect(isAllowedContentType('application/x-msdownload')).toBe(false);
    expect(isAllowedContentType('image/gif')).toBe(false);
  });

  it('accepts a content type with parameters or capitals', () => {
    expect(isAllowedContentType('text/csv; charset=utf-8')).toBe(true);
    expect(isAllowedContentType('Image/PNG')).toBe(true);
  });

  it('names each allowed type by its file name endings, each ending for one type only', () => {
    expect(contentTypeOfExtension('.jpeg')).toBe('image/jpeg');
    expect(contentTypeOfExtension('.JPG')).toBe('image/jpeg');
    expect(contentTypeOfExtension('.CSV')).toBe('text/csv');
    expect(contentTypeOfExtension('.exe')).toBeUndefined();
    const endings = Object.values(ALLOWED_FILE_TYPES).flatMap(({ extensions }) => extensions);
    expect(new Set(endings).size).toBe(endings.length);
    expect(endings).toHaveLength(9);
  });

  it('tells the Office formats by their container, the others by magic bytes or as text', () => {
    expect(contentTypesBy('ole2')).toEqual(['application/vnd.ms-excel', 'application/msword']);
    expect(contentTypesBy('ooxml')).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(contentTypesBy('magic')).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    expect(contentTypesBy('text')).toEqual(['text/csv']);
  });
});

describe('file type labels', () => {
  it('read as the SPEC names in English, with or without a language', () => {
    for (const type of UnitFileTypeSchema.options)
      expect(unitFileTypeLabel(type, 'en')).toBe(unitFileTypeLabel(type));
    expect(
      CollateralFileTypeSchema.options.map((type) => collateralFileTypeLabel(type, 'en')),
    ).toEqual([
      'Sales MIS',
      'Customer Ledger',
      'Bank Statements',
      'Salary Documents',
      'GST Documents',
      'TDS Documents',
      'Audited Financial',
      'Trail Balance',
      'Other Documents',
    ]);
    expect(readOnlyFileTypeLabel('ATS_BBA')).toBe('ATS/BBA');
  });

  it('read in Hindi, keeping KYC, NOC and GST as borrowers know them', () => {
    expect(unitFileTypeLabel('KYC_APPLICANT', 'hi')).toBe('आवेदक का KYC');
    expect(unitFileTypeLabel('NOC_REQUEST_FINAL', 'hi')).toBe('अंतिम NOC अनुरोध');
    expect(unitFileTypeLabel('OTHER', 'hi')).toBe('अन्य');
    expect(collateralFileTypeLabel('GST_DOCUMENT', 'hi')).toBe('GST दस्तावेज़');
    expect(collateralFileTypeLabel('OTHER', 'hi')).toBe('अन्य दस्तावेज़');
    // The read-only list names OTHER as the collateral list does.
    expect(readOnlyFileTypeLabel('OTHER', 'hi')).toBe('अन्य दस्तावेज़');
    expect(readOnlyFileTypeLabel('KYC_CO_APPLICANT', 'hi')).toBe('सह-आवेदक का KYC');
    // Every name but ATS/BBA (an abbreviation banks keep) has Hindi words.
    for (const type of ReadOnlyFileTypeSchema.options.filter((type) => type !== 'ATS_BBA'))
      expect(readOnlyFileTypeLabel(type, 'hi')).toMatch(/[\u0900-\u097F]/);
  });
});
