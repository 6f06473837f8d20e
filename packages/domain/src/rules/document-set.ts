import type { ApprovalStatus, ReviewOutcome } from '../approval-status.ts';
import type { DomainErrorCode } from '../errors.ts';
import type { RejectionReason } from '../rejection-reasons.ts';
import { COLLATERAL_SLOTS, UNIT_SLOTS } from '../file-types.ts';
import { isReviewerRole, type PreviousReview, type Role } from '../schemas/entities.ts';

// docs/product.md#what-it-does: a unit (7 slots) and a monitoring frequency (9 slots) are one
// "document set": a parent status plus typed slots, each holding at most one
// live file. These are its rules (docs/product.md#statuses), written once for both.

export type DocumentSetKind = 'unit' | 'frequency';

/** A live, completed, not deleted file: what fills a slot. */
export interface SetFile {
  fileType: string;
  approvalStatus: ApprovalStatus;
  approverRemarks: string | null;
}

type FileStatus = Pick<SetFile, 'approvalStatus'>;

export interface DocumentSetState<F extends SetFile = SetFile> {
  status: ApprovalStatus;
  /** The required file types, one per slot. */
  slots: readonly string[];
  files: readonly F[];
}

/** `isOwner`: the borrower owns the set's account (always false for staff). */
export interface Actor {
  role: Role;
  isOwner: boolean;
}

export type DocumentSetAction =
  { type: 'submit' } | { type: 'finalise'; requested: ReviewOutcome } | { type: 'reopen' };

export type Verdict = { ok: true } | { ok: false; code: DomainErrorCode };

/** `next.files` are the input files in the same order, with their new status and remarks. */
export type Decision<F extends SetFile = SetFile> =
  { ok: true; next: { status: ApprovalStatus; files: F[] } } | { ok: false; code: DomainErrorCode };

/** docs/product.md#limits: seven files per unit, exactly nine per frequency. */
export const REQUIRED_FILE_COUNT = {
  unit: UNIT_SLOTS.length,
  frequency: COLLATERAL_SLOTS.length,
} as const satisfies Record<DocumentSetKind, number>;

const OK: Verdict = { ok: true };
const refuse = (code: DomainErrorCode) => ({ ok: false, code }) as const;

/** docs/product.md#statuses: nothing in a set changes while it awaits approval or once approved. */
export function isLocked(status: ApprovalStatus): boolean {
  return status === 'PENDING_APPROVAL' || status === 'APPROVED';
}

const isReviewed = (file: FileStatus) =>
  file.approvalStatus === 'APPROVED' || file.approvalStatus === 'REJECTED';

/** The set's file in a slot, if any. */
export function findSlotFile<F extends SetFile>(
  files: readonly F[],
  fileType: string,
): F | undefined {
  return files.find((file) => file.fileType === fileType);
}

/** Files outside the slots (e.g. the other NOC kind after selectedNoc changed) do not count. */
function slotFiles<F extends SetFile>(state: DocumentSetState<F>): F[] {
  return state.files.filter((file) => state.slots.includes(file.fileType));
}

function everySlotFilled(state: DocumentSetState): boolean {
  return state.slots.every((slot) => findSlotFile(state.files, slot) !== undefined);
}

function everySlotReviewed(state: DocumentSetState): boolean {
  return everySlotFilled(state) && slotFiles(state).every(isReviewed);
}

/** docs/product.md#server-rules: only the owning borrower uploads, discards, submits; another borrower's set is 404. */
function borrowerOnly(actor: Actor): Verdict {
  if (actor.role !== 'client') return refuse('FORBIDDEN');
  if (!actor.isOwner) return refuse('NOT_FOUND');
  return OK;
}

/** docs/product.md#roles, #server-rules: approvers (and admins) review; viewers only read. */
function reviewerOnly(actor: Actor): Verdict {
  return isReviewerRole(actor.role) ? OK : refuse('FORBIDDEN');
}

/** docs/product.md#statuses: the final status is computed: APPROVED unless a file is REJECTED. */
export function finalOutcome(files: readonly SetFile[]): ReviewOutcome {
  return files.some((file) => file.approvalStatus === 'REJECTED') ? 'REJECTED' : 'APPROVED';
}

/** docs/product.md#records, #limits: a frequency "has required files" with more than 8. */
export function hasRequiredFiles(count: number): boolean {
  return count > 8;
}

/**
 * docs/product.md#statuses, #limits: every slot holds one file, the count is exactly 7 (unit) or 9
 * (frequency), each file is NOT_RAISED or APPROVED, and the set is neither
 * pending nor approved. This covers a unit's first submit (all NOT_RAISED) and
 * resubmission after rejection (NOT_RAISED or APPROVED) alike.
 */
