import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  FileListResponseSchema,
  FrequencySchema,
  HistoryResponseSchema,
  UnitDetailSchema,
} from '@portal/domain';
import { ApiError, apiGet } from '../../api/client';
import { addMessages, i18n } from '../../i18n';
import type { DocumentSetRef } from './document-set-ref';
import { messages } from './messages';

addMessages(messages);

/**
 * What the panel needs of a unit or frequency: its status, when it last went to the checker,
 * and its version for the stale-write check (DESIGN §5); of a unit also the approvals that
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

/** SPEC §7: a unit answers `{unit}`, a frequency `{frequency}`, to GET and PUT alike. */
export function parentAnswerSchema(kind: DocumentSetRef['kind']) {
  return kind === 'unit'
    ? z.object({ unit: UnitParentSchema }).transform((answer): DocumentSetParent => answer.unit)
    : z
        .object({ frequency: FrequencyParentSchema })
        .transform((answer): DocumentSetParent => answer.frequency);
}

/** Everything cached about one set starts with its paths, so a change refreshes exactly that set. */
export const documentKeys = {
  parent: (ref: DocumentSetRef) => ['document-set', ref.basePath] as const,
  files: (ref: DocumentSetRef) => ['document-set', ref.filesPath, 'files'] as const,
  history: (ref: DocumentSetRef) => ['document-set', ref.basePath, 'history'] as const,
};

export const documentParentQuery = (ref: DocumentSetRef) =>
  queryOptions({
    queryKey: documentKeys.parent(ref),
    queryFn: ({ signal }) => apiGet(ref.basePath, parentAnswerSchema(ref.kind), { signal }),
  });

/** A set holds at most nine live files (SPEC §9), so one page of 50 has them all. */
export const documentFilesQuery = (ref: DocumentSetRef) =>
  queryOptions({
    queryKey: documentKeys.files(ref),
    queryFn: ({ signal }) =>
      apiGet(`${ref.filesPath}?perPage=50`, FileListResponseSchema, { signal }).then(
        (answer) => answer.files,
      ),
  });

export const documentHistoryQuery = (ref: DocumentSetRef) =>
  queryOptions({
    queryKey: documentKeys.history(ref),
    queryFn: ({ signal }) =>
      apiGet(`${ref.basePath}/history`, HistoryResponseSchema, { signal }).then(
        (answer) => answer.events,
      ),
  });

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
