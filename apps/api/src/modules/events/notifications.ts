import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { COLLATERAL_FILE_TYPE_NAMES, UNIT_FILE_TYPE_NAMES } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, frequencyFiles, unitFiles } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { noticeMail } from '../../mail/templates.ts';
import type { DomainEvent } from './domain-events.ts';

export interface NotificationConfig {
  publicUrl: string;
  /** Where submissions are announced (APPROVER_EMAIL); none means no announcement. */
  approverEmail: string | undefined;
}

const typeName = (fileType: string) =>
  (UNIT_FILE_TYPE_NAMES as Record<string, string>)[fileType] ??
  (COLLATERAL_FILE_TYPE_NAMES as Record<string, string>)[fileType] ??
  fileType;

async function rejectedDocuments(db: Executor, kind: 'unit' | 'frequency', key: string) {
  const table = kind === 'unit' ? unitFiles : frequencyFiles;
  const rows = await db
    .select({ fileType: table.fileType, remarks: table.approverRemarks })
    .from(table)
    .where(
      and(
        eq(table.parentKey, key),
        eq(table.approvalStatus, 'REJECTED'),
        isNotNull(table.completedAt),
        isNull(table.deletedAt),
      ),
    );
  return rows.map((r) => `${typeName(r.fileType)}: ${r.remarks ?? 'no remarks'}`);
}

/**
 * The e-mails an event sends (issue: notifications), queued in the same transaction through the
 * outbox so none is lost or sent twice: submissions to the checkers' address; outcomes, reopening
 * and ready statements to the borrower, each linking to the screen that acts on it.
 */
export async function queueNotifications(
  db: Executor,
  event: DomainEvent,
  config: NotificationConfig,
) {
  const { data } = event;
  const url = (path: string) => `${config.publicUrl}${path}`;
  const [kind] = event.type.split('.') as ['unit' | 'frequency' | 'loan_statement' | 'file'];
  const what = kind === 'unit' ? `Unit ${data.key}` : 'A monitoring frequency';

  if (event.type === 'unit.submitted' || event.type === 'frequency.submitted') {
    if (!config.approverEmail) return;
    await enqueueMail(db, {
      to: config.approverEmail,
      ...noticeMail({
        subject: `${what} was submitted for approval`,
        lines: [`${what} of account ${data.accountId} awaits your review.`],
        link:
          kind === 'unit'
            ? { label: 'Open the NOC Checker', url: url('/checker') }
            : { label: 'Open the Collateral Checker', url: url('/collateralchecker') },
      }),
    });
    return;
  }

  const [account] = await db.select().from(accounts).where(eq(accounts.key, data.accountId));
  if (!account) return;
  const toBorrower = (mail: Parameters<typeof noticeMail>[0]) =>
    enqueueMail(db, { to: account.email, ...noticeMail({ name: account.name, ...mail }) });

  if (event.type === 'unit.finalised' || event.type === 'frequency.finalised') {
    const approved = data.approvalStatus === 'APPROVED';
    await toBorrower({
      subject: `${what} was ${approved ? 'approved' : 'rejected'}`,
      lines: approved
        ? [`${what} was approved by the lender's checker.`]
        : [`${what} was rejected. Replace the documents below and submit again:`],
      details: approved
        ? []
        : await rejectedDocuments(db, kind === 'unit' ? 'unit' : 'frequency', data.key),
      link:
        kind === 'unit'
          ? { label: 'Open Unit Status', url: url(`/unitstatus`) }
          : { label: 'Open Collateral Status', url: url('/collateralstatus') },
    });
  } else if (event.type === 'frequency.reopened') {
    await toBorrower({
      subject: 'A monitoring frequency was reopened',
      lines: [
        'An approved monitoring frequency was reopened; its documents can be replaced and submitted again.',
      ],
      link: { label: 'Open your collaterals', url: url(`/accounts/${data.accountId}/collaterals`) },
    });
  } else if (event.type === 'loan_statement.fulfilled') {
    await toBorrower({
      subject: 'Your loan statement is ready',
      lines: [`The statement you asked for on loan ${data.opportunityKey} is ready to download.`],
      link: {
        label: 'Download your statement',
        url: url(`/opportunities/${data.opportunityKey}/loan-statement-requests`),
      },
    });
  }
}