export function isReadyToSubmit(kind: DocumentSetKind, state: DocumentSetState): boolean {
  const files = slotFiles(state);
  return (
    !isLocked(state.status) &&
    files.length === REQUIRED_FILE_COUNT[kind] &&
    everySlotFilled(state) &&
    files.every(
      (file) => file.approvalStatus === 'NOT_RAISED' || file.approvalStatus === 'APPROVED',
    )
  );
}

/** docs/product.md#statuses all-uploaded flag: every slot filled, and not every file pending. */
export function allUploaded(state: DocumentSetState): boolean {
  return (
    everySlotFilled(state) &&
    !slotFiles(state).every((file) => file.approvalStatus === 'PENDING_APPROVAL')
  );
}

/**
 * docs/product.md#screens, #statuses all-approved flag: every slot's file is approved or rejected and
 * the set is not already APPROVED. Finalising also needs the set pending: use
 * canFinalise to show the approver's Submit.
 */
export function allReviewed(state: DocumentSetState): boolean {
  return everySlotReviewed(state) && state.status !== 'APPROVED';
}

function checkSubmit(kind: DocumentSetKind, state: DocumentSetState, actor: Actor): Verdict {
  const allowed = borrowerOnly(actor);
  if (!allowed.ok) return allowed;
  if (isLocked(state.status)) return refuse('ILLEGAL_TRANSITION');
  // docs/product.md#statuses: resubmission needs 7 (unit) or exactly 9 (frequency) unreviewed-or-approved files.
  if (!isReadyToSubmit(kind, state)) return refuse('NOT_READY_TO_SUBMIT');
  return OK;
}

function checkFinalise(state: DocumentSetState, actor: Actor): Verdict {
  const allowed = reviewerOnly(actor);
  if (!allowed.ok) return allowed;
  if (state.status !== 'PENDING_APPROVAL') return refuse('ILLEGAL_TRANSITION');
  // docs/product.md#server-rules: finalise only when every document is reviewed.
  if (!everySlotReviewed(state)) return refuse('NOT_ALL_REVIEWED');
  return OK;
}

/** Whether the approver's Submit (finalise) would be accepted now. */
export function canFinalise(state: DocumentSetState, actor: Actor): boolean {
  return checkFinalise(state, actor).ok;
}

/**
 * The one transition function of a document set. Authorisation is
 * checked before state (docs/product.md#api): a role that may never act gets FORBIDDEN,
 * an allowed role at the wrong moment a 409 code.
 */
export function decide<F extends SetFile>(
  kind: DocumentSetKind,
  state: DocumentSetState<F>,
  action: DocumentSetAction,
  actor: Actor,
): Decision<F> {
  switch (action.type) {
    case 'submit': {
      const verdict = checkSubmit(kind, state, actor);
      if (!verdict.ok) return verdict;
      // docs/product.md#statuses: APPROVED files stay APPROVED with their remarks; the rest go
      // to PENDING_APPROVAL with approver remarks cleared.
      const files = state.files.map((file) =>
        state.slots.includes(file.fileType) && file.approvalStatus !== 'APPROVED'
          ? { ...file, approvalStatus: 'PENDING_APPROVAL' as const, approverRemarks: null }
          : file,
      );
      return { ok: true, next: { status: 'PENDING_APPROVAL', files } };
    }
    case 'finalise': {
      const verdict = checkFinalise(state, actor);
      if (!verdict.ok) return verdict;
      // docs/product.md#server-rules: the outcome is computed, not trusted.
      const outcome = finalOutcome(slotFiles(state));
      if (action.requested !== outcome) return refuse('OUTCOME_MISMATCH');
      return { ok: true, next: { status: outcome, files: [...state.files] } };
    }
    case 'reopen': {
      const allowed = borrowerOnly(actor);
      if (!allowed.ok) return allowed;
      // docs/product.md#statuses: only an APPROVED frequency reopens (the edit icon); units never do.
      if (kind === 'unit' || state.status !== 'APPROVED') return refuse('ILLEGAL_TRANSITION');
      const files = state.files.map((file) => ({
        ...file,
        approvalStatus: 'NOT_RAISED' as const,
        approverRemarks: null,
      }));
      return { ok: true, next: { status: 'NOT_RAISED', files } };
    }
  }
}

/**
 * docs/product.md#api, #api: a PUT carries the requested status; this is the action
 * it asks for (PENDING_APPROVAL submits, APPROVED/REJECTED finalises,
 * NOT_RAISED reopens).
 */
export function actionForRequestedStatus(requested: ApprovalStatus): DocumentSetAction {
  switch (requested) {
    case 'PENDING_APPROVAL':
      return { type: 'submit' };
    case 'APPROVED':
    case 'REJECTED':
      return { type: 'finalise', requested };
    case 'NOT_RAISED':
      return { type: 'reopen' };
  }
}

