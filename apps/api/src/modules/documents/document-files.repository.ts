import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type {
  ApprovalStatus,
  DocumentFile,
  FileListQuery,
  PreviousReview,
  RejectionReason,
  Role,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/lists/index.ts';
import { unitFiles, users, type frequencyFiles } from '../../db/schema.ts';

/**
 * Unit files and frequency files have the same columns (parentKey is unit_key or frequency_key),
 * so one repository serves both; the cast only widens the table's name type.
 */
export type DocumentFilesTable = typeof unitFiles;
export const asDocumentFiles = (table: typeof unitFiles | typeof frequencyFiles) =>
  table as unknown as DocumentFilesTable;

export type DocumentFileRow = DocumentFilesTable['$inferSelect'];

/** A user's column looked up by id: an index probe per row, whatever the size of the users table. */
const userColumn = <T>(column: AnyPgColumn, id: AnyPgColumn) =>
  sql<T | null>`(select ${column} from ${users} where ${users.id} = ${id})`;

/**
 * File rows with the names a file answer shows beside them (who uploaded each, who gave its
 * current decision), in the one query. `extra` adds columns of tables the caller joins on (a
 * parent's, for the files screen).
 */
export function selectFileRecords<Extra extends SelectedFields = Record<never, never>>(
  db: Executor,
  t: DocumentFilesTable,
  extra?: Extra,
) {
  return db
    .select({
      ...getTableColumns(t),
      uploaderUsername: userColumn<string>(users.username, t.createdBy),
      reviewerUsername: userColumn<string>(users.username, t.reviewedBy),
      reviewerRole: userColumn<Role>(users.role, t.reviewedBy),
      ...(extra as Extra),
    })
    .from(t);
}

/** What a set's readiness, NOC type and file count are decided from. */
export interface LiveFileSummary {
  parentKey: string;
  fileType: string;
  approvalStatus: ApprovalStatus;
  approverRemarks: string | null;
}

/**
 * A live file as a list's rows read it: also how many fraud flags it carries (fraud-flags.ts) and
 * the reason of a rejection (a borrower's to-do names it).
 */
export interface ListedLiveFile extends LiveFileSummary {
  fraudFlagCount: number;
  rejectionReason: RejectionReason | null;
}

/** A file row with the people its answer names. */
export type DocumentFileRecord = DocumentFileRow & {
  uploaderUsername: string | null;
  reviewerUsername: string | null;
  reviewerRole: Role | null;
};

const sortColumns = (t: DocumentFilesTable) => ({
  key: t.createdAt,
  fileType: t.fileType,
  fileName: t.fileName,
  approvalStatus: t.approvalStatus,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** The files that fill slots: completed and not discarded. */
const liveIn = (t: DocumentFilesTable) => and(isNotNull(t.completedAt), isNull(t.deletedAt));

/** A live file as liveFilesColumn reads it: ListedLiveFile's fields in order. */
export type LiveFileTuple = [
  parentKey: string,
  fileType: string,
  approvalStatus: ApprovalStatus,
  approverRemarks: string | null,
  fraudFlagCount: number,
  rejectionReason: RejectionReason | null,
];

/**
 * A set's live files as a column of the set's own query: a list page reads its rows' files with
 * them, off the (parent, file type) index, in no statement of its own. Arrays rather than JSON
 * objects: building an object per file cost PostgreSQL more than the statement saved.
 */
export const liveFilesColumn = (t: DocumentFilesTable, parentKey: AnyPgColumn) =>
  sql<LiveFileTuple[] | null>`(select json_agg(json_build_array(${t.parentKey}, ${t.fileType},
      ${t.approvalStatus}, ${t.approverRemarks},
      coalesce(jsonb_array_length(${t.fraudFlags}), 0), ${t.rejectionReason}))
    from ${t} where ${t.parentKey} = ${parentKey} and ${liveIn(t)})`;

/** The files liveFilesColumn read (null when none). */
const listedLiveFiles = (tuples: LiveFileTuple[] | null): ListedLiveFile[] =>
  (tuples ?? []).map(
    ([parentKey, fileType, approvalStatus, approverRemarks, fraudFlagCount, rejectionReason]) => ({
      parentKey,
      fileType,
      approvalStatus,
      approverRemarks,
      fraudFlagCount,
      rejectionReason,
    }),
  );

/** A row read with liveFilesColumn as `liveFileTuples`, given its files as `liveFiles`. */
export const withListedFiles = <R extends { liveFileTuples: LiveFileTuple[] | null }>(row: R) =>
  Object.assign(row, { liveFiles: listedLiveFiles(row.liveFileTuples) });

export function documentFilesRepository(t: DocumentFilesTable) {
  const live = liveIn(t);
  // A quarantined upload is closed for good: never completed, never swept, never counted.
  const pending = and(isNull(t.completedAt), isNull(t.deletedAt), isNull(t.quarantinedAt));
  const table = getTableName(t);
  return {
    /** The files that fill slots: completed and not discarded. */
    liveFiles(db: Executor, parentKey: string): Promise<DocumentFileRecord[]> {
      return selectFileRecords(db, t)
        .where(and(eq(t.parentKey, parentKey), live))
        .orderBy(asc(t.createdAt));
    },

    /** A set's files page by page, each variant (order, discarded or not, one type) prepared once. */
    async list(db: Executor, parentKey: string, query: FileListQuery) {
      const where = and(
        eq(t.parentKey, sql.placeholder('parent')),
        isNotNull(t.completedAt),
        // Not even among the discarded: an infected file is the admins' quarantine list's alone.
        isNull(t.quarantinedAt),
        query.returnDeleted ? undefined : isNull(t.deletedAt),
        query.searchString ? eq(t.fileType, sql.placeholder('fileType')) : undefined,
      );
      const column = sortColumns(t)[query.sortColumn];
      const variant = `${table}.list${query.returnDeleted ? '.with-deleted' : ''}${
        query.searchString ? '.of-type' : ''
      }`;
      const values = {
        parent: parentKey,
        fileType: query.searchString,
        offset: (query.page - 1) * query.perPage,
        limit: query.perPage,
      };
      const [rows, [total]] = await Promise.all([
        preparedOnce(db, `${variant}.${query.sortColumn}.${query.sortOrder}`, (name) =>
          selectFileRecords(db, t)
            .where(where)
            .orderBy(query.sortOrder === 'bottomUp' ? desc(column) : asc(column), asc(t.key))
            .offset(sql.placeholder('offset'))
            .limit(sql.placeholder('limit'))
            .prepare(name),
        ).execute(values),
        preparedOnce(db, `${variant}.total`, (name) =>
          db.select({ n: count() }).from(t).where(where).prepare(name),
        ).execute(values),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A file of the parent that is not discarded: live, or an upload still pending. */
    async find(
      db: Executor,
      parentKey: string,
      key: string,
    ): Promise<DocumentFileRecord | undefined> {
      const [row] = await preparedOnce(db, `${table}.find`, (name) =>
        selectFileRecords(db, t)
          .where(
            and(
              eq(t.parentKey, sql.placeholder('parent')),
              eq(t.key, sql.placeholder('key')),
              isNull(t.deletedAt),
            ),
          )
          .prepare(name),
      ).execute({ parent: parentKey, key });
      return row;
    },

    /** A file in whatever state, as its answer shows it: read back after a change. */
    async record(db: Executor, key: string): Promise<DocumentFileRecord> {
      const [row] = await preparedOnce(db, `${table}.record`, (name) =>
        selectFileRecords(db, t)
          .where(eq(t.key, sql.placeholder('key')))
          .prepare(name),
      ).execute({ key });
      return row!;
    },

    async insert(db: Executor, row: DocumentFilesTable['$inferInsert']) {
      const [created] = await db.insert(t).values(row).returning();
      return created!;
    },

    async update(db: Executor, key: string, changes: Partial<DocumentFilesTable['$inferInsert']>) {
      const [row] = await db
        .update(t)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(t.key, key))
        .returning();
      return row!;
    },

    /**
     * Changes an upload only while it is still pending (neither completed nor closed): of a
     * `complete` and the abandoned-upload sweep acting at once, exactly one wins. The row, or
     * undefined when the upload is no longer pending.
     */
    async updatePending(
      db: Executor,
      key: string,
      changes: Partial<DocumentFilesTable['$inferInsert']>,
    ) {
      const [row] = await db
        .update(t)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(t.key, key), pending))
        .returning();
      return row;
    },

    /**
     * Quarantines a file the scanner found infected: a pending upload, or one a `complete` let
     * through unscanned meanwhile (SCANNER_FAIL_OPEN), which then leaves its slot as discarded.
     * Not an upload closed while pending (its bytes are gone), nor one already quarantined. The
     * row, or undefined.
     */
    async quarantine(db: Executor, key: string, scanResult: string) {
      const [row] = await db
        .update(t)
        .set({
          quarantinedAt: sql`now()`,
          deletedAt: sql`case when ${t.completedAt} is not null
            then coalesce(${t.deletedAt}, now()) end`,
          scanResult,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(t.key, key),
            isNull(t.quarantinedAt),
            or(isNotNull(t.completedAt), isNull(t.deletedAt)),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Changes a file only while it is live (completed, not discarded) and still has the status its
     * change was decided on. Callers hold the parent's lock, so this never refuses in practice; it
     * keeps a change from ever applying to a file someone else moved. The row, or undefined.
     */
    async updateLive(
      db: Executor,
      file: Pick<DocumentFileRow, 'key' | 'approvalStatus'>,
      changes: Partial<DocumentFilesTable['$inferInsert']>,
    ) {
      const [row] = await db
        .update(t)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(t.key, file.key), live, eq(t.approvalStatus, file.approvalStatus)))
        .returning();
      return row;
    },

    /** Pending uploads started after `since`, by one user or into one slot. */
    async countPending(
      db: Executor,
      of: { createdBy: string } | { parentKey: string; fileType: string },
      since: Date,
    ) {
      const [row] = await db
        .select({ n: count() })
        .from(t)
        .where(
          and(
            pending,
            'createdBy' in of
              ? eq(t.createdBy, of.createdBy)
              : and(eq(t.parentKey, of.parentKey), eq(t.fileType, of.fileType)),
            sql`${t.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Accounts other than `accountKey` with a completed file of these bytes (discarded ones too:
     * they were uploaded all the same), off the (file_hash, account_key) index; a few suffice.
     */
    async otherAccountsWithHash(db: Executor, fileHash: string, accountKey: string) {
      const rows = await db
        .selectDistinct({ accountKey: t.accountKey })
        .from(t)
        .where(
          and(
            eq(t.fileHash, fileHash),
            sql`${t.accountKey} <> ${accountKey}`,
            isNotNull(t.completedAt),
          ),
        )
        .limit(3);
      return rows.map((row) => row.accountKey);
    },

    /** Uploads started before `before` and still pending: their rows and objects are cleaned up. */
    abandoned(db: Executor, before: Date) {
      return db
        .select({ key: t.key, storageKey: t.storageKey })
        .from(t)
        .where(and(pending, sql`${t.createdAt} < ${before.toISOString()}::timestamptz`));
    },
  };
}

export type DocumentFilesRepository = ReturnType<typeof documentFilesRepository>;

/** Who gave the file's current decision, as a file answer names them. */
const reviewerOf = (record: DocumentFileRecord) =>
  record.reviewerUsername && record.reviewerRole
    ? { username: record.reviewerUsername, role: record.reviewerRole }
    : null;

/**
 * Written only by the replace swap, from the domain's PreviousReview (carriedReview); one written
 * before reasons were recorded has none.
 */
function previousReviewOf(record: DocumentFileRecord): PreviousReview | null {
  const review = record.previousReview as PreviousReview | null;
  return review && { ...review, rejectionReason: review.rejectionReason ?? null };
}

export const toDocumentFile = (record: DocumentFileRecord): DocumentFile => ({
  key: record.key,
  fileName: record.fileName,
  fileHash: record.fileHash,
  fileType: record.fileType,
  size: record.size,
  contentType: record.contentType,
  approvalStatus: record.approvalStatus,
  borrowerRemarks: record.borrowerRemarks,
  approverRemarks: record.approverRemarks,
  rejectionReason: record.rejectionReason,
  uploadedBy: record.uploaderUsername,
  reviewedBy: reviewerOf(record),
  reviewedAt: record.reviewedAt?.toISOString() ?? null,
  replacesKey: record.replacesKey,
  previousReview: previousReviewOf(record),
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
  deletedAt: record.deletedAt?.toISOString() ?? null,
});
