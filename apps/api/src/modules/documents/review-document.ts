import {
  checkDiscard,
  decideFileReview,
  DomainError,
  isLocked,
  type FileUpdateBody,
} from '@portal/domain';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { toDocumentFile } from './document-files.repository.ts';
import { actorFor, type DocumentDeps, type DocumentSetDefinition } from './document-set.ts';
import { fileEntry, parentOrNotFound } from './read-documents.ts';

/**
 * PUT of a file (SPEC §7): with an approvalStatus it is an approver's review (SPEC §4: only a
 * pending file, only with remarks); otherwise the owning borrower edits their remarks on a file
 * not yet sent for approval.
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
    const parent = await parentOrNotFound(def, tx, user, parentKey, { forUpdate: true });
    const file = await def.files.find(tx, parent.key, fileKey);
    if (!file?.completedAt) throw new DomainError('NOT_FOUND', 'No such file');
    const actor = actorFor(user, parent);

    if (body.approvalStatus !== undefined) {
      const review = decideFileReview(
        file,
        { approvalStatus: body.approvalStatus, approverRemarks: body.approverRemarks },
        actor,
      );
      if (!review.ok) throw new DomainError(review.code);
      const row = await def.files.update(tx, file.key, review.next);
      await deps.recorder.record(tx, user, {
        entityType: def.auditTypes.set,
        entityKey: parent.key,
        action: 'file.reviewed',
        before: { file: toDocumentFile(file) },
        after: { file: toDocumentFile(row) },
        event: {
          type: 'file.reviewed',
          orderingKey: `${def.kind}:${parent.key}`,
          data: {
            ...parent.eventData,
            key: row.key,
            fileType: row.fileType,
            approvalStatus: row.approvalStatus,
          },
        },
      });
      return fileEntry(deps.storage, row);
    }

    if (body.borrowerRemarks === undefined) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'approvalStatus: send a review status, or borrowerRemarks to change',
      );
    }
    if (user.role !== 'client') throw new DomainError('FORBIDDEN');
    if (!actor.isOwner) throw new DomainError('NOT_FOUND', 'No such file');
    if (isLocked(parent.status) || file.approvalStatus !== 'NOT_RAISED') {
      throw new DomainError(
        'FILE_LOCKED',
        'Remarks can change only before the document is sent for approval',
      );
    }
    const row = await def.files.update(tx, file.key, { borrowerRemarks: body.borrowerRemarks });
    await deps.recorder.record(tx, user, {
      entityType: def.auditTypes.set,
      entityKey: parent.key,
      action: 'file.remarks_changed',
      before: { file: toDocumentFile(file) },
      after: { file: toDocumentFile(row) },
    });
    return fileEntry(deps.storage, row);
  });
}

/** Discard is a soft delete (DESIGN §4): the file leaves its slot but is never lost. */
export async function discardDocument(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
) {
  await deps.db.transaction(async (tx) => {
    const parent = await parentOrNotFound(def, tx, user, parentKey, { forUpdate: true });
    const file = await def.files.find(tx, parent.key, fileKey);
    if (!file?.completedAt) throw new DomainError('NOT_FOUND', 'No such file');
    const verdict = checkDiscard(file, actorFor(user, parent), parent.status);
    if (!verdict.ok) throw new DomainError(verdict.code);
    const row = await def.files.update(tx, file.key, { deletedAt: new Date() });
    await deps.recorder.record(tx, user, {
      entityType: def.auditTypes.set,
      entityKey: parent.key,
      action: 'file.discarded',
      before: { file: toDocumentFile(file) },
      after: { file: toDocumentFile(row) },
    });
  });
}
