import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, DocumentParent } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { containsText } from '../../db/list-queries.ts';
import { asDocumentFiles, selectFileRecords } from '../documents/document-files.repository.ts';
import {
  accounts,
  collaterals,
  frequencies,
  frequencyFiles,
  opportunities,
  projects,
  unitFiles,
  units,
} from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

export interface DocumentFilter {
  scope: AccountScope;
  search?: string | undefined;
  status?: ApprovalStatus | undefined;
  /** The file types whose names match the search, per kind (a search also finds by type name). */
  typesNamed: { unit: string[]; frequency: string[] };
}

type Kind = DocumentParent['kind'];

const liveIn = (t: typeof unitFiles | typeof frequencyFiles) =>
  and(isNotNull(t.completedAt), isNull(t.deletedAt));

/** A search finds a file by its name, its type's name, or what it belongs to. */
function matching(
  filter: DocumentFilter,
  fileName: Column,
  fileType: Column,
  types: string[],
  parentColumns: Column[],
): SQL | undefined {
  if (!filter.search) return undefined;
  return or(
    containsText(filter.search, [fileName, ...parentColumns]),
    types.length > 0 ? inArray(fileType, types) : undefined,
  );
}

function unitFilesFound(db: Executor, filter: DocumentFilter) {
  return db
    .select({
      kind: sql<Kind>`'unit'`.as('kind'),
      key: unitFiles.key,
      createdAt: unitFiles.createdAt,
    })
    .from(unitFiles)
    .innerJoin(units, eq(units.key, unitFiles.parentKey))
    .innerJoin(projects, eq(projects.key, units.projectKey))
    .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
    .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
    .where(
      and(
        liveIn(unitFiles),
        filter.scope === null ? undefined : eq(opportunities.accountKey, filter.scope),
        filter.status ? eq(unitFiles.approvalStatus, filter.status) : undefined,
        matching(filter, unitFiles.fileName, unitFiles.fileType, filter.typesNamed.unit, [
          accounts.key,
          accounts.name,
          opportunities.name,
          projects.name,
          units.tower,
          units.unit,
        ]),
      ),
    );
}

function frequencyFilesFound(db: Executor, filter: DocumentFilter) {
  return db
    .select({
      kind: sql<Kind>`'frequency'`.as('kind'),
      key: frequencyFiles.key,
      createdAt: frequencyFiles.createdAt,
    })
    .from(frequencyFiles)
    .innerJoin(frequencies, eq(frequencies.key, frequencyFiles.parentKey))
    .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
    .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
    .where(
      and(
        liveIn(frequencyFiles),
        filter.scope === null ? undefined : eq(collaterals.accountKey, filter.scope),
        filter.status ? eq(frequencyFiles.approvalStatus, filter.status) : undefined,
        matching(
          filter,
          frequencyFiles.fileName,
          frequencyFiles.fileType,
          filter.typesNamed.frequency,
          [accounts.key, accounts.name, collaterals.collateralName],
        ),
      ),
    );
}

export const documentSearchRepository = {
  /**
   * One page of unit and frequency files together, newest upload first: which files (kind and
   * key), and how many match in all. Two queries, whatever the page size.
   */
  async findPage(db: Executor, filter: DocumentFilter, page: { offset: number; limit: number }) {
    const found = () =>
      unionAll(unitFilesFound(db, filter), frequencyFilesFound(db, filter)).as('found');
    const pageOf = found();
    const all = found();
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(pageOf)
        .orderBy(desc(pageOf.createdAt), desc(pageOf.key))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(all),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The unit files named, as file answers show them, with the unit, project and account. */
  unitFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return selectFileRecords(db, asDocumentFiles(unitFiles), {
      parentUnit: units,
      projectName: projects.name,
      accountKey: accounts.key,
      accountName: accounts.name,
    })
      .innerJoin(units, eq(units.key, unitFiles.parentKey))
      .innerJoin(projects, eq(projects.key, units.projectKey))
      .innerJoin(opportunities, eq(opportunities.key, projects.opportunityKey))
      .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
      .where(inArray(unitFiles.key, keys));
  },

  /** The frequency files named, as file answers show them, with the frequency, collateral and account. */
  frequencyFilesWithParents(db: Executor, keys: string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return selectFileRecords(db, asDocumentFiles(frequencyFiles), {
      parentFrequency: frequencies,
      collateralName: collaterals.collateralName,
      accountKey: accounts.key,
      accountName: accounts.name,
    })
      .innerJoin(frequencies, eq(frequencies.key, frequencyFiles.parentKey))
      .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
      .innerJoin(accounts, eq(accounts.key, collaterals.accountKey))
      .where(inArray(frequencyFiles.key, keys));
  },
};
