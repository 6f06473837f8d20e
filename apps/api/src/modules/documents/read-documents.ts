import {
  DomainError,
  listMeta,
  type ActorRef,
  type DocumentFile,
  type FileListQuery,
  type FraudFlag,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { listHistory } from '../audit/audit.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import {
  toDocumentFile,
  type DocumentFileRecord,
  type ListedLiveFile,
} from './document-files.repository.ts';
import type {
  DocumentDeps,
  DocumentSetDefinition,
  DocumentSetParent,
  ParentRef,
} from './document-set.ts';
import { pageByNumber } from '../../db/lists/index.ts';

/** The parent or 404: another borrower's set is answered exactly like a missing one (docs/product.md#api). */
export async function parentOrNotFound<Row>(
  def: DocumentSetDefinition<Row>,
  db: Executor,
  user: AuthenticatedUser,
  ref: ParentRef,
  options?: { forUpdate?: boolean },
): Promise<DocumentSetParent<Row>> {
  const parent = await def.loadParent(db, user, ref, options);
  if (!parent)
    throw new DomainError('NOT_FOUND', { message: `domain.error.NOT_FOUND.${def.kind}` });
  return parent;
}

/**
 * The set a change starts from, read once: the parent with its owners, locked (or 404), and its
 * live files, read under the lock.
 */
export async function lockSet<Row>(
  def: DocumentSetDefinition<Row>,
  tx: Executor,
  user: AuthenticatedUser,
  ref: ParentRef,
) {
  const parent = await parentOrNotFound(def, tx, user, ref, { forUpdate: true });
  return { parent, files: await def.files.liveFiles(tx, parent.key) };
}

/** The fraud signals stored with a file ([] when none, or for a file completed before they were). */
export const fraudFlagsOf = (row: DocumentFileRecord): FraudFlag[] =>
  (row.fraudFlags as FraudFlag[] | null) ?? [];

/**
 * The fraud flags of a set's live files, all told, for a checker's queue row; null for a
 * borrower, who is never told of them (as fileEntry).
 */
export const fraudFlagCountOf = (files: readonly ListedLiveFile[], forStaff: boolean) =>
  forStaff ? files.reduce((sum, file) => sum + file.fraudFlagCount, 0) : null;

/** A set's live rejected files by slot, with the reviewer's reason and remarks: what to fix. */
export const rejectedDocumentsOf = (files: readonly ListedLiveFile[]) =>
  files
    .filter((file) => file.approvalStatus === 'REJECTED')
    .sort((one, other) => (one.fileType < other.fileType ? -1 : 1))
    .map(({ fileType, rejectionReason, approverRemarks }) => ({
      fileType,
      rejectionReason,
      approverRemarks,
    }));

/**
 * `{file, meta: {presignedUrl}}` with a fresh short-lived download link when there is content,
 * never for a quarantined upload. Staff also see the file's fraud signals; a borrower never does.
 */
export async function fileEntry(
  storage: Storage,
  row: DocumentFileRecord,
  viewer: Pick<AuthenticatedUser, 'role'>,
) {
  const downloadable = row.storageKey && row.completedAt && row.fileName && !row.quarantinedAt;
  const presignedUrl = downloadable
    ? await storage.presignDownload(row.storageKey!, {
        fileName: row.fileName!,
        contentType: row.contentType ?? 'application/octet-stream',
      })
    : null;
  const file = toDocumentFile(row);
  return {
    file:
      viewer.role === 'client'
        ? asBorrowerReadsIt(file)
        : { ...file, fraudFlags: fraudFlagsOf(row) },
    meta: { presignedUrl },
  };
}

/** The lender's people by role alone: their username is their work e-mail address. */
const withheld = (actor: ActorRef | null): ActorRef | null =>
  actor && actor.role !== 'client' ? { ...actor, username: '' } : actor;

/** A file as its borrower reads it: who reviewed it, now or before a replacement, by role. */
function asBorrowerReadsIt(file: DocumentFile): DocumentFile {
  const { previousReview } = file;
  return {
    ...file,
    reviewedBy: withheld(file.reviewedBy),
    previousReview: previousReview && {
      ...previousReview,
      reviewedBy: withheld(previousReview.reviewedBy),
    },
  };
}

export async function listDocuments(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  query: FileListQuery,
) {
  const parent = await parentOrNotFound(def, deps.db, user, { key: parentKey });
  const { page, next } = pageByNumber(`${def.kind}-files`, query);
  const { rows, total } = await def.files.list(deps.db, parent.key, { ...query, page });
  return {
    files: await Promise.all(rows.map((row) => fileEntry(deps.storage, row, user))),
    meta: listMeta(page, query.perPage, total, rows.length, next),
  };
}

export async function getDocument(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  fileKey: string,
) {
  const parent = await parentOrNotFound(def, deps.db, user, { key: parentKey });
  const row = await def.files.find(deps.db, parent.key, fileKey);
  if (!row?.completedAt)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
  return fileEntry(deps.storage, row, user);
}

export async function documentSetHistory(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  ref: ParentRef,
) {
  const parent = await parentOrNotFound(def, deps.db, user, ref);
  return {
    events: await listHistory(deps.db, def.auditTypes.set, parent.key, {
      withholdStaffUsernames: user.role === 'client',
    }),
  };
}
