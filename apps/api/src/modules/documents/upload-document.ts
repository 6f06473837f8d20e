import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  carriedReview,
  checkReplace,
  checkUpload,
  DomainError,
  findSlotFile,
  isAllowedContentType,
  type DomainErrorCode,
  type ErrorDetails,
  type FileCreateBody,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { frequencyFiles, unitFiles, users } from '../../db/schema.ts';
import { storageKeySegment } from '../../storage/storage.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { ABANDONED_AFTER_MS } from './clean-abandoned-uploads.ts';
import {
  asDocumentFiles,
  documentFilesRepository,
  toDocumentFile,
  type DocumentFileRecord,
  type DocumentFileRow,
} from './document-files.repository.ts';
import {
  actorFor,
  type DocumentDeps,
  type DocumentSetDefinition,
  type DocumentSetParent,
} from './document-set.ts';
import { fileEntry, fraudFlagsOf, lockSet, parentOrNotFound } from './read-documents.ts';
import { scanResultOf, startScan } from './scan-upload.ts';
import { verifyUpload } from './verify-upload.ts';

export const UPLOAD_URL_SECONDS = 15 * 60;

/**
 * Each started upload holds a live link and perhaps stored bytes until `complete` or the sweep
 * of abandoned uploads, so a borrower, and a slot, may have only this many at once.
 */
export const MAX_PENDING_UPLOADS_PER_USER = 20;
export const MAX_PENDING_UPLOADS_PER_SLOT = 3;

// A borrower's cap spans every document set, units and frequencies alike.
const everyDocumentFileTable = [unitFiles, frequencyFiles].map((table) =>
  documentFilesRepository(asDocumentFiles(table)),
);

/**
 * REUSED_DOCUMENT when the same bytes were already uploaded for another account, in either file
 * table. The hash's lock makes two accounts completing the same bytes at once take turns, so the
 * second always sees the first and exactly one of them is flagged.
 */
