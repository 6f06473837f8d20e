import { describe, expect, it } from 'vitest';
import { CheckerUnitSchema, FileEntrySchema, FrequencySchema, RoleSchema } from './entities.ts';

const unit = {
  key: 'U-1',
  name: 'Flat A-101',
  tower: 'A',
  floor: '1',
  unit: 'A-101',
  areaSqft: '1250.5',
  customerName: 'Asha Mehta',
  maxSellingPrice: '12345678.5',
  baseSellingPrice: '11000000',
  totalSaleValue: '12770678.5',
  amountToBeReceived: '0',
  approvalStatus: 'NOT_RAISED',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  submittedAt: null,
  canSubmit: false,
  projectKey: 'P-1',
  selectedNoc: 'Final',
  version: 1,
  meta: { opportunityKey: 'O-1', projectKey: 'P-1' },
  firstApproval: null,
};

const checkerUnit = {
  ...unit,
  accountId: 'ACC001',
  accountName: 'Mehta Constructions',
  opportunityKey: 'O-1',
  opportunityName: 'Skyline construction finance',
  projectName: 'Skyline',
  nocType: null,
  uploadedFiles: 0,
  fraudFlagCount: 2,
};

describe('entity schemas', () => {
  it('has the four roles of docs/product.md#roles', () => {
    expect(RoleSchema.options).toEqual(['client', 'approver', 'viewer', 'admin']);
  });

  it('reads a checker unit with no NOC file yet', () => {
    expect(CheckerUnitSchema.parse(checkerUnit)).toEqual(checkerUnit);
  });

  it('refuses a checker unit whose NOC type is neither Final nor Provisional', () => {
    expect(
      CheckerUnitSchema.safeParse({ ...checkerUnit, nocType: 'Both', uploadedFiles: 1 }).success,
    ).toBe(false);
    expect(CheckerUnitSchema.safeParse({ ...checkerUnit, nocType: 'Final' }).success).toBe(true);
  });

  it('reads a remarks-only file entry with no content and no presigned URL', () => {
    const entry = {
      file: {
        key: 'F-1',
        fileName: null,
        fileHash: null,
        fileType: 'OTHER',
        size: null,
        contentType: null,
        approvalStatus: 'NOT_RAISED',
        borrowerRemarks: 'Not applicable',
        approverRemarks: null,
        rejectionReason: null,
        uploadedBy: 'ACC001',
        reviewedBy: null,
        reviewedAt: null,
        replacesKey: null,
        previousReview: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        updatedAt: '2026-11-22T10:00:00.000Z',
        deletedAt: null,
      },
      meta: { presignedUrl: null },
    };
    expect(FileEntrySchema.parse(entry)).toEqual(entry);
  });

  it('refuses a frequency with a month outside 1 to 12', () => {
    const frequency = {
      key: 'FR-1',
      collateralKey: 'C-1',
      frequency: 1,
      month: 13,
      year: 2026,
      approvalStatus: 'NOT_RAISED',
      uploadedFiles: 0,
      hasRequiredFiles: false,
      canSubmit: false,
      submittedAt: null,
      version: 1,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      meta: { collateral: 'C-1', account: 'ACC1001' },
      dueDate: '2027-01-15',
      daysLate: null,
    };
    expect(FrequencySchema.safeParse(frequency).success).toBe(false);
    expect(FrequencySchema.safeParse({ ...frequency, month: 12 }).success).toBe(true);
  });
});
