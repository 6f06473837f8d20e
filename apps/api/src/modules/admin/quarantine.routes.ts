import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  listMeta,
  QuarantineListQuerySchema,
  QuarantineListResponseSchema,
  type DocumentSetKind,
} from '@portal/domain';
import { QUARANTINE_PATH } from '@portal/domain/api-paths';
import type { Database, Executor } from '../../db/client.ts';
import { pageByNumber } from '../../db/lists/index.ts';
import { frequencyFiles, unitFiles, users } from '../../db/schema.ts';

const tags = ['administration'];

/**
 * One file table's quarantined uploads in the list's order, newest first, the first `upTo` of
 * them: each off its quarantined index, so the two merge without a sort at any depth.
 */
function quarantinedIn(
  db: Executor,
  t: typeof unitFiles | typeof frequencyFiles,
  kind: DocumentSetKind,
  upTo: number,
) {
  return db
    .select({
      kind: sql<DocumentSetKind>`${sql.raw(`'${kind}'`)}::text`.as('kind'),
      key: t.key,
      parentKey: t.parentKey,
      accountId: t.accountKey,
      fileType: t.fileType,
      fileName: t.fileName,
      size: t.size,
      scanResult: t.scanResult,
      createdBy: t.createdBy,
      quarantinedAt: t.quarantinedAt,
    })
    .from(t)
    .where(isNotNull(t.quarantinedAt))
    .orderBy(desc(t.quarantinedAt), desc(t.key))
    .limit(upTo);
}

/** Uploads the malware scanner blocked, newest first; who uploaded them read for the page only. */
async function listQuarantined(db: Executor, offset: number, limit: number) {
  const both = unionAll(
    quarantinedIn(db, unitFiles, 'unit', offset + limit),
    quarantinedIn(db, frequencyFiles, 'frequency', offset + limit),
  ).as('quarantined');
  const [rows, totals] = await Promise.all([
    db
      .select({
        kind: both.kind,
        key: both.key,
        parentKey: both.parentKey,
        accountId: both.accountId,
        fileType: both.fileType,
        fileName: both.fileName,
        size: both.size,
        scanResult: both.scanResult,
        uploadedBy: sql<
          string | null
        >`(select ${users.username} from ${users} where ${users.id} = ${both.createdBy})`,
        quarantinedAt: both.quarantinedAt,
      })
      .from(both)
      .orderBy(desc(both.quarantinedAt), desc(both.key))
      .offset(offset)
      .limit(limit),
    Promise.all(
      [unitFiles, frequencyFiles].map((t) =>
        db.select({ n: count() }).from(t).where(isNotNull(t.quarantinedAt)),
      ),
    ),
  ]);
  return { rows, total: totals.reduce((sum, [row]) => sum + (row?.n ?? 0), 0) };
}

/** Admins see what the scanner blocked, and whether a scanner is configured at all. */
export const quarantineRoutes: FastifyPluginAsyncZod<{ db: Database; scanning: boolean }> = async (
  app,
  { db, scanning },
) => {
  app.get(
    QUARANTINE_PATH,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        querystring: QuarantineListQuerySchema,
        response: { 200: QuarantineListResponseSchema },
      },
    },
    async (request) => {
      const { perPage } = request.query;
      const { page, next } = pageByNumber('quarantine', request.query);
      const { rows, total } = await listQuarantined(db, (page - 1) * perPage, perPage);
      return {
        files: rows.map((row) => ({ ...row, quarantinedAt: row.quarantinedAt!.toISOString() })),
        scanning,
        meta: listMeta(page, perPage, total, rows.length, next),
      };
    },
  );
};
