import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FileListQuery } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { unitFiles, type frequencyFiles } from '../../db/schema.ts';

/**
 * Unit files and frequency files have the same columns (parentKey is unit_key or frequency_key),
 * so one repository serves both; the cast only widens the table's name type.
 */
export type DocumentFilesTable = typeof unitFiles;
export const asDocumentFiles = (table: typeof unitFiles | typeof frequencyFiles) =>
  table as unknown as DocumentFilesTable;

export type DocumentFileRow = DocumentFilesTable['$inferSelect'];

const sortColumns = (t: DocumentFilesTable) => ({
  key: t.createdAt,
  fileType: t.fileType,
  fileName: t.fileName,
  approvalStatus: t.approvalStatus,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export function documentFilesRepository(t: DocumentFilesTable) {
  const live = and(isNotNull(t.completedAt), isNull(t.deletedAt));
  return {
    /** The files that fill slots: completed and not discarded. */
    liveFiles(db: Executor, parentKey: string) {
      return db
        .select()
        .from(t)
        .where(and(eq(t.parentKey, parentKey), live))
        .orderBy(asc(t.createdAt));
    },

    async list(db: Executor, parentKey: string, query: FileListQuery) {
      const where = and(
        eq(t.parentKey, parentKey),
        isNotNull(t.completedAt),
        query.returnDeleted ? undefined : isNull(t.deletedAt),
        query.searchString ? eq(t.fileType, query.searchString) : undefined,
      );
      const column = sortColumns(t)[query.sortColumn];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(query.sortOrder === 'bottomUp' ? desc(column) : asc(column), asc(t.key))
          .offset((query.page - 1) * query.perPage)
          .limit(query.perPage),
        db.select({ n: count() }).from(t).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(db: Executor, parentKey: string, key: string) {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.parentKey, parentKey), eq(t.key, key), isNull(t.deletedAt)));
      return row;
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

    /** The live files of several parents at once, for list columns (uploadedFiles, NOC type). */
    async liveFilesOf(db: Executor, parentKeys: string[]) {
      if (parentKeys.length === 0) return [];
      return db
        .select({ parentKey: t.parentKey, fileType: t.fileType, approvalStatus: t.approvalStatus })
        .from(t)
        .where(and(inArray(t.parentKey, parentKeys), live));
    },

    /** Uploads started but never completed before `before`: their rows and objects are cleaned up. */
    abandoned(db: Executor, before: Date) {
      return db
        .select({ key: t.key, storageKey: t.storageKey })
        .from(t)
        .where(
          and(
            isNull(t.completedAt),
            isNull(t.deletedAt),
            sql`${t.createdAt} < ${before.toISOString()}::timestamptz`,
          ),
        );
    },
  };
}

export type DocumentFilesRepository = ReturnType<typeof documentFilesRepository>;

export const toDocumentFile = (row: DocumentFileRow) => ({
  key: row.key,
  fileName: row.fileName,
  fileHash: row.fileHash,
  fileType: row.fileType,
  size: row.size,
  contentType: row.contentType,
  approvalStatus: row.approvalStatus,
  borrowerRemarks: row.borrowerRemarks,
  approverRemarks: row.approverRemarks,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
});
