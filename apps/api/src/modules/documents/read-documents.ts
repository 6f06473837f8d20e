import { DomainError, listMeta, type FileListQuery, type FraudFlag } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { listHistory } from '../audit/audit.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { toDocumentFile, type DocumentFileRecord } from './document-files.repository.ts';
import type { DocumentDeps, DocumentSetDefinition, DocumentSetParent } from './document-set.ts';
import { pageByNumber } from '../../db/lists/index.ts';

/** The parent or 404: another borrower's set is answered exactly like a missing one (DESIGN §4). */
export async function parentOrNotFound(
  def: DocumentSetDefinition,
  db: Executor,
  user: AuthenticatedUser,
  key: string,
  options?: { forUpdate?: boolean },
): Promise<DocumentSetParent> {
  const parent = await def.loadParent(db, user, key, options);
  if (!parent)
    throw new DomainError('NOT_FOUND', { message: `domain.error.NOT_FOUND.${def.kind}` });
  return parent;
}

/** The fraud signals stored with a file ([] when none, or for a file completed before they were). */
export const fraudFlagsOf = (row: DocumentFileRecord): FraudFlag[] =>
  (row.fraudFlags as FraudFlag[] | null) ?? [];

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
    file: viewer.role === 'client' ? file : { ...file, fraudFlags: fraudFlagsOf(row) },
    meta: { presignedUrl },
  };
}

export async function listDocuments(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
  query: FileListQuery,
) {
  const parent = await parentOrNotFound(def, deps.db, user, parentKey);
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
  const parent = await parentOrNotFound(def, deps.db, user, parentKey);
  const row = await def.files.find(deps.db, parent.key, fileKey);
  if (!row?.completedAt)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.file' });
  return fileEntry(deps.storage, row, user);
}

export async function documentSetHistory(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parentKey: string,
) {
  const parent = await parentOrNotFound(def, deps.db, user, parentKey);
  return { events: await listHistory(deps.db, def.auditTypes.set, parent.key) };
}
