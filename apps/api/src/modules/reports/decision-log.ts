import { eq } from 'drizzle-orm';
import type { DocumentSetKind, ReviewOutcome } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { frequencies, reviewDecisions, units } from '../../db/schema.ts';
import type { DocumentFileRow } from '../documents/document-files.repository.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';

/**
 * A checker's decision on one file, appended to the decision log in the review's transaction:
 * every review counts, a changed decision too (the report counts rejections given).
 */
export async function logFileDecision(
  tx: Executor,
  kind: DocumentSetKind,
  user: AuthenticatedUser,
  file: Pick<
    DocumentFileRow,
    'key' | 'parentKey' | 'accountKey' | 'fileType' | 'approvalStatus' | 'rejectionReason'
  >,
) {
  await tx.insert(reviewDecisions).values({
    kind,
    subject: 'file',
    parentKey: file.parentKey,
    fileKey: file.key,
    fileType: file.fileType,
    accountKey: file.accountKey,
    outcome: file.approvalStatus,
    rejectionReason: file.rejectionReason,
    decidedBy: user.id,
  });
}

/**
 * The final decision on a set, appended in the transaction that saves the set's new status, with
 * the time it was last submitted: its waiting time runs from there to now.
 */
export async function logSetDecision(
  tx: Executor,
  kind: DocumentSetKind,
  user: AuthenticatedUser,
  set: { key: string; accountKey: string },
  outcome: ReviewOutcome,
) {
  const table = kind === 'unit' ? units : frequencies;
  const [row] = await tx
    .select({ submittedAt: table.submittedAt })
    .from(table)
    .where(eq(table.key, set.key));
  await tx.insert(reviewDecisions).values({
    kind,
    subject: 'set',
    parentKey: set.key,
    accountKey: set.accountKey,
    outcome,
    submittedAt: row?.submittedAt ?? null,
    decidedBy: user.id,
  });
}
