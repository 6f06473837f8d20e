import { describe, expect, it } from 'vitest';
import { COLLATERAL_SLOTS } from '../file-types.ts';
import {
  decideFrequency,
  frequencyDocumentSet,
  frequencyRowButton,
  isFrequencyReadyToSubmit,
  isFutureMonth,
} from './frequency-rules.ts';

describe('frequency row button (docs/product.md#statuses table)', () => {
  it("no required files and not approved or rejected: 'Uploaded Files (n)'", () => {
    expect(
      frequencyRowButton({ status: 'NOT_RAISED', uploadedFiles: 3, hasRequiredFiles: false }),
    ).toEqual({ label: 'Uploaded Files (3)', showEdit: false, colour: 'yellow' });
  });

  it("files present and PENDING_APPROVAL: 'Submitted to checker'", () => {
    expect(
      frequencyRowButton({ status: 'PENDING_APPROVAL', uploadedFiles: 9, hasRequiredFiles: true }),
    ).toEqual({ label: 'Submitted to checker', showEdit: false, colour: 'violet' });
  });

  it("files present and NOT_RAISED: 'Uploaded'", () => {
    expect(
      frequencyRowButton({ status: 'NOT_RAISED', uploadedFiles: 9, hasRequiredFiles: true }),
    ).toEqual({ label: 'Uploaded', showEdit: false, colour: 'yellow' });
  });

  it("files present and APPROVED: 'Approved' with the edit icon", () => {
    expect(
      frequencyRowButton({ status: 'APPROVED', uploadedFiles: 9, hasRequiredFiles: true }),
    ).toEqual({ label: 'Approved', showEdit: true, colour: 'green' });
  });

  it("REJECTED with files: 'Reupload'", () => {
    expect(
      frequencyRowButton({ status: 'REJECTED', uploadedFiles: 9, hasRequiredFiles: true }),
    ).toEqual({ label: 'Reupload', showEdit: false, colour: 'red' });
  });

  it("REJECTED without required files: 'Uploaded files (n)' in lower case", () => {
    expect(
      frequencyRowButton({ status: 'REJECTED', uploadedFiles: 7, hasRequiredFiles: false }),
    ).toEqual({ label: 'Uploaded files (7)', showEdit: false, colour: 'red' });
  });

  it("a new frequency with no files shows 'Uploaded Files (0)'", () => {
    expect(
      frequencyRowButton({ status: 'NOT_RAISED', uploadedFiles: 0, hasRequiredFiles: false }).label,
    ).toBe('Uploaded Files (0)');
  });

  it('reads in Hindi for a Hindi reader', () => {
    const approved = { status: 'APPROVED', uploadedFiles: 9, hasRequiredFiles: true } as const;
    expect(frequencyRowButton(approved, 'hi').label).toBe('अनुमोदित');
    expect(
      frequencyRowButton({ status: 'REJECTED', uploadedFiles: 7, hasRequiredFiles: false }, 'hi')
        .label,
    ).toBe('अपलोड की गई फ़ाइलें (7)');
  });
});

describe('future months', () => {
  const current = { year: 2026, month: 11 };

  it('the current month and earlier are not in the future', () => {
    expect(isFutureMonth(11, 2026, current)).toBe(false);
    expect(isFutureMonth(12, 2025, current)).toBe(false);
  });

  it('a later month this year or any month of a later year is in the future', () => {
    expect(isFutureMonth(12, 2026, current)).toBe(true);
    expect(isFutureMonth(1, 2027, current)).toBe(true);
  });
});

describe('frequency document set', () => {
  it('has the nine collateral slots and submits with nine files', () => {
    const files = COLLATERAL_SLOTS.map((fileType) => ({
      fileType,
      approvalStatus: 'NOT_RAISED' as const,
      approverRemarks: null,
    }));
    const state = frequencyDocumentSet({ approvalStatus: 'NOT_RAISED' }, files);
    expect(state.slots).toEqual(COLLATERAL_SLOTS);
    expect(isFrequencyReadyToSubmit(state)).toBe(true);
    expect(decideFrequency(state, { type: 'submit' }, { role: 'client', isOwner: true }).ok).toBe(
      true,
    );
  });
});
