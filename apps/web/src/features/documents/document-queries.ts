import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApprovalStatusSchema,
  FileListResponseSchema,
  HistoryResponseSchema,
} from '@portal/domain';
import { apiGet } from '../../api/client';
import type { DocumentSetRef } from './document-set-ref';

/** What the panel needs of a unit or frequency: its status, and its version for the stale-write check (DESIGN §5). */
const ParentSchema = z.object({ approvalStatus: ApprovalStatusSchema, version: z.number().int() });
export type DocumentSetParent = z.infer<typeof ParentSchema>;

/** SPEC §7: a unit answers `{unit}`, a frequency `{frequency}`, to GET and PUT alike. */
export function parentAnswerSchema(kind: DocumentSetRef['kind']) {
  return kind === 'unit'
    ? z.object({ unit: ParentSchema }).transform((answer) => answer.unit)
    : z.object({ frequency: ParentSchema }).transform((answer) => answer.frequency);
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
