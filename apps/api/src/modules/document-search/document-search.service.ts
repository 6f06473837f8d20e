import {
  collateralFileTypeLabel,
  CollateralFileTypeSchema,
  frequencyLabel,
  listMeta,
  unitFileTypeLabel,
  UnitFileTypeSchema,
  unitLabel,
  type DocumentParent,
  type DocumentSearchQuery,
  type Language,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import type { DocumentFileRecord } from '../documents/document-files.repository.ts';
import { fileEntry } from '../documents/read-documents.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountScope } from '../loans/loans.service.ts';
import { documentSearchRepository as repo } from './document-search.repository.ts';

/**
 * The file types whose code or name (in English or the reader's language) contains the search,
 * so "ledger" or "लेजर" finds Customer Ledgers.
 */
function typesNamed<Type extends string>(
  search: string | undefined,
  types: readonly Type[],
  nameOf: (type: Type, language: Language) => string,
  language: Language,
): string[] {
  if (!search) return [];
  const wanted = search.toLowerCase();
  return types.filter((type) =>
    `${type} ${nameOf(type, 'en')} ${nameOf(type, language)}`.toLowerCase().includes(wanted),
  );
}

/**
 * The files screen (docs/product.md#screens `files`): the documents of the signed-in borrower's account, or for
 * staff everyone's, across units and frequencies, newest upload first, paged on the server; each
 * with what it belongs to, in words. Four queries a page: which files, how many, and the two
 * kinds' details.
 */
export async function searchDocuments(
  db: Database,
  storage: Storage,
  user: AuthenticatedUser,
  query: DocumentSearchQuery,
  language: Language = 'en',
) {
  const scope = accountScope(user);
  // Without a search the page comes off the live-file indexes; a search off the trigram indexes.
  const { rows, total, page, next, moreThanTotal } = query.search
    ? {
        ...(await repo.findPage(
          db,
          {
            scope,
            search: query.search,
            status: query.status,
            typesNamed: {
              unit: typesNamed(
                query.search,
                UnitFileTypeSchema.options,
                unitFileTypeLabel,
                language,
              ),
              frequency: typesNamed(
                query.search,
                CollateralFileTypeSchema.options,
                collateralFileTypeLabel,
                language,
              ),
            },
          },
          { offset: (query.page - 1) * query.perPage, limit: query.perPage },
        )),
        page: query.page,
        next: null,
      }
    : {
        ...(await repo.findLivePage(db, { scope, status: query.status }, query)),
        moreThanTotal: false,
      };
  const keysOf = (kind: DocumentParent['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => row.key);
  const [unitFiles, frequencyFiles] = await Promise.all([
    repo.unitFilesWithParents(db, keysOf('unit')),
    repo.frequencyFilesWithParents(db, keysOf('frequency')),
  ]);

  const found = new Map<string, { file: DocumentFileRecord; parent: DocumentParent }>();
  for (const { parentUnit: unit, projectName, accountName, ...file } of unitFiles) {
    found.set(file.key, {
      file,
      parent: {
        kind: 'unit',
        key: unit.key,
        label: unitLabel({ projectName, tower: unit.tower, unit: unit.unit }, language),
        accountId: file.accountKey,
        accountName,
        projectKey: unit.projectKey,
        collateralKey: null,
        approvalStatus: unit.approvalStatus,
      },
    });
  }
  for (const row of frequencyFiles) {
    const { parentFrequency: frequency, collateralName, accountName, ...file } = row;
    found.set(file.key, {
      file,
      parent: {
        kind: 'frequency',
        key: frequency.key,
        label: frequencyLabel({ collateralName, ...frequency }, language),
        accountId: file.accountKey,
        accountName,
        projectKey: null,
        collateralKey: frequency.collateralKey,
        approvalStatus: frequency.approvalStatus,
      },
    });
  }

  // Completed files are only ever marked discarded, never removed, so each key of the page is
  // found; one discarded between the two reads shows as it was a moment before.
  const entries = rows.map((row) => found.get(row.key)!);
  return {
    files: await Promise.all(
      entries.map(async ({ file, parent }) => ({
        ...(await fileEntry(storage, file, user)),
        parent,
      })),
    ),
    meta: {
      ...listMeta(page, query.perPage, total, entries.length, next),
      ...(moreThanTotal && { moreThanTotal }),
    },
  };
}
