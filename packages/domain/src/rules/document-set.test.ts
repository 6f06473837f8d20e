import { describe, expect, it } from 'vitest';
import type { ApprovalStatus } from '../approval-status.ts';
import { COLLATERAL_SLOTS, unitSlotFileTypes } from '../file-types.ts';
import {
  actionForRequestedStatus,
  allReviewed,
  allUploaded,
  canDiscard,
  canFinalise,
  canMarkForApproval,
  canReplace,
  canReview,
  canUpload,
  carriedReview,
  checkCancelUpload,
  checkDiscard,
  checkMarkForApproval,
  checkReplace,
  checkUpload,
  decide,
  decideFileReview,
  decideFileUpdate,
  decideMarkForApproval,
  finalOutcome,
  hasRequiredFiles,
  isReadyToSubmit,
  type Actor,
  type DocumentSetState,
  type SetFile,
} from './document-set.ts';

const owner: Actor = { role: 'client', isOwner: true };
const otherBorrower: Actor = { role: 'client', isOwner: false };
const approver: Actor = { role: 'approver', isOwner: false };
const admin: Actor = { role: 'admin', isOwner: false };
const viewer: Actor = { role: 'viewer', isOwner: false };

const UNIT_SLOTS = unitSlotFileTypes('Final');

interface KeyedFile extends SetFile {
  key: string;
}

/** One file per slot, in slot order, with the given statuses (fewer statuses leave slots empty). */
function set(
  slots: readonly string[],
  status: ApprovalStatus,
  statuses: ApprovalStatus[],
  approverRemarks: string | null = null,
): DocumentSetState<KeyedFile> {
  const files = statuses.map((approvalStatus, i) => ({
    key: `f${i}`,
    fileType: slots[i] ?? 'OTHER',
    approvalStatus,
    approverRemarks,
  }));
  return { status, slots, files };
}
const unit = (status: ApprovalStatus, statuses: ApprovalStatus[], remarks?: string) =>
  set(UNIT_SLOTS, status, statuses, remarks);
const frequency = (status: ApprovalStatus, statuses: ApprovalStatus[], remarks?: string) =>
  set(COLLATERAL_SLOTS, status, statuses, remarks);
const times = (n: number, status: ApprovalStatus): ApprovalStatus[] => Array(n).fill(status);

const submit = { type: 'submit' } as const;
const reopen = { type: 'reopen' } as const;
const finalise = (requested: 'APPROVED' | 'REJECTED') => ({ type: 'finalise', requested }) as const;

