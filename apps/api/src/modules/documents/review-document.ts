import {
  checkCancelUpload,
  checkDiscard,
  decideFileUpdate,
  DomainError,
  type FileAction,
  type FileUpdateBody,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { WebhookEventType } from '../events/domain-events.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { toDocumentFile, type DocumentFileRecord } from './document-files.repository.ts';
import {
  actorFor,
  type DocumentDeps,
  type DocumentSetDefinition,
  type DocumentSetParent,
} from './document-set.ts';
import { fileEntry, parentOrNotFound } from './read-documents.ts';

const FILE_EVENTS = {
  review: 'file.reviewed',
  markForApproval: 'file.marked_for_approval',
} as const satisfies Record<FileAction, WebhookEventType>;

/**
 * Who answers for the file's decision after a transition: a checker's review is theirs, now, and
 * takes the place of the review a replacement carried; a file marked for approval has no decision.
 */
function reviewFields(action: FileAction, user: AuthenticatedUser) {
  return action === 'review'
    ? { reviewedBy: user.id, reviewedAt: new Date(), previousReview: null }
    : { reviewedBy: null, reviewedAt: null };
}

/**
 * One file transition (docs/product.md#statuses), decided by the domain's file transition function on the file as
 * read under the parent's row lock, and written only if the file is still as read: of two
 * requests at once the second sees the first's result (a second mark for approval is 409, a
 * decision change after the finalise is 409). Audited, and announced to the CRM.
 */
async function applyFileTransition(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  tx: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  file: DocumentFileRecord,
  request: Required<Pick<FileUpdateBody, 'approvalStatus'>> &
    Pick<FileUpdateBody, 'approverRemarks' | 'rejectionReason'>,
) {
  const decision = decideFileUpdate(file, request, actorFor(user, parent), parent.status);
  if (!decision.ok) throw new DomainError(decision.code);
  const updated = await def.files.updateLive(tx, file, {
    ...decision.next,
    ...reviewFields(decision.action, user),
  });
  if (!updated) throw new DomainError('STALE_VERSION');
  // Its reviewer now is this user (a review) or nobody (marked for approval).
  const reviewer = decision.action === 'review' ? user : null;
  const changed: DocumentFileRecord = {
    ...file,
    ...updated,
    reviewerUsername: reviewer?.username ?? null,
    reviewerRole: reviewer?.role ?? null,
  };
  const type = FILE_EVENTS[decision.action];
  await recordChange(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: type,
    before: { file: toDocumentFile(file) },
    after: { file: toDocumentFile(changed) },
    event: {
      type,
      orderingKey: `${def.kind}:${parent.key}`,
      data: {
        ...parent.eventData,
        key: changed.key,
        fileType: changed.fileType,
        approvalStatus: changed.approvalStatus,
        ...(changed.rejectionReason && { rejectionReason: changed.rejectionReason }),
      },
    },
  });
  return changed;
}

/**
 * PUT of a file (docs/product.md#api): with an approvalStatus it is a file transition — the owning borrower's
 * mark for approval, or an approver's review or change of decision. The borrower's remarks are
 * fixed once the file exists (docs/product.md#validation disables the box), so a borrower's PUT without a status may
 * only send them unchanged.
 */
export async function updateDocument(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
  body: FileUpdateBody,
) {
  return deps.db.transaction(async (tx) => {
    const parent = await parentOrNotFound(def, tx, user, { key: parentKey }, { forUpdate: true });
    const file = await def.files.find(tx, parent.key, fileKey);
    if (!file?.completedAt)
      throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });

    if (body.approvalStatus !== undefined) {
      const changed = await applyFileTransition(def, deps, tx, user, parent, file, {
        approvalStatus: body.approvalStatus,
        approverRemarks: body.approverRemarks,
        rejectionReason: body.rejectionReason,
      });
      return fileEntry(deps.storage, changed, user);
    }

    if (body.borrowerRemarks === undefined) {
      throw new DomainError('VALIDATION_FAILED', {
        message: 'domain.error.VALIDATION_FAILED.reviewOrRemarks',
        field: 'approvalStatus',
      });
    }
    if (user.role !== 'client') throw new DomainError('FORBIDDEN');
    if (!actorFor(user, parent).isOwner)
      throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
    if (body.borrowerRemarks !== (file.borrowerRemarks ?? undefined)) {
      throw new DomainError('FILE_LOCKED', {
        message: 'domain.error.FILE_LOCKED.borrowerRemarks',
      });
    }
    return fileEntry(deps.storage, file, user);
  });
}

/**
 * DELETE of a file. A live file is discarded, a soft delete (docs/product.md#api): it leaves its slot but
 * is never lost. An upload still pending (a replacement the borrower changed their mind about) is
 * cancelled: closed, its bytes deleted once that is committed, and nothing else changes.
 */
export async function discardDocument(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
) {
  const cancelled = await deps.db.transaction(async (tx) => {
    const parent = await parentOrNotFound(def, tx, user, { key: parentKey }, { forUpdate: true });
    const file = await def.files.find(tx, parent.key, fileKey);
    if (!file) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
    const actor = actorFor(user, parent);

    if (!file.completedAt) {
      const verdict = checkCancelUpload(actor);
      if (!verdict.ok) throw new DomainError(verdict.code);
      // The sweep of abandoned uploads does not take the parent's lock: it may have closed it.
      const closed = await def.files.updatePending(tx, file.key, { deletedAt: new Date() });
      if (!closed) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
      return closed;
    }

    const verdict = checkDiscard(file, actor, parent.status);
    if (!verdict.ok) throw new DomainError(verdict.code);
    const discarded = await def.files.updateLive(tx, file, { deletedAt: new Date() });
    if (!discarded) throw new DomainError('STALE_VERSION');
    await recordChange(tx, user, {
      entityType: def.auditTypes.set,
      entityKey: parent.key,
      action: 'file.discarded',
      before: { file: toDocumentFile(file) },
      after: { file: toDocumentFile({ ...file, ...discarded }) },
    });
    return undefined;
  });
  if (cancelled?.storageKey) await deps.storage.delete(cancelled.storageKey);
}
