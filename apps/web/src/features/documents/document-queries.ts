import { useMemo } from 'react';
import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import {
  FileListResponseSchema,
  FrequencySchema,
  HistoryResponseSchema,
  UnitDetailSchema,
  type FileEntry,
} from '@portal/domain';
import { ApiError, apiGet } from '../../api/client';
import { freshOnlyAtFirst } from '../../api/fresh-at-first';
import { addMessages, i18n } from '../../i18n';
import type { DocumentSetRef } from './document-set-ref';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

/**
 * What the panel needs of a unit or frequency: its status, when it last went to the checker,
 * and its version for the stale-write check (docs/product.md#server-rules); of a unit also the approvals that
 * release it and a first approval awaiting its second (four-eyes NOC release).
 */
const PARENT_FIELDS = { approvalStatus: true, submittedAt: true, version: true } as const;
const UnitParentSchema = UnitDetailSchema.pick({
  ...PARENT_FIELDS,
  approvalsRequired: true,
  firstApproval: true,
});
const FrequencyParentSchema = FrequencySchema.pick(PARENT_FIELDS);
type UnitParent = z.infer<typeof UnitParentSchema>;
export type DocumentSetParent = z.infer<typeof FrequencyParentSchema> &
  Partial<Pick<UnitParent, 'approvalsRequired' | 'firstApproval'>>;

/** docs/product.md#api: a unit answers `{unit}`, a frequency `{frequency}`, to GET and PUT alike. */
export function parentAnswerSchema(kind: DocumentSetRef['kind']) {
  return kind === 'unit'
    ? z.object({ unit: UnitParentSchema }).transform((answer): DocumentSetParent => answer.unit)
    : z
        .object({ frequency: FrequencyParentSchema })
        .transform((answer): DocumentSetParent => answer.frequency);
}

/** Everything cached about one set starts with its paths, so a change refreshes exactly that set. */
export const documentKeys = {
  parent: (ref: Pick<DocumentSetRef, 'basePath'>) => ['document-set', ref.basePath] as const,
  files: (ref: Pick<DocumentSetRef, 'filesPath'>) =>
    ['document-set', ref.filesPath, 'files'] as const,
  history: (ref: Pick<DocumentSetRef, 'basePath'>) =>
    ['document-set', ref.basePath, 'history'] as const,
};

export const documentParentQuery = (ref: Pick<DocumentSetRef, 'kind' | 'basePath'>) =>
  queryOptions({
    queryKey: documentKeys.parent(ref),
    queryFn: ({ signal }) => apiGet(ref.basePath, parentAnswerSchema(ref.kind), { signal }),
    staleTime: freshOnlyAtFirst,
  });

/** A set holds at most nine live files (docs/product.md#limits), so one page of 50 has them all. */
export const documentFilesQuery = (ref: Pick<DocumentSetRef, 'filesPath'>) =>
  queryOptions({
    queryKey: documentKeys.files(ref),
    queryFn: ({ signal }) =>
      apiGet(`${ref.filesPath}?perPage=50`, FileListResponseSchema, { signal }).then(
        (answer) => answer.files,
      ),
    staleTime: freshOnlyAtFirst,
  });

export const documentHistoryQuery = (ref: DocumentSetRef) =>
  queryOptions({
    queryKey: documentKeys.history(ref),
    queryFn: ({ signal }) =>
      apiGet(ref.historyPath, HistoryResponseSchema, { signal }).then((answer) => answer.events),
  });

/** What the panel does with the answer of each of its writes (useDocumentWrites). */
export interface DocumentWrites {
  /** The set's new state; `filesMoved` when its files' statuses moved with it (submit, reopen). */
  parentChanged(parent: DocumentSetParent, options?: { filesMoved?: boolean }): Promise<void>;
  /** A file now in its slot: uploaded, replaced, reviewed or marked. */
  fileChanged(entry: FileEntry): Promise<void>;
  /** A file discarded: it left its slot. */
  fileRemoved(key: string): Promise<void>;
  /** The set moved on without us (a 409): everything is read again. */
  reload(): Promise<void>;
}

/**
 * Each write answers the new state, which goes into the cache as it is: no list is fetched again
 * for it. Fetched again is only what an answer cannot tell: the history (once it is open), the
 * files after a submit or reopen, and the screen's list behind the panel (`onListChanged`), whose
 * rows and counts move with the set.
 */
export function useDocumentWrites(ref: DocumentSetRef, onListChanged?: () => void): DocumentWrites {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const stale = async (...queryKeys: QueryKey[]) => {
      await Promise.all(
        [documentKeys.history(ref), ...queryKeys].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onListChanged?.();
    };
    const setFiles = (change: (files: FileEntry[]) => FileEntry[]) =>
      queryClient.setQueryData<FileEntry[]>(
        documentKeys.files(ref),
        (files) => files && change(files),
      );
    return {
      parentChanged(parent, { filesMoved = false } = {}) {
        queryClient.setQueryData(documentKeys.parent(ref), parent);
        return filesMoved ? stale(documentKeys.files(ref)) : stale();
      },
      fileChanged(entry) {
        // One live file per slot: the answer takes the place of the slot's file, if any.
        setFiles((files) => [
          ...files.filter(
            (other) =>
              other.file.key !== entry.file.key && other.file.fileType !== entry.file.fileType,
          ),
          entry,
        ]);
        return stale();
      },
      fileRemoved(key) {
        setFiles((files) => files.filter((entry) => entry.file.key !== key));
        return stale();
      },
      reload: () => stale(documentKeys.parent(ref), documentKeys.files(ref)),
    };
  }, [queryClient, ref, onListChanged]);
}

/**
 * A stored file's bytes, for the inline preview, typed as the server verified them at upload
 * (not as the storage labels them). A file's content never changes under its key, so the bytes
 * stay fresh while cached, whichever signed link fetched them.
 */
export const documentBytesQuery = (file: { key: string; contentType: string }, url: string) =>
  queryOptions({
    queryKey: ['document-bytes', file.key] as const,
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(url, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ApiError(0, 'NETWORK_ERROR', i18n._('documentPanel.error.fetchFailed'));
      }
      if (!response.ok) {
        throw new ApiError(
          response.status,
          `HTTP_${response.status}`,
          i18n._('documentPanel.error.fetchFailed'),
        );
      }
      return new Blob([await response.arrayBuffer()], { type: file.contentType });
    },
    staleTime: Infinity,
  });