describe('submit to checker', () => {
  it('a unit with all 7 slots NOT_RAISED may be submitted the first time', () => {
    expect(isReadyToSubmit('unit', unit('NOT_RAISED', times(7, 'NOT_RAISED')))).toBe(true);
    expect(decide('unit', unit('NOT_RAISED', times(7, 'NOT_RAISED')), submit, owner).ok).toBe(true);
  });

  it('submitting sets the set and every file to PENDING_APPROVAL', () => {
    const decision = decide('unit', unit('NOT_RAISED', times(7, 'NOT_RAISED')), submit, owner);
    expect(decision).toMatchObject({ ok: true, next: { status: 'PENDING_APPROVAL' } });
    if (!decision.ok) return;
    expect(decision.next.files.map((f) => f.approvalStatus)).toEqual(times(7, 'PENDING_APPROVAL'));
  });

  it('a unit with an empty slot is NOT_READY_TO_SUBMIT', () => {
    const state = unit('NOT_RAISED', times(6, 'NOT_RAISED'));
    expect(isReadyToSubmit('unit', state)).toBe(false);
    expect(decide('unit', state, submit, owner)).toEqual({
      ok: false,
      code: 'NOT_READY_TO_SUBMIT',
    });
  });

  it('a rejected unit with 6 NOT_RAISED and 1 APPROVED file may be resubmitted', () => {
    const state = unit('REJECTED', [...times(6, 'NOT_RAISED'), 'APPROVED']);
    expect(isReadyToSubmit('unit', state)).toBe(true);
    expect(decide('unit', state, submit, owner).ok).toBe(true);
  });

  it('a rejected unit still holding a REJECTED file is NOT_READY_TO_SUBMIT', () => {
    const state = unit('REJECTED', [...times(6, 'APPROVED'), 'REJECTED']);
    expect(decide('unit', state, submit, owner)).toEqual({
      ok: false,
      code: 'NOT_READY_TO_SUBMIT',
    });
  });

  it('resubmission keeps APPROVED files with their remarks and clears the others', () => {
    const state = unit('REJECTED', [...times(6, 'NOT_RAISED'), 'APPROVED'], 'Looks fine');
    const decision = decide('unit', state, submit, owner);
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.next.files.slice(0, 6)).toEqual(
      state.files
        .slice(0, 6)
        .map((f) => ({ ...f, approvalStatus: 'PENDING_APPROVAL', approverRemarks: null })),
    );
    expect(decision.next.files[6]).toEqual(state.files[6]);
  });

  it('returns the caller’s own file records, keys kept, in input order', () => {
    const decision = decide('unit', unit('NOT_RAISED', times(7, 'NOT_RAISED')), submit, owner);
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.next.files.map((f) => f.key)).toEqual([
      'f0',
      'f1',
      'f2',
      'f3',
      'f4',
      'f5',
      'f6',
    ]);
  });

  it('a NOC file of the kind not selected does not fill the NOC slot', () => {
    const state = unit('NOT_RAISED', times(7, 'NOT_RAISED'));
    const swapped = {
      ...state,
      files: state.files.map((f) =>
        f.fileType === 'NOC_REQUEST_FINAL' ? { ...f, fileType: 'NOC_REQUEST_PROVISIONAL' } : f,
      ),
    };
    expect(decide('unit', swapped, submit, owner)).toEqual({
      ok: false,
      code: 'NOT_READY_TO_SUBMIT',
    });
  });

  it('a file outside the slots is left untouched by submit', () => {
    const state = unit('NOT_RAISED', times(7, 'NOT_RAISED'));
    const stray = {
      key: 'x',
      fileType: 'NOC_REQUEST_PROVISIONAL',
      approvalStatus: 'NOT_RAISED' as const,
      approverRemarks: null,
    };
    const decision = decide('unit', { ...state, files: [...state.files, stray] }, submit, owner);
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.next.files[7]).toEqual(stray);
  });

  it('a pending or approved unit cannot be submitted again: ILLEGAL_TRANSITION', () => {
    for (const status of ['PENDING_APPROVAL', 'APPROVED'] as const) {
      expect(decide('unit', unit(status, times(7, 'APPROVED')), submit, owner)).toEqual({
        ok: false,
        code: 'ILLEGAL_TRANSITION',
      });
    }
  });

  it('a frequency with exactly 9 NOT_RAISED files is ready to submit', () => {
    expect(isReadyToSubmit('frequency', frequency('NOT_RAISED', times(9, 'NOT_RAISED')))).toBe(
      true,
    );
  });

  it('a frequency with 8 files is not ready to submit', () => {
    const state = frequency('NOT_RAISED', times(8, 'NOT_RAISED'));
    expect(isReadyToSubmit('frequency', state)).toBe(false);
    expect(decide('frequency', state, submit, owner)).toEqual({
      ok: false,
      code: 'NOT_READY_TO_SUBMIT',
    });
  });

  it('a frequency with 9 files but two of one type and an empty slot is not ready', () => {
    const state = frequency('NOT_RAISED', times(9, 'NOT_RAISED'));
    const doubled = {
      ...state,
      files: state.files.map((f, i) => (i === 8 ? { ...f, fileType: 'SALES_MIS' } : f)),
    };
    expect(isReadyToSubmit('frequency', doubled)).toBe(false);
  });

  it('a rejected frequency with 9 NOT_RAISED or APPROVED files may be resubmitted', () => {
    const state = frequency('REJECTED', [...times(4, 'APPROVED'), ...times(5, 'NOT_RAISED')]);
    expect(decide('frequency', state, submit, owner)).toMatchObject({
      ok: true,
      next: { status: 'PENDING_APPROVAL' },
    });
  });

  it('a pending or approved frequency is not ready to submit', () => {
    expect(
      isReadyToSubmit('frequency', frequency('PENDING_APPROVAL', times(9, 'NOT_RAISED'))),
    ).toBe(false);
    expect(isReadyToSubmit('frequency', frequency('APPROVED', times(9, 'APPROVED')))).toBe(false);
  });

  it('staff may never submit: FORBIDDEN', () => {
    for (const actor of [approver, admin, viewer]) {
      expect(decide('unit', unit('NOT_RAISED', times(7, 'NOT_RAISED')), submit, actor)).toEqual({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('another borrower’s set is NOT_FOUND, never FORBIDDEN', () => {
    expect(
      decide('frequency', frequency('NOT_RAISED', times(9, 'NOT_RAISED')), submit, otherBorrower),
    ).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('authorisation comes before state: a viewer submitting a pending unit is FORBIDDEN', () => {
    expect(
      decide('unit', unit('PENDING_APPROVAL', times(7, 'PENDING_APPROVAL')), submit, viewer),
    ).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
  });
});

describe('finalise', () => {
  it('finalise with APPROVED when every file is approved approves the set', () => {
    const state = unit('PENDING_APPROVAL', times(7, 'APPROVED'));
    expect(decide('unit', state, finalise('APPROVED'), approver)).toEqual({
      ok: true,
      next: { status: 'APPROVED', files: state.files },
    });
  });

  it('finalise with REJECTED when a file is rejected rejects the set', () => {
    const state = frequency('PENDING_APPROVAL', [...times(8, 'APPROVED'), 'REJECTED']);
    expect(decide('frequency', state, finalise('REJECTED'), approver)).toMatchObject({
      ok: true,
      next: { status: 'REJECTED' },
    });
  });

  it('finalise with REJECTED when no file is rejected is OUTCOME_MISMATCH', () => {
    const state = unit('PENDING_APPROVAL', times(7, 'APPROVED'));
    expect(decide('unit', state, finalise('REJECTED'), approver)).toEqual({
      ok: false,
      code: 'OUTCOME_MISMATCH',
    });
  });

  it('finalise with APPROVED when a file is rejected is OUTCOME_MISMATCH', () => {
    const state = unit('PENDING_APPROVAL', [...times(6, 'APPROVED'), 'REJECTED']);
    expect(decide('unit', state, finalise('APPROVED'), approver)).toEqual({
      ok: false,
      code: 'OUTCOME_MISMATCH',
    });
  });

  it('finalise while a file is still pending is NOT_ALL_REVIEWED', () => {
    const state = unit('PENDING_APPROVAL', [...times(6, 'APPROVED'), 'PENDING_APPROVAL']);
    expect(decide('unit', state, finalise('APPROVED'), approver)).toEqual({
      ok: false,
      code: 'NOT_ALL_REVIEWED',
    });
  });

  it('finalise with an empty slot is NOT_ALL_REVIEWED', () => {
    const state = frequency('PENDING_APPROVAL', times(8, 'APPROVED'));
    expect(decide('frequency', state, finalise('APPROVED'), approver)).toEqual({
      ok: false,
      code: 'NOT_ALL_REVIEWED',
    });
  });

  it('finalise of a set that is not pending is ILLEGAL_TRANSITION', () => {
    for (const status of ['NOT_RAISED', 'APPROVED', 'REJECTED'] as const) {
      expect(
        decide('unit', unit(status, times(7, 'APPROVED')), finalise('APPROVED'), approver),
      ).toEqual({
        ok: false,
        code: 'ILLEGAL_TRANSITION',
      });
    }
  });

  it('an admin may finalise', () => {
    const state = unit('PENDING_APPROVAL', times(7, 'APPROVED'));
    expect(decide('unit', state, finalise('APPROVED'), admin).ok).toBe(true);
  });

  it('a borrower, even the owner, or a viewer finalising is FORBIDDEN', () => {
    const state = unit('PENDING_APPROVAL', times(7, 'APPROVED'));
    for (const actor of [owner, viewer]) {
      expect(decide('unit', state, finalise('APPROVED'), actor)).toEqual({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
  });
});

describe('reopen', () => {
  it('reopening an approved frequency returns it and all files to NOT_RAISED with remarks cleared', () => {
    const state = frequency('APPROVED', times(9, 'APPROVED'), 'Good');
    const decision = decide('frequency', state, reopen, owner);
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.next.status).toBe('NOT_RAISED');
    for (const file of decision.next.files) {
      expect(file).toMatchObject({ approvalStatus: 'NOT_RAISED', approverRemarks: null });
    }
  });

  it('reopening a frequency that is not approved is ILLEGAL_TRANSITION', () => {
    for (const status of ['NOT_RAISED', 'PENDING_APPROVAL', 'REJECTED'] as const) {
      expect(decide('frequency', frequency(status, times(9, 'NOT_RAISED')), reopen, owner)).toEqual(
        {
          ok: false,
          code: 'ILLEGAL_TRANSITION',
        },
      );
    }
  });

  it('a unit can never be reopened: ILLEGAL_TRANSITION', () => {
    expect(decide('unit', unit('APPROVED', times(7, 'APPROVED')), reopen, owner)).toEqual({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
  });

  it('staff reopening is FORBIDDEN and another borrower gets NOT_FOUND', () => {
    const state = frequency('APPROVED', times(9, 'APPROVED'));
    expect(decide('frequency', state, reopen, approver)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(decide('frequency', state, reopen, otherBorrower)).toEqual({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('requested status of a PUT', () => {
  it('maps PENDING_APPROVAL to submit, APPROVED/REJECTED to finalise, NOT_RAISED to reopen', () => {
    expect(actionForRequestedStatus('PENDING_APPROVAL')).toEqual({ type: 'submit' });
    expect(actionForRequestedStatus('APPROVED')).toEqual({
      type: 'finalise',
      requested: 'APPROVED',
    });
    expect(actionForRequestedStatus('REJECTED')).toEqual({
      type: 'finalise',
      requested: 'REJECTED',
    });
    expect(actionForRequestedStatus('NOT_RAISED')).toEqual({ type: 'reopen' });
  });
});

const FILE_STATUSES = ['NOT_RAISED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'] as const;
const SET_STATUSES = FILE_STATUSES;
/** Every file status in every set status, for the rules that depend on both. */
const everyCombination = FILE_STATUSES.flatMap((file) =>
  SET_STATUSES.map((set) => ({ file, set })),
);

describe('file review', () => {
  const pending = { approvalStatus: 'PENDING_APPROVAL' as const };
  const approve = { approvalStatus: 'APPROVED' as const, approverRemarks: 'ok' };

  it('an approver approves a pending file with trimmed remarks', () => {
    expect(
      decideFileReview(
        pending,
        { approvalStatus: 'APPROVED', approverRemarks: '  ok  ' },
        approver,
        'PENDING_APPROVAL',
      ),
    ).toEqual({
      ok: true,
      action: 'review',
      next: { approvalStatus: 'APPROVED', approverRemarks: 'ok', rejectionReason: null },
    });
  });

  it('an admin rejects a pending file with remarks and a reason code', () => {
    expect(
      decideFileReview(
        pending,
        { approvalStatus: 'REJECTED', approverRemarks: 'blurred', rejectionReason: 'ILLEGIBLE' },
        admin,
        'PENDING_APPROVAL',
      ),
    ).toEqual({
      ok: true,
      action: 'review',
      next: {
        approvalStatus: 'REJECTED',
        approverRemarks: 'blurred',
        rejectionReason: 'ILLEGIBLE',
      },
    });
  });

  it('a rejection without a reason code, as docs/product.md#api’s client sends it, is recorded as OTHER', () => {
    for (const rejectionReason of [undefined, null]) {
      expect(
        decideFileReview(
          pending,
          { approvalStatus: 'REJECTED', approverRemarks: 'blurred', rejectionReason },
          approver,
          'PENDING_APPROVAL',
        ),
      ).toEqual({
        ok: true,
        action: 'review',
        next: { approvalStatus: 'REJECTED', approverRemarks: 'blurred', rejectionReason: 'OTHER' },
      });
    }
  });

  it('approving with a reason code is refused: a reason goes only with a rejection', () => {
    expect(
      decideFileReview(
        pending,
        { approvalStatus: 'APPROVED', approverRemarks: 'fine', rejectionReason: 'EXPIRED' },
        approver,
        'PENDING_APPROVAL',
      ),
    ).toEqual({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('a file marked for approval is reviewed like any pending file, before the set is submitted', () => {
    for (const set of ['NOT_RAISED', 'REJECTED'] as const) {
      expect(decideFileReview(pending, approve, approver, set)).toMatchObject({ ok: true });
    }
  });

  it('approving or rejecting without remarks is REMARKS_REQUIRED', () => {
    for (const approverRemarks of [undefined, null, '', '   ']) {
      expect(
        decideFileReview(
          pending,
          { approvalStatus: 'REJECTED', approverRemarks },
          approver,
          'PENDING_APPROVAL',
        ),
      ).toEqual({ ok: false, code: 'REMARKS_REQUIRED' });
    }
  });

  it('a decision changes while the set awaits approval, either way, with new remarks', () => {
    const changes = [
      ['APPROVED', 'REJECTED'],
      ['REJECTED', 'APPROVED'],
      ['APPROVED', 'APPROVED'],
      ['REJECTED', 'REJECTED'],
    ] as const;
    for (const [from, to] of changes) {
      const rejectionReason = to === 'REJECTED' ? ('DETAILS_MISMATCH' as const) : null;
      expect(
        decideFileReview(
          { approvalStatus: from },
          { approvalStatus: to, approverRemarks: 'On second look', rejectionReason },
          approver,
          'PENDING_APPROVAL',
        ),
      ).toEqual({
        ok: true,
        action: 'review',
        next: { approvalStatus: to, approverRemarks: 'On second look', rejectionReason },
      });
    }
  });

  it('a decision change still needs remarks', () => {
    expect(
      decideFileReview(
        { approvalStatus: 'REJECTED' },
        { approvalStatus: 'APPROVED', approverRemarks: ' ' },
        approver,
        'PENDING_APPROVAL',
      ),
    ).toEqual({ ok: false, code: 'REMARKS_REQUIRED' });
  });

  it('once the set is finalised (or not yet submitted) a decision stands: FILE_NOT_PENDING', () => {
    for (const set of ['NOT_RAISED', 'APPROVED', 'REJECTED'] as const) {
      for (const file of ['APPROVED', 'REJECTED'] as const) {
        expect(decideFileReview({ approvalStatus: file }, approve, approver, set)).toEqual({
          ok: false,
          code: 'FILE_NOT_PENDING',
        });
      }
    }
  });

  it('a file not yet sent for approval cannot be reviewed: FILE_NOT_PENDING', () => {
    for (const set of SET_STATUSES) {
      expect(decideFileReview({ approvalStatus: 'NOT_RAISED' }, approve, approver, set)).toEqual({
        ok: false,
        code: 'FILE_NOT_PENDING',
      });
    }
  });

  it('may review: a pending file in any set, a reviewed file only while the set is pending', () => {
    for (const { file, set } of everyCombination) {
      const expected =
        file === 'PENDING_APPROVAL' ||
        ((file === 'APPROVED' || file === 'REJECTED') && set === 'PENDING_APPROVAL');
      expect(canReview({ approvalStatus: file }, approver, set), `${file} in ${set}`).toBe(
        expected,
      );
      expect(canReview({ approvalStatus: file }, admin, set)).toBe(expected);
    }
  });

  it('a borrower or viewer reviewing is FORBIDDEN, whatever the state', () => {
    for (const actor of [owner, otherBorrower, viewer]) {
      for (const { file, set } of everyCombination) {
        expect(decideFileReview({ approvalStatus: file }, approve, actor, set)).toEqual({
          ok: false,
          code: 'FORBIDDEN',
        });
      }
    }
  });

  it('a requested status other than APPROVED or REJECTED is ILLEGAL_TRANSITION', () => {
    for (const approvalStatus of ['NOT_RAISED', 'PENDING_APPROVAL'] as const) {
      expect(
        decideFileReview(
          pending,
          { approvalStatus, approverRemarks: 'ok' },
          approver,
          'PENDING_APPROVAL',
        ),
      ).toEqual({ ok: false, code: 'ILLEGAL_TRANSITION' });
    }
  });
});

describe('mark for approval', () => {
  it('the owner sends a NOT_RAISED file to the checker: PENDING_APPROVAL, no remarks', () => {
    expect(decideMarkForApproval({ approvalStatus: 'NOT_RAISED' }, owner, 'NOT_RAISED')).toEqual({
      ok: true,
      action: 'markForApproval',
      next: { approvalStatus: 'PENDING_APPROVAL', approverRemarks: null, rejectionReason: null },
    });
  });

  it('a REJECTED file of a rejected set may be marked again, its remarks and reason cleared', () => {
    expect(decideMarkForApproval({ approvalStatus: 'REJECTED' }, owner, 'REJECTED')).toEqual({
      ok: true,
      action: 'markForApproval',
      next: { approvalStatus: 'PENDING_APPROVAL', approverRemarks: null, rejectionReason: null },
    });
  });

  it('only while the set is NOT_RAISED or REJECTED and the file NOT_RAISED or REJECTED', () => {
    for (const { file, set } of everyCombination) {
      const open = (status: ApprovalStatus) => status === 'NOT_RAISED' || status === 'REJECTED';
      expect(canMarkForApproval({ approvalStatus: file }, owner, set), `${file} in ${set}`).toBe(
        open(file) && open(set),
      );
    }
  });

  it('a set awaiting approval or approved is SET_LOCKED, before the file is looked at', () => {
    for (const set of ['PENDING_APPROVAL', 'APPROVED'] as const) {
      for (const file of FILE_STATUSES) {
        expect(checkMarkForApproval({ approvalStatus: file }, owner, set)).toEqual({
          ok: false,
          code: 'SET_LOCKED',
        });
      }
    }
  });

  it('a file already pending or approved is FILE_LOCKED', () => {
    for (const file of ['PENDING_APPROVAL', 'APPROVED'] as const) {
      for (const set of ['NOT_RAISED', 'REJECTED'] as const) {
        expect(decideMarkForApproval({ approvalStatus: file }, owner, set)).toEqual({
          ok: false,
          code: 'FILE_LOCKED',
        });
      }
    }
  });

  it('staff are FORBIDDEN and another borrower gets NOT_FOUND, whatever the state', () => {
    for (const { file, set } of everyCombination) {
      for (const actor of [approver, admin, viewer]) {
        expect(checkMarkForApproval({ approvalStatus: file }, actor, set)).toEqual({
          ok: false,
          code: 'FORBIDDEN',
        });
      }
      expect(checkMarkForApproval({ approvalStatus: file }, otherBorrower, set)).toEqual({
        ok: false,
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('a PUT of a file: the one file transition', () => {
  const notRaised = { approvalStatus: 'NOT_RAISED' as const };

  it('PENDING_APPROVAL from the owner marks the file for approval', () => {
    expect(
      decideFileUpdate(notRaised, { approvalStatus: 'PENDING_APPROVAL' }, owner, 'NOT_RAISED'),
    ).toEqual(decideMarkForApproval(notRaised, owner, 'NOT_RAISED'));
  });

  it('APPROVED or REJECTED from a reviewer is a review', () => {
    for (const approvalStatus of ['APPROVED', 'REJECTED'] as const) {
      const request = {
        approvalStatus,
        approverRemarks: 'ok',
        rejectionReason: approvalStatus === 'REJECTED' ? ('OTHER' as const) : undefined,
      };
      expect(
        decideFileUpdate({ approvalStatus: 'PENDING_APPROVAL' }, request, approver, 'NOT_RAISED'),
      ).toEqual(
        decideFileReview({ approvalStatus: 'PENDING_APPROVAL' }, request, approver, 'NOT_RAISED'),
      );
    }
  });

  it('each side is FORBIDDEN the other’s transition', () => {
    expect(
      decideFileUpdate(
        { approvalStatus: 'PENDING_APPROVAL' },
        { approvalStatus: 'APPROVED', approverRemarks: 'mine' },
        owner,
        'PENDING_APPROVAL',
      ),
    ).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(
      decideFileUpdate(notRaised, { approvalStatus: 'PENDING_APPROVAL' }, approver, 'NOT_RAISED'),
    ).toEqual({ ok: false, code: 'FORBIDDEN' });
  });

  it('NOT_RAISED is no file transition: ILLEGAL_TRANSITION for whoever may change files', () => {
    const request = { approvalStatus: 'NOT_RAISED' as const };
    for (const actor of [owner, approver, admin]) {
      expect(decideFileUpdate(notRaised, request, actor, 'NOT_RAISED')).toEqual({
        ok: false,
        code: 'ILLEGAL_TRANSITION',
      });
    }
    expect(decideFileUpdate(notRaised, request, viewer, 'NOT_RAISED')).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(decideFileUpdate(notRaised, request, otherBorrower, 'NOT_RAISED')).toEqual({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('upload', () => {
  it('the owner may upload into an empty slot of a NOT_RAISED or REJECTED set', () => {
    expect(canUpload(undefined, owner, 'NOT_RAISED')).toBe(true);
    expect(canUpload(undefined, owner, 'REJECTED')).toBe(true);
  });

  it('a second file into a filled slot is SLOT_FILLED', () => {
    expect(checkUpload({ approvalStatus: 'REJECTED' }, owner, 'REJECTED')).toEqual({
      ok: false,
      code: 'SLOT_FILLED',
    });
  });

  it('a set that is pending or approved is SET_LOCKED', () => {
    expect(checkUpload(undefined, owner, 'PENDING_APPROVAL')).toEqual({
      ok: false,
      code: 'SET_LOCKED',
    });
    expect(checkUpload(undefined, owner, 'APPROVED')).toEqual({ ok: false, code: 'SET_LOCKED' });
  });

  it('only borrowers upload: staff FORBIDDEN, another borrower NOT_FOUND', () => {
    expect(checkUpload(undefined, approver, 'NOT_RAISED')).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(checkUpload(undefined, otherBorrower, 'NOT_RAISED')).toEqual({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('discard', () => {
  it('the owner may discard a NOT_RAISED file', () => {
    expect(canDiscard({ approvalStatus: 'NOT_RAISED' }, owner, 'NOT_RAISED')).toBe(true);
  });

  it('the owner may discard a REJECTED file of a rejected set', () => {
    expect(canDiscard({ approvalStatus: 'REJECTED' }, owner, 'REJECTED')).toBe(true);
  });

  it('an APPROVED file is FILE_LOCKED even in a rejected set', () => {
    expect(checkDiscard({ approvalStatus: 'APPROVED' }, owner, 'REJECTED')).toEqual({
      ok: false,
      code: 'FILE_LOCKED',
    });
  });

  it('nothing is discarded while the set is pending: SET_LOCKED', () => {
    expect(checkDiscard({ approvalStatus: 'PENDING_APPROVAL' }, owner, 'PENDING_APPROVAL')).toEqual(
      {
        ok: false,
        code: 'SET_LOCKED',
      },
    );
  });

  it('discard is offered only to borrowers', () => {
    expect(checkDiscard({ approvalStatus: 'NOT_RAISED' }, approver, 'NOT_RAISED')).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(canDiscard({ approvalStatus: 'NOT_RAISED' }, otherBorrower, 'NOT_RAISED')).toBe(false);
  });
});

describe('replace', () => {
  const rejected = { approvalStatus: 'REJECTED' as const, fileType: 'OTHER' };

  it('the owner may replace a REJECTED or NOT_RAISED file with one for the same slot', () => {
    expect(checkReplace(rejected, 'OTHER', owner, 'REJECTED')).toEqual({ ok: true });
    expect(
      checkReplace(
        { approvalStatus: 'NOT_RAISED', fileType: 'OTHER' },
        'OTHER',
        owner,
        'NOT_RAISED',
      ),
    ).toEqual({ ok: true });
  });

  it('is the discard rule, for every file status in every set status', () => {
    for (const { file, set } of everyCombination) {
      const slotFile = { approvalStatus: file, fileType: 'OTHER' };
      expect(canReplace(slotFile, owner, set), `${file} in ${set}`).toBe(
        canDiscard(slotFile, owner, set),
      );
      expect(checkReplace(slotFile, 'OTHER', owner, set)).toEqual(
        checkDiscard(slotFile, owner, set),
      );
    }
  });

  it('a replacement for another slot is VALIDATION_FAILED', () => {
    expect(checkReplace(rejected, 'SALES_MIS', owner, 'REJECTED')).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
  });

  it('a file that has left its slot (discarded, or replaced first) is a CONFLICT', () => {
    expect(checkReplace(undefined, 'OTHER', owner, 'REJECTED')).toEqual({
      ok: false,
      code: 'CONFLICT',
    });
  });

  it('nothing is replaced while the set awaits approval or once approved: SET_LOCKED', () => {
    for (const set of ['PENDING_APPROVAL', 'APPROVED'] as const) {
      expect(checkReplace(rejected, 'OTHER', owner, set)).toEqual({
        ok: false,
        code: 'SET_LOCKED',
      });
      expect(checkReplace(undefined, 'OTHER', owner, set)).toEqual({
        ok: false,
        code: 'SET_LOCKED',
      });
    }
  });

  it('only borrowers replace: staff FORBIDDEN, another borrower NOT_FOUND', () => {
    for (const actor of [approver, admin, viewer]) {
      expect(checkReplace(rejected, 'OTHER', actor, 'REJECTED')).toEqual({
        ok: false,
        code: 'FORBIDDEN',
      });
    }
    expect(checkReplace(rejected, 'OTHER', otherBorrower, 'REJECTED')).toEqual({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('the review a replacement carries', () => {
  const reviewedBy = { username: 'checker@lender.example', role: 'approver' as const };
  const reviewedAt = '2026-11-20T10:00:00.000Z';
  const earlier = {
    approvalStatus: 'REJECTED' as const,
    approverRemarks: 'Blurred scan',
    rejectionReason: 'ILLEGIBLE' as 'ILLEGIBLE' | null,
    reviewedBy,
    reviewedAt,
  };
  const file = (approvalStatus: ApprovalStatus, previousReview: typeof earlier | null = null) => ({
    approvalStatus,
    fileType: 'OTHER',
    approverRemarks: approvalStatus === 'NOT_RAISED' ? null : 'Blurred scan',
    rejectionReason: approvalStatus === 'REJECTED' ? ('ILLEGIBLE' as const) : null,
    reviewedBy: approvalStatus === 'NOT_RAISED' ? null : reviewedBy,
    reviewedAt: approvalStatus === 'NOT_RAISED' ? null : reviewedAt,
    previousReview,
  });

  it('is the replaced file’s rejection and its reason, with who gave it and when', () => {
    expect(carriedReview(file('REJECTED'))).toEqual(earlier);
  });

  it('is an approval too, when the replaced file had one', () => {
    expect(carriedReview(file('APPROVED'))).toEqual({
      ...earlier,
      approvalStatus: 'APPROVED',
      rejectionReason: null,
    });
  });

  it('the replaced file’s own decision wins over the one it carried', () => {
    const older = { ...earlier, approverRemarks: 'Older reason' };
    expect(carriedReview(file('REJECTED', older))).toEqual(earlier);
  });

  it('a replacement of a replacement not yet reviewed carries the same review on', () => {
    expect(carriedReview(file('NOT_RAISED', earlier))).toEqual(earlier);
  });

  it('is nothing when the replaced file was never reviewed', () => {
    expect(carriedReview(file('NOT_RAISED'))).toBeNull();
  });
});

describe('cancelling an upload', () => {
  it('its borrower may cancel; staff are FORBIDDEN, another borrower NOT_FOUND', () => {
    expect(checkCancelUpload(owner)).toEqual({ ok: true });
    for (const actor of [approver, admin, viewer]) {
      expect(checkCancelUpload(actor)).toEqual({ ok: false, code: 'FORBIDDEN' });
    }
    expect(checkCancelUpload(otherBorrower)).toEqual({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('slot flags', () => {
  it('all-uploaded holds when every slot is filled and not all are pending', () => {
    expect(allUploaded(unit('NOT_RAISED', times(7, 'NOT_RAISED')))).toBe(true);
    expect(allUploaded(unit('REJECTED', [...times(6, 'PENDING_APPROVAL'), 'APPROVED']))).toBe(true);
  });

  it('all-uploaded fails with an empty slot or when every file is pending', () => {
    expect(allUploaded(unit('NOT_RAISED', times(6, 'NOT_RAISED')))).toBe(false);
    expect(allUploaded(unit('PENDING_APPROVAL', times(7, 'PENDING_APPROVAL')))).toBe(false);
  });

  it('all-reviewed holds when every file is approved or rejected and the set is not APPROVED', () => {
    expect(allReviewed(unit('PENDING_APPROVAL', [...times(6, 'APPROVED'), 'REJECTED']))).toBe(true);
  });

  it('all-reviewed fails once the set is APPROVED', () => {
    expect(allReviewed(unit('APPROVED', times(7, 'APPROVED')))).toBe(false);
  });

  it('all-reviewed fails while a file is pending or a slot is empty', () => {
    expect(
      allReviewed(unit('PENDING_APPROVAL', [...times(6, 'APPROVED'), 'PENDING_APPROVAL'])),
    ).toBe(false);
    expect(allReviewed(frequency('PENDING_APPROVAL', times(8, 'APPROVED')))).toBe(false);
  });

  it('the approver may finalise only a pending set with every file reviewed', () => {
    expect(canFinalise(unit('PENDING_APPROVAL', times(7, 'APPROVED')), approver)).toBe(true);
    expect(canFinalise(unit('REJECTED', [...times(6, 'APPROVED'), 'REJECTED']), approver)).toBe(
      false,
    );
    expect(canFinalise(unit('PENDING_APPROVAL', times(7, 'APPROVED')), owner)).toBe(false);
  });

  it('the final outcome is APPROVED unless some file is REJECTED', () => {
    expect(finalOutcome([])).toBe('APPROVED');
    expect(finalOutcome(unit('PENDING_APPROVAL', times(7, 'APPROVED')).files)).toBe('APPROVED');
    expect(
      finalOutcome(unit('PENDING_APPROVAL', [...times(6, 'APPROVED'), 'REJECTED']).files),
    ).toBe('REJECTED');
  });

  it('has-required-files means more than 8', () => {
    expect(hasRequiredFiles(8)).toBe(false);
    expect(hasRequiredFiles(9)).toBe(true);
  });
});