/** A file's status, approver remarks and rejection reason after a file-level transition. */
export interface FileChange {
  approvalStatus: ApprovalStatus;
  approverRemarks: string | null;
  rejectionReason: RejectionReason | null;
}

/** What a checker sends to decide on a file. */
export interface FileReviewRequest {
  approvalStatus: ApprovalStatus;
  approverRemarks?: string | null | undefined;
  rejectionReason?: RejectionReason | null | undefined;
}

/**
 * `review` is a checker's decision: it becomes the file's current review and takes the place of
 * any previous review the file carried. `markForApproval` is the borrower's: the file awaits a
 * decision again, so it has none.
 */
export type FileAction = 'review' | 'markForApproval';

export type FileDecision =
  { ok: true; action: FileAction; next: FileChange } | { ok: false; code: DomainErrorCode };

/**
 * Whether an approver (or admin) may decide on this file now, remarks aside (docs/product.md#statuses): a pending
 * file, in any set (a borrower may mark one file for approval before submitting the set); or a
 * file already approved or rejected, to change the decision, while the set still awaits approval
 * (once finalised, decisions stand).
 */
export function checkReview(file: FileStatus, actor: Actor, parentStatus: ApprovalStatus): Verdict {
  const allowed = reviewerOnly(actor);
  if (!allowed.ok) return allowed;
  if (file.approvalStatus === 'PENDING_APPROVAL') return OK;
  if (isReviewed(file) && parentStatus === 'PENDING_APPROVAL') return OK;
  return refuse('FILE_NOT_PENDING');
}

export function canReview(file: FileStatus, actor: Actor, parentStatus: ApprovalStatus): boolean {
  return checkReview(file, actor, parentStatus).ok;
}

/**
 * docs/product.md#statuses, #server-rules: an approver approves or rejects a file, always with remarks: a pending
 * file, or (a decision change) a reviewed file while the set still awaits approval. A requested
 * status other than APPROVED/REJECTED is not a review; an approval carries no reason.
 */
export function decideFileReview(
  file: FileStatus,
  review: FileReviewRequest,
  actor: Actor,
  parentStatus: ApprovalStatus,
): FileDecision {
  const allowed = reviewerOnly(actor);
  if (!allowed.ok) return allowed;
  const requested = review.approvalStatus;
  if (requested !== 'APPROVED' && requested !== 'REJECTED') return refuse('ILLEGAL_TRANSITION');
  const verdict = checkReview(file, actor, parentStatus);
  if (!verdict.ok) return verdict;
  const approverRemarks = review.approverRemarks?.trim() ?? '';
  if (approverRemarks === '') return refuse('REMARKS_REQUIRED');
  if (requested === 'APPROVED' && review.rejectionReason) return refuse('VALIDATION_FAILED');
  // docs/product.md#api: its client names no reason, and its rejection must still be one: OTHER.
  const rejectionReason = requested === 'REJECTED' ? (review.rejectionReason ?? 'OTHER') : null;
  return {
    ok: true,
    action: 'review',
    next: { approvalStatus: requested, approverRemarks, rejectionReason },
  };
}

/**
 * docs/product.md#statuses "Mark for approval": the owning borrower sends one file to the checker ahead of the
 * set, while neither the set nor the file is pending or approved.
 */
export function checkMarkForApproval(
  file: FileStatus,
  actor: Actor,
  parentStatus: ApprovalStatus,
): Verdict {
  const allowed = borrowerOnly(actor);
  if (!allowed.ok) return allowed;
  if (isLocked(parentStatus)) return refuse('SET_LOCKED');
  if (file.approvalStatus === 'PENDING_APPROVAL' || file.approvalStatus === 'APPROVED') {
    return refuse('FILE_LOCKED');
  }
  return OK;
}

export function canMarkForApproval(
  file: FileStatus,
  actor: Actor,
  parentStatus: ApprovalStatus,
): boolean {
  return checkMarkForApproval(file, actor, parentStatus).ok;
}

/**
 * docs/product.md#statuses: marking for approval sets the file to PENDING_APPROVAL and clears approverRemarks
 * (and the rejection reason that went with them).
 */
export function decideMarkForApproval(
  file: FileStatus,
  actor: Actor,
  parentStatus: ApprovalStatus,
): FileDecision {
  const verdict = checkMarkForApproval(file, actor, parentStatus);
  if (!verdict.ok) return verdict;
  return {
    ok: true,
    action: 'markForApproval',
    next: { approvalStatus: 'PENDING_APPROVAL', approverRemarks: null, rejectionReason: null },
  };
}

/**
 * The one transition function of a file (docs/product.md#api: a PUT carries the requested status):
 * PENDING_APPROVAL is the borrower's mark for approval, APPROVED/REJECTED the checker's review.
 * NOT_RAISED is no file transition; who may change files at all is told so (409), anyone else is
 * refused as for any other status.
 */
