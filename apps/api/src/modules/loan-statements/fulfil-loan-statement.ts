import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError, isAllowedContentType } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { loanStatementRequests } from '../../db/schema.ts';
import { storageKeySegment, type Storage } from '../../storage/storage.ts';
import { sanitiseFileName } from '../documents/upload-document.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { getOpportunity } from '../loans/loans.service.ts';
import { toLoanStatementRequest } from './loan-statements.repository.ts';

/**
 * Staff attach the statement a borrower asked for (REQUESTED → FULFILLED). The bytes stream into
 * storage; the borrower is told by e-mail and downloads it from their statement page.
 */
export async function fulfilLoanStatement(
  deps: { db: Database; storage: Storage },
  user: AuthenticatedUser,
  opportunityKey: string,
  requestId: string,
  file: {
    body: NodeJS.ReadableStream;
    fileName: string;
    contentType: string;
    size?: number | undefined;
  },
) {
  const { db, storage } = deps;
  const opportunity = await getOpportunity(db, user, opportunityKey);
  if (!isAllowedContentType(file.contentType)) throw new DomainError('UNSUPPORTED_FILE_TYPE');
  const [request] = await db
    .select()
    .from(loanStatementRequests)
    .where(
      and(
        eq(loanStatementRequests.id, requestId),
        eq(loanStatementRequests.opportunityKey, opportunity.key),
      ),
    );
  if (!request)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.statementRequest' });
  if (request.status === 'FULFILLED')
    throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.statementSent' });

  const storageKey = `statements/${storageKeySegment(opportunity.key)}/${randomUUID()}`;
  await storage.write(storageKey, file.body, { contentType: file.contentType, size: file.size });

  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(loanStatementRequests)
      .set({
        status: 'FULFILLED',
        fileName: sanitiseFileName(file.fileName),
        contentType: file.contentType,
        size: file.size ?? null,
        storageKey,
        fulfilledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(loanStatementRequests.id, request.id),
          eq(loanStatementRequests.status, 'REQUESTED'),
        ),
      )
      .returning();
    if (!updated)
      throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.statementSent' });
    await recordChange(tx, user, {
      entityType: 'loan_statement',
      entityKey: updated.id,
      action: 'loan_statement.fulfilled',
      before: { status: request.status },
      after: { status: updated.status, fileName: updated.fileName },
      event: {
        type: 'loan_statement.fulfilled',
        orderingKey: `loan_statement:${updated.id}`,
        data: {
          key: updated.id,
          opportunityKey: opportunity.key,
          accountId: opportunity.accountKey,
          status: 'FULFILLED',
        },
      },
    });
    return updated;
  });
  return toLoanStatementRequest(row, await downloadUrlOf(storage, row));
}

export async function downloadUrlOf(
  storage: Storage,
  row: typeof loanStatementRequests.$inferSelect,
) {
  if (!row.storageKey || !row.fileName) return null;
  return storage.presignDownload(row.storageKey, {
    fileName: row.fileName,
    contentType: row.contentType ?? 'application/octet-stream',
  });
}
