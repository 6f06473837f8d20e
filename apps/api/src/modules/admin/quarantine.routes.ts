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

/** One file table's quarantined uploads, in the shape both share. */
function quarantinedIn(
  db: Executor,
  t: typeof unitFiles | typeof frequencyFiles,
  kind: DocumentSetKind,
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
      uploadedBy: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${t.createdBy})`.as(
        'uploaded_by',
      ),
      quarantinedAt: t.quarantinedAt,
    })
    .from(t)
    .where(isNotNull(t.quarantinedAt));
}

/** Uploads the malware scanner blocked, newest first, off each table's quarantined index. */
async function listQuarantined(db: Executor, offset: number, limit: number) {
  const both = unionAll(
    quarantinedIn(db, unitFiles, 'unit'),
    quarantinedIn(db, frequencyFiles, 'frequency'),
  ).as('quarantined');
  const [rows, totals] = await Promise.all([
    db
      .select()
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
