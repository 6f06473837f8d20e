import { describe, expect, it } from 'vitest';
import {
  ApprovalStatusSchema,
  STATUS_COLOURS,
  collateralCheckerLabel,
  slotColour,
  unitCheckerLabel,
} from './approval-status.ts';

describe('approval status', () => {
  it('has exactly the four statuses of docs/product.md#statuses', () => {
    expect(ApprovalStatusSchema.options).toEqual([
      'NOT_RAISED',
      'PENDING_APPROVAL',
      'APPROVED',
      'REJECTED',
    ]);
    expect(ApprovalStatusSchema.safeParse('DRAFT').success).toBe(false);
  });

  it('colours headers amber, violet, green, red, and blue for no file', () => {
    expect(STATUS_COLOURS).toEqual({
      NOT_RAISED: 'yellow',
      PENDING_APPROVAL: 'violet',
      APPROVED: 'green',
      REJECTED: 'red',
      NO_FILE: 'blue',
    });
  });

  it('colours an empty slot blue and a filled slot by its file status', () => {
    expect(slotColour(undefined)).toBe('blue');
    expect(slotColour({ approvalStatus: 'REJECTED' })).toBe('red');
  });

  it('labels units on the checker list, pending as PENDING FOR APPROVAL', () => {
    expect(unitCheckerLabel('PENDING_APPROVAL')).toBe('PENDING FOR APPROVAL');
    expect(unitCheckerLabel('APPROVED')).toBe('APPROVED');
    expect(unitCheckerLabel('REJECTED')).toBe('REJECTED');
    expect(unitCheckerLabel('NOT_RAISED')).toBe('NOT RAISED');
  });

  it('labels a unit with a first approval as awaiting its second, only while pending', () => {
    expect(unitCheckerLabel('PENDING_APPROVAL', true)).toBe('AWAITING SECOND APPROVAL');
    expect(unitCheckerLabel('PENDING_APPROVAL', false)).toBe('PENDING FOR APPROVAL');
    expect(unitCheckerLabel('APPROVED', true)).toBe('APPROVED');
  });

  it('labels frequencies on the collateral list with the status itself except pending', () => {
    expect(collateralCheckerLabel('PENDING_APPROVAL')).toBe('PENDING FOR APPROVAL');
    expect(collateralCheckerLabel('APPROVED')).toBe('APPROVED');
    expect(collateralCheckerLabel('REJECTED')).toBe('REJECTED');
    expect(collateralCheckerLabel('NOT_RAISED')).toBe('NOT_RAISED');
  });
});