export function decideFileUpdate(
  file: FileStatus,
  request: FileReviewRequest,
  actor: Actor,
  parentStatus: ApprovalStatus,
): FileDecision {
  switch (request.approvalStatus) {
    case 'PENDING_APPROVAL':
      return decideMarkForApproval(file, actor, parentStatus);
    case 'APPROVED':
    case 'REJECTED':
      return decideFileReview(file, request, actor, parentStatus);
    case 'NOT_RAISED': {
      const allowed = actor.role === 'client' ? borrowerOnly(actor) : reviewerOnly(actor);
      return allowed.ok ? refuse('ILLEGAL_TRANSITION') : allowed;
    }
  }
}

/** docs/product.md#statuses: the owning borrower uploads into an empty slot of a set that is not locked. */
export function checkUpload(
  slotFile: FileStatus | undefined,
  actor: Actor,
  parentStatus: ApprovalStatus,
): Verdict {
  const allowed = borrowerOnly(actor);
  if (!allowed.ok) return allowed;
  if (isLocked(parentStatus)) return refuse('SET_LOCKED');
  if (slotFile) return refuse('SLOT_FILLED');
  return OK;
}

export function canUpload(
  slotFile: FileStatus | undefined,
  actor: Actor,
  parentStatus: ApprovalStatus,
): boolean {
  return checkUpload(slotFile, actor, parentStatus).ok;
}

/**
 * docs/product.md#statuses, #validation: only the owning borrower discards, and only a file that is not
 * pending and not approved (so NOT_RAISED or REJECTED), in a set that is not locked.
 */
export function checkDiscard(
  file: FileStatus,
  actor: Actor,
  parentStatus: ApprovalStatus,
): Verdict {
  const allowed = borrowerOnly(actor);
  if (!allowed.ok) return allowed;
  if (isLocked(parentStatus)) return refuse('SET_LOCKED');
  if (file.approvalStatus === 'PENDING_APPROVAL' || file.approvalStatus === 'APPROVED') {
    return refuse('FILE_LOCKED');
  }
  return OK;
}

export function canDiscard(file: FileStatus, actor: Actor, parentStatus: ApprovalStatus): boolean {
  return checkDiscard(file, actor, parentStatus).ok;
}

/** A live file as the replace rule sees it. */
export interface ReplacedFile extends FileStatus {
  fileType: string;
  approverRemarks: string | null;
  rejectionReason: RejectionReason | null;
  reviewedBy: PreviousReview['reviewedBy'];
  reviewedAt: PreviousReview['reviewedAt'];
  previousReview: PreviousReview | null;
}

/**
 * Replace, don't delete: the owning borrower may send a replacement for a slot's live file when
 * that file could be discarded (docs/product.md#statuses), and only into the same slot. `replaced` is the file the
 * replacement names among the set's live files: undefined once it has left its slot (discarded,
 * or replaced by another upload first), which is a conflict. Checked when the replacement starts
 * and again, under the set's lock, when it completes and the two swap.
 */
export function checkReplace(
  replaced: Pick<ReplacedFile, 'approvalStatus' | 'fileType'> | undefined,
  fileType: string,
  actor: Actor,
  parentStatus: ApprovalStatus,
): Verdict {
  const allowed = borrowerOnly(actor);
  if (!allowed.ok) return allowed;
  if (isLocked(parentStatus)) return refuse('SET_LOCKED');
  if (!replaced) return refuse('CONFLICT');
  if (replaced.fileType !== fileType) return refuse('VALIDATION_FAILED');
  return checkDiscard(replaced, actor, parentStatus);
}

export function canReplace(
  file: Pick<ReplacedFile, 'approvalStatus' | 'fileType'>,
  actor: Actor,
  parentStatus: ApprovalStatus,
): boolean {
  return checkReplace(file, file.fileType, actor, parentStatus).ok;
}

/**
 * The decision a replacement shows until a checker reviews it: the replaced file's own when it
 * had one, else the one the replaced file carried (a replacement of a replacement still answers
 * the same rejection).
 */
export function carriedReview(replaced: ReplacedFile): PreviousReview | null {
  if (replaced.approvalStatus !== 'APPROVED' && replaced.approvalStatus !== 'REJECTED') {
    return replaced.previousReview;
  }
  return {
    approvalStatus: replaced.approvalStatus,
    approverRemarks: replaced.approverRemarks,
    rejectionReason: replaced.rejectionReason,
    reviewedBy: replaced.reviewedBy,
    reviewedAt: replaced.reviewedAt,
  };
}

/**
 * An upload started but not completed changes nothing in its set, so its borrower may cancel it
 * whatever the set's state; only the owning borrower, like every upload.
 */
export function checkCancelUpload(actor: Actor): Verdict {
  return borrowerOnly(actor);
}
