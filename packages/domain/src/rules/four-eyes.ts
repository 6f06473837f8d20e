import type { ApprovalStatus, ReviewOutcome } from '../approval-status.ts';
import type { DomainErrorCode, ErrorMessageKey } from '../errors.ts';
import { isReviewerRole, type Role } from '../schemas/entities.ts';

// Four-eyes NOC release (NOC_TWO_APPROVERS): releasing a unit from the lender's charge takes two
// different approvers. The first APPROVED is recorded while the unit stays PENDING_APPROVAL; a
// second, different approver confirms it (the unit is APPROVED) or sends it back (the first
// approval is cleared). A rejection needs one approver at either step.

/** Who decides: the user's id (never shown) and role. */
export interface Approver {
  id: string;
  role: Role;
}

/**
 * What a finalise does to a unit:
 * - `final`: the unit takes the outcome now (one approver is enough, or it is a rejection);
 * - `firstApproval`: the approval is recorded and the unit awaits a second approver;
 * - `confirmation`: a second, different approver confirms; the unit is APPROVED now.
 */
export type ReleaseStep = 'final' | 'firstApproval' | 'confirmation';

/** A refusal, with a message more precise than the code's own when there is one. */
export interface ReleaseRefusal {
  ok: false;
  code: DomainErrorCode;
  message?: ErrorMessageKey;
}

export type ReleaseDecision = { ok: true; step: ReleaseStep } | ReleaseRefusal;

const SAME_APPROVER: ReleaseRefusal = {
  ok: false,
  code: 'SAME_APPROVER',
  message: 'domain.error.SAME_APPROVER.firstApprover',
};

/**
 * The step a finalise of a unit takes, whoever gives it: what the checker's screen offers, and
 * what the server does once it has checked the approver (decideRelease).
 */
export function nocReleaseStep(
  outcome: ReviewOutcome,
  hasFirstApproval: boolean,
  twoApprovers: boolean,
): ReleaseStep {
  if (outcome === 'REJECTED' || !twoApprovers) return 'final';
  return hasFirstApproval ? 'confirmation' : 'firstApproval';
}

/**
 * The step an accepted finalise of a unit takes (the document-set rules have accepted it).
 * `firstApprovedBy` is the id of the unit's first approver, or null.
 */
export function decideRelease(
  outcome: ReviewOutcome,
  firstApprovedBy: string | null,
  approver: Approver,
  twoApprovers: boolean,
): ReleaseDecision {
  const step = nocReleaseStep(outcome, firstApprovedBy !== null, twoApprovers);
  if (step === 'confirmation' && firstApprovedBy === approver.id) return SAME_APPROVER;
  return { ok: true, step };
}

/**
 * A second approver sends a first approval back: the unit stays PENDING_APPROVAL for review,
 * without it. Only an approver (or admin) other than the first, and only while one awaits.
 */
export function decideSendBack(
  status: ApprovalStatus,
  firstApprovedBy: string | null,
  approver: Approver,
): { ok: true } | ReleaseRefusal {
  if (!isReviewerRole(approver.role)) return { ok: false, code: 'FORBIDDEN' };
  if (status !== 'PENDING_APPROVAL' || firstApprovedBy === null) {
    return {
      ok: false,
      code: 'ILLEGAL_TRANSITION',
      message: 'domain.error.ILLEGAL_TRANSITION.notAwaitingSecond',
    };
  }
  if (firstApprovedBy === approver.id) return SAME_APPROVER;
  return { ok: true };
}
