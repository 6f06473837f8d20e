import { randomUUID } from 'node:crypto';
import {
  checkUpload,
  DomainError,
  findSlotFile,
  isAllowedContentType,
  type FileCreateBody,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { storageKeySegment } from '../../storage/storage.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { toDocumentFile, type DocumentFileRow } from './document-files.repository.ts';
import {
  actorFor,
  type DocumentDeps,
  type DocumentSetDefinition,
  type DocumentSetParent,
} from './document-set.ts';
import { fileEntry, parentOrNotFound } from './read-documents.ts';
import { verifyUpload } from './verify-upload.ts';

const UPLOAD_URL_SECONDS = 15 * 60;

/** Keeps a readable name but nothing that could act as a path or a header trick. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters are exactly what must not reach a header or a file system.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'document';
}

/** SPEC §4: upload only into an empty slot of the borrower's own set while it is not locked. */
async function assertSlotOpen(
  def: DocumentSetDefinition,
  db: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  fileType: string,
) {
  if (!parent.slots.includes(fileType)) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `fileType: ${fileType} is not one of this ${def.kind}'s documents`,
    );
  }
  const live = await def.files.liveFiles(db, parent.key);
  const verdict = checkUpload(findSlotFile(live, fileType), actorFor(user, parent), parent.status);
  if (!verdict.ok) throw new DomainError(verdict.code);
}

/** A file now fills its slot: audited, and announced to the CRM (file.uploaded). */
function recordUpload(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  tx: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  row: DocumentFileRow,
) {
  return deps.recorder.record(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: 'file.uploaded',
    after: { file: toDocumentFile(row) },
    event: {
      type: 'file.uploaded',
      orderingKey: `${def.kind}:${parent.key}`,
      data: {
        ...parent.eventData,
        key: row.key,
        fileType: row.fileType,
        approvalStatus: row.approvalStatus,
      },
    },
  });
}

/**
 * Step one of an upload (DESIGN §4): records the file as incomplete and answers a presigned PUT.
 * A remarks-only entry (no content) is complete at once and fills its slot.
 */
export async function startUpload(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  body: FileCreateBody,
) {
  const hasContent = body.fileName !== undefined;
  if (hasContent && body.size! > deps.maxUploadBytes) throw new DomainError('FILE_TOO_LARGE');
  if (hasContent && !isAllowedContentType(body.contentType ?? ''))
    throw new DomainError('UNSUPPORTED_FILE_TYPE');

  return deps.db.transaction(async (tx) => {
    const parent = await parentOrNotFound(def, tx, user, parentKey, { forUpdate: true });
    await assertSlotOpen(def, tx, user, parent, body.fileType);
    const base = {
      parentKey: parent.key,
      fileType: body.fileType,
      borrowerRemarks: body.borrowerRemarks ?? null,
      createdBy: user.id,
    };
    if (!hasContent) {
      const row = await def.files.insert(tx, { ...base, completedAt: new Date() });
      await recordUpload(def, deps, tx, user, parent, row);
      return fileEntry(deps.storage, row);
    }
    // Lender keys may hold any character; the storage key gets a safe form of it.
    const storageKey = `${def.storagePrefix}/${storageKeySegment(parent.key)}/${randomUUID()}`;
    const row = await def.files.insert(tx, {
      ...base,
      fileName: sanitiseFileName(body.fileName!),
      fileHash: body.fileHash!,
      size: body.size!,
      contentType: body.contentType!,
      storageKey,
    });
    const upload = await deps.storage.presignUpload(storageKey, {
      contentType: body.contentType!,
      size: body.size!,
      sha256Hex: body.fileHash!,
      expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return {
      file: toDocumentFile(row),
      meta: { presignedUrl: upload.url, uploadHeaders: upload.headers },
    };
  });
}

/**
 * Step three: the bytes are checked where they were stored, and only then does the file count.
 * The check runs outside the transaction (it reads the whole object); the slot is re-checked inside.
 * A refused upload is removed and never listed.
 */
export async function completeUpload(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
) {
  const parent = await parentOrNotFound(def, deps.db, user, parentKey);
  const pending = await def.files.find(deps.db, parent.key, fileKey);
  if (!pending) throw new DomainError('NOT_FOUND', 'No such file');
  if (pending.completedAt) return fileEntry(deps.storage, pending);
  if (!actorFor(user, parent).isOwner)
    throw new DomainError(user.role === 'client' ? 'NOT_FOUND' : 'FORBIDDEN');

  let contentType: string;
  try {
    contentType = await verifyUpload(
      deps.storage,
      {
        storageKey: pending.storageKey!,
        size: pending.size!,
        fileHash: pending.fileHash!,
        contentType: pending.contentType ?? '',
      },
      deps.maxUploadBytes,
    );
  } catch (error) {
    // Missing bytes may still arrive; anything else is final for this upload.
    if (!(error instanceof DomainError && error.code === 'UPLOAD_INCOMPLETE')) {
      await deps.storage.delete(pending.storageKey!);
      await def.files.update(deps.db, pending.key, { deletedAt: new Date() });
    }
    throw error;
  }

  return deps.db.transaction(async (tx) => {
    const locked = await parentOrNotFound(def, tx, user, parentKey, { forUpdate: true });
    await assertSlotOpen(def, tx, user, locked, pending.fileType);
    const row = await def.files.update(tx, pending.key, { completedAt: new Date(), contentType });
    await recordUpload(def, deps, tx, user, locked, row);
    return fileEntry(deps.storage, row);
  });
}
