import { isLocked, isReviewerRole, type ApprovalStatus, type Role } from '@portal/domain';

/**
 * Whether an item waits on this user: a borrower's unit or frequency that is not locked (to
 * upload, fix or submit), a reviewer's pending one. Viewers only read; nothing waits on them.
 */
export function needsAttention(role: Role, status: ApprovalStatus): boolean {
  if (role === 'client') return !isLocked(status);
  if (isReviewerRole(role)) return status === 'PENDING_APPROVAL';
  return false;
}
