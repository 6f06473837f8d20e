import { describe, expect, it } from 'vitest';
import {
  REJECTION_REASONS,
  RejectionReasonSchema,
  rejectionReasonLabel,
} from './rejection-reasons.ts';

describe('rejection reasons', () => {
  it('are the lender’s seven codes, OTHER last', () => {
    expect(RejectionReasonSchema.options).toEqual([
      'ILLEGIBLE',
      'EXPIRED',
      'WRONG_DOCUMENT',
      'DETAILS_MISMATCH',
      'INCOMPLETE',
      'UNSIGNED',
      'OTHER',
    ]);
  });

  it('each reads in plain words, every label different', () => {
    expect(rejectionReasonLabel('ILLEGIBLE')).toBe('The document cannot be read');
    expect(rejectionReasonLabel('EXPIRED')).toBe('The document has expired');
    const labels = REJECTION_REASONS.map((reason) => rejectionReasonLabel(reason));
    expect(new Set(labels).size).toBe(REJECTION_REASONS.length);
    for (const label of labels) expect(label).not.toMatch(/_/);
  });
});