async function reusedElsewhere(tx: Executor, fileHash: string, accountKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fileHash}, 0))`);
  const others = new Set<string>();
  for (const files of everyDocumentFileTable) {
    for (const other of await files.otherAccountsWithHash(tx, fileHash, accountKey)) {
      others.add(other);
    }
  }
  return others.size > 0
    ? [{ code: 'REUSED_DOCUMENT' as const, detail: [...others].sort().join(', ') }]
    : [];
}

const MAX_FILE_NAME_CHARS = 200;
// A longer tail after the last '.' is part of the name, not an extension to keep whole.
const MAX_EXTENSION_CHARS = 10;

/**
 * Keeps a readable name but nothing that could act as a path, a header trick or a disguise:
 * no folders, no control characters, no invisible format characters (a right-to-left override
 * makes `statement\u202Efdp.exe` read as `statementexe.pdf`), and at most MAX_FILE_NAME_CHARS
 * characters with the extension kept.
 */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Format characters (Cf) are invisible: bidi controls U+202A–U+202E, U+2066–U+2069, U+061C;
    // zero-width U+200B–U+200F; U+FEFF and the like can only disguise a name.
    .replace(/\p{Cf}/gu, '')
    // Control characters and line breaks are exactly what must not reach a header or a file system.
    .replace(/[\p{Cc}\p{Zl}\p{Zp}"<>|:*?]/gu, '_')
    .replace(/^[\s.]+/u, '')
    .trimEnd();
  return shortened(cleaned) || 'document';
}

/** Counted in code points, so no character is cut in half. */
function shortened(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_FILE_NAME_CHARS) return name;
  const dot = chars.lastIndexOf('.');
  const extension =
    dot > 0 && chars.length - dot <= MAX_EXTENSION_CHARS + 1 ? chars.slice(dot) : [];
  const stem = chars.slice(0, MAX_FILE_NAME_CHARS - extension.length).join('');
  return stem.trimEnd() + extension.join('');
}

/**
 * 429 once the user, or the slot, has as many pending uploads as allowed; uploads older than
 * ABANDONED_AFTER_MS no longer count. The user's row is locked first, so one user's starts are
 * counted one after another however many arrive at once (the parent's lock covers one set only).
 */
async function assertMayStartUpload(
  tx: Executor,
  def: DocumentSetDefinition,
  userId: string,
  slot: { parentKey: string; fileType: string },
) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const since = new Date(Date.now() - ABANDONED_AFTER_MS);
  let byUser = 0;
  for (const files of everyDocumentFileTable) {
    byUser += await files.countPending(tx, { createdBy: userId }, since);
  }
  if (byUser >= MAX_PENDING_UPLOADS_PER_USER) {
    throw new DomainError('THROTTLED', {
      message: 'domain.error.THROTTLED.pendingUploadsByUser',
      values: { count: MAX_PENDING_UPLOADS_PER_USER },
    });
  }
  if ((await def.files.countPending(tx, slot, since)) >= MAX_PENDING_UPLOADS_PER_SLOT) {
    throw new DomainError('THROTTLED', {
      message: 'domain.error.THROTTLED.pendingUploadsBySlot',
      values: { count: MAX_PENDING_UPLOADS_PER_SLOT },
    });
  }
}

const REPLACE_REFUSALS: { [C in DomainErrorCode]?: ErrorDetails<C> } = {
  CONFLICT: { message: 'domain.error.CONFLICT.replacedChanged' },
  VALIDATION_FAILED: {
    message: 'domain.error.VALIDATION_FAILED.replaceSameDocument',
    field: 'replaces',
  },
};

/**
 * docs/product.md#statuses: a file goes into an empty slot of the borrower's own set while it is not locked; or, as
 * a replacement, takes the place of the slot's live file it names, when that file could be
 * discarded. Answers the file it replaces, if any.
 */
function assertMayFill(
  def: DocumentSetDefinition,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  live: readonly DocumentFileRecord[],
  fileType: string,
  replaces: string | null,
) {
  if (!parent.slots.includes(fileType)) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'domain.error.VALIDATION_FAILED.notASlot',
      values: { fileType, kind: def.kind },
      field: 'fileType',
    });
  }
  const actor = actorFor(user, parent);
  if (replaces === null) {
    const verdict = checkUpload(findSlotFile(live, fileType), actor, parent.status);
    if (!verdict.ok) throw new DomainError(verdict.code);
    return undefined;
  }
  const replaced = live.find((file) => file.key === replaces);
  const verdict = checkReplace(replaced, fileType, actor, parent.status);
  if (!verdict.ok) throw new DomainError(verdict.code, REPLACE_REFUSALS[verdict.code]);
  return replaced;
}

/**
 * Replace, don't delete: the replaced file leaves its slot, and the replacement will carry its
 * review (the fields to write with the replacement as it fills the slot, in the same
 * transaction). The old file goes first, so the one-live-file-per-slot index holds at every step.
 */
async function vacateFor(
  def: DocumentSetDefinition,
  tx: Executor,
  replaced: DocumentFileRecord | undefined,
) {
  if (!replaced) return {};
  if (!(await def.files.updateLive(tx, replaced, { deletedAt: new Date() }))) {
    throw new DomainError('CONFLICT', REPLACE_REFUSALS.CONFLICT);
  }
  return { previousReview: carriedReview(toDocumentFile(replaced)), replacesKey: null };
}

/**
 * A file now fills its slot, perhaps in place of another: audited (the replaced file as the
 * before), and announced to the CRM (file.uploaded or file.replaced). Answers the file.
 */
async function recordFilled(
  def: DocumentSetDefinition,
  tx: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  filled: DocumentFileRecord,
  replaced: DocumentFileRecord | undefined,
) {
  const type = replaced ? 'file.replaced' : 'file.uploaded';
  await recordChange(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: type,
    ...(replaced && { before: { file: toDocumentFile(replaced) } }),
    after: { file: toDocumentFile(filled) },
    event: {
      type,
      orderingKey: `${def.kind}:${parent.key}`,
      data: {
        ...parent.eventData,
        key: filled.key,
        fileType: filled.fileType,
        approvalStatus: filled.approvalStatus,
        fraudFlags: fraudFlagsOf(filled),
      },
    },
  });
  return filled;
}

/** A file row just written by `user`, as its answer names the people: nobody has reviewed it. */
const uploadedBy = (row: DocumentFileRow, user: AuthenticatedUser): DocumentFileRecord => ({
  ...row,
  uploaderUsername: user.username,
  reviewerUsername: null,
  reviewerRole: null,
});

/**
 * Step one of an upload (docs/product.md#api): records the file as incomplete and answers a presigned PUT.
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
    const { parent, files: live } = await lockSet(def, tx, user, { key: parentKey });
    const replaces = body.replaces ?? null;
    const replaced = assertMayFill(def, user, parent, live, body.fileType, replaces);
    const base = {
      parentKey: parent.key,
      accountKey: parent.accountKey,
      fileType: body.fileType,
      borrowerRemarks: body.borrowerRemarks ?? null,
      createdBy: user.id,
    };
    if (!hasContent) {
      const replacing = await vacateFor(def, tx, replaced);
      const row = await def.files.insert(tx, { ...base, ...replacing, completedAt: new Date() });
      return fileEntry(
        deps.storage,
        await recordFilled(def, tx, user, parent, uploadedBy(row, user), replaced),
        user,
      );
    }
    await assertMayStartUpload(tx, def, user.id, {
      parentKey: parent.key,
      fileType: body.fileType,
    });
    // Lender keys may hold any character; the storage key gets a safe form of it.
    const storageKey = `${def.storagePrefix}/${storageKeySegment(parent.key)}/${randomUUID()}`;
    const row = await def.files.insert(tx, {
      ...base,
      fileName: sanitiseFileName(body.fileName!),
      fileHash: body.fileHash!,
      size: body.size!,
      contentType: body.contentType!,
      storageKey,
      // The old file keeps its slot until this one completes.
      replacesKey: replaces,
    });
    const upload = await deps.storage.presignUpload(storageKey, {
      contentType: body.contentType!,
      size: body.size!,
      sha256Hex: body.fileHash!,
      expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return {
      file: toDocumentFile(uploadedBy(row, user)),
      meta: { presignedUrl: upload.url, uploadHeaders: upload.headers },
    };
  });
}

/**
 * Step three: the bytes are checked where they were stored, and only then does the file count.
 * The check runs outside the transaction (it reads the whole object); the slot is re-checked inside,
 * and the upload must still be pending (the sweep of abandoned uploads may have closed it).
 * A refused upload is removed and never listed.
 */
export async function completeUpload(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
) {
  // The file row first, once: its set is read once too, locked, when the file is to fill it.
  const pending = await def.files.find(deps.db, parentKey, fileKey);
  if (!pending || pending.accountKey !== user.accountKey) {
    // Another borrower's set is answered as a missing one (docs/product.md#api), then a missing file.
    await parentOrNotFound(def, deps.db, user, { key: parentKey });
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
  }
  if (pending.quarantinedAt) throw new DomainError('FILE_QUARANTINED');
  if (pending.completedAt) return fileEntry(deps.storage, pending, user);

  const uploadedAt = new Date();
  const scan = startScan(deps.scanner);
  let verified;
  try {
    verified = await verifyUpload(
      deps.storage,
      deps.contentChecker,
      {
        storageKey: pending.storageKey!,
        size: pending.size!,
        fileHash: pending.fileHash!,
        contentType: pending.contentType ?? '',
      },
      { maxUploadBytes: deps.maxUploadBytes, uploadedAt },
      scan?.input,
    );
  } catch (error) {
    // Not the declared bytes (or none yet): whatever the scanner makes of them does not matter.
    scan?.input.destroy();
    // Missing bytes may still arrive; anything else is final for this upload.
    if (!(error instanceof DomainError && error.code === 'UPLOAD_INCOMPLETE')) {
      await deps.storage.delete(pending.storageKey!);
      await def.files.updatePending(deps.db, pending.key, { deletedAt: new Date() });
    }
    throw error;
  }
  const { contentType } = verified;
  const scanResult = await scanResultOf(def, deps, user, pending, scan);

  const completed = await deps.db.transaction(async (tx) => {
    const { parent: locked, files: live } = await lockSet(def, tx, user, { key: parentKey });
    const replaced = assertMayFill(def, user, locked, live, pending.fileType, pending.replacesKey);
    const replacing = await vacateFor(def, tx, replaced);
    const fraudFlags = [
      ...(await reusedElsewhere(tx, pending.fileHash!, locked.accountKey)),
      ...verified.flags,
    ];
    // Throwing here also undoes the vacating: nothing changes unless both happen.
    const row = await def.files.updatePending(tx, pending.key, {
      completedAt: uploadedAt,
      contentType,
      scanResult,
      fraudFlags,
      ...replacing,
    });
    if (!row)
      throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.uploadLapsed' });
    // The same uploader and no reviewer yet: the names the pending row was read with still hold.
    return fileEntry(
      deps.storage,
      await recordFilled(def, tx, user, locked, { ...pending, ...row }, replaced),
      user,
    );
  });
  // Counted once committed: the size is the verified size of the stored bytes.
  deps.onUploadCompleted?.(def.kind, pending.size!);
  return completed;
}
