import { describe, expect, it } from 'vitest';
import { suggestSlots } from './slot-suggestion.ts';

const UNIT_SLOTS = [
  'SHORTFALL_INFUSION_PROOF',
  'NOC_REQUEST_FINAL',
  'KYC_CO_APPLICANT',
  'CUSTOMER_LEDGER',
  'KYC_APPLICANT',
  'ATS_BBA',
  'OTHER',
];

const COLLATERAL_SLOTS = [
  'SALES_MIS',
  'CUSTOMER_LEDGER',
  'BANK_STATEMENT',
  'SALARY_DOCUMENT',
  'GST_DOCUMENT',
  'TDS_DOCUMENT',
  'AUDITED_FINANCIAL',
  'TRAIL_BALANCE',
  'OTHER',
];

describe('suggestSlots', () => {
  it("offers each of a unit's seven documents to its slot by name", () => {
    const names = [
      'Shortfall infusion proof.pdf',
      'noc-request.pdf',
      'KYC_co-applicant.pdf',
      'customer ledger March.xlsx',
      'kyc applicant.pdf',
      'ATS signed.pdf',
      'other.docx',
    ];
    expect(suggestSlots(names, UNIT_SLOTS)).toEqual([
      'SHORTFALL_INFUSION_PROOF',
      'NOC_REQUEST_FINAL',
      'KYC_CO_APPLICANT',
      'CUSTOMER_LEDGER',
      'KYC_APPLICANT',
      'ATS_BBA',
      'OTHER',
    ]);
  });

  it('tells the applicant from the co-applicant however the name is written', () => {
    expect(suggestSlots(['kyc-applicant.pdf', 'kyc co applicant.pdf'], UNIT_SLOTS)).toEqual([
      'KYC_APPLICANT',
      'KYC_CO_APPLICANT',
    ]);
    expect(suggestSlots(['CoApplicant_PAN.pdf'], UNIT_SLOTS)).toEqual(['KYC_CO_APPLICANT']);
  });

  it("offers a monitoring pack's nine documents to theirs", () => {
    const names = [
      'sales-mis.xlsx',
      'customer-ledger.csv',
      'bank statements Q1.pdf',
      'salary-documents.pdf',
      'GSTR-3B.pdf',
      'tds.pdf',
      'audited-financial.pdf',
      'trial balance.xlsx',
      'other-documents.pdf',
    ];
    expect(suggestSlots(names, COLLATERAL_SLOTS)).toEqual(COLLATERAL_SLOTS);
  });

  it('offers a slot once, to the file that matches it best', () => {
    expect(suggestSlots(['ledger.pdf', 'customer ledger final.pdf'], UNIT_SLOTS)).toEqual([
      undefined,
      'CUSTOMER_LEDGER',
    ]);
    expect(suggestSlots(['final.pdf'], UNIT_SLOTS)).toEqual([undefined]);
  });

  it('offers only free slots', () => {
    expect(suggestSlots(['ledger.pdf'], ['OTHER'])).toEqual([undefined]);
  });

  it("goes by a nameless file's kind: a photo to KYC, a sheet to the ledger", () => {
    expect(suggestSlots(['IMG_2041.jpg', 'IMG_2042.JPEG', 'export.xlsx'], UNIT_SLOTS)).toEqual([
      'KYC_APPLICANT',
      'KYC_CO_APPLICANT',
      'CUSTOMER_LEDGER',
    ]);
    expect(suggestSlots(['scan0001.pdf'], UNIT_SLOTS)).toEqual([undefined]);
  });
});
