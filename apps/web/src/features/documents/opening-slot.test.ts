import { describe, expect, it } from 'vitest';
import type { ApprovalStatus, SetFile } from '@portal/domain';
import { openingSlot } from './opening-slot';

const SLOTS = ['FIRST', 'SECOND', 'THIRD'];
const file = (fileType: string, approvalStatus: ApprovalStatus): SetFile => ({
  fileType,
  approvalStatus,
  approverRemarks: null,
});

describe('openingSlot', () => {
  it("opens a borrower's first rejected or empty slot", () => {
    const files = [
      file('FIRST', 'APPROVED'),
      file('SECOND', 'REJECTED'),
      file('THIRD', 'NOT_RAISED'),
    ];
    expect(openingSlot(SLOTS, files, 'client')).toBe('SECOND');
    expect(openingSlot(SLOTS, [file('FIRST', 'NOT_RAISED')], 'client')).toBe('SECOND');
  });

  it.each(['approver', 'admin'] as const)(
    "opens an %s's first file awaiting a decision",
    (role) => {
      const files = [
        file('FIRST', 'APPROVED'),
        file('SECOND', 'REJECTED'),
        file('THIRD', 'PENDING_APPROVAL'),
      ];
      expect(openingSlot(SLOTS, files, role)).toBe('THIRD');
    },
  );

  it('opens the first slot when nothing needs the viewer', () => {
    const reviewed = SLOTS.map((slot) => file(slot, 'APPROVED'));
    expect(openingSlot(SLOTS, reviewed, 'client')).toBe('FIRST');
    expect(openingSlot(SLOTS, reviewed, 'approver')).toBe('FIRST');
    // A viewer decides nothing, so a pending file does not need them.
    expect(openingSlot(SLOTS, [file('THIRD', 'PENDING_APPROVAL')], 'viewer')).toBe('FIRST');
  });
});
