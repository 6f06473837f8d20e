import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  collateralFileTypeLabel,
  CollateralFileTypeSchema,
  frequencyLabel,
  frequencyPanelPath,
  rejectionReasonLabel,
  unitFileTypeLabel,
  UnitFileTypeSchema,
  unitLabel,
  unitPanelPath,
  type Language,
  type ListScreenStatus,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, frequencyFiles, opportunities, unitFiles } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import {
  decidedMail,
  nocLetterReadyMail,
  noRemarks,
  reopenedMail,
  statementReadyMail,
  submittedMail,
  type SetNotice,
} from '../../mail/templates.ts';
import { frequenciesRepository } from '../frequencies/frequencies.repository.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { unitsRepository } from '../units/units.repository.ts';
import type { DomainEvent } from './domain-events.ts';

export interface NotificationConfig {
  publicUrl: string;
  /** Where submissions are announced (APPROVER_EMAIL); none means no announcement. */
  approverEmail: string | undefined;
}

type SetKind = 'unit' | 'frequency';

/** A file type's display name in the reader's language; a type this release does not know shows as stored. */
function typeName(kind: SetKind, fileType: string, language: Language): string {
  if (kind === 'unit') {
    const known = UnitFileTypeSchema.safeParse(fileType);
    return known.success ? unitFileTypeLabel(known.data, language) : fileType;
  }
  const known = CollateralFileTypeSchema.safeParse(fileType);
  return known.success ? collateralFileTypeLabel(known.data, language) : fileType;
}

async function rejectedDocuments(db: Executor, kind: SetKind, key: string, language: Language) {
  const table = kind === 'unit' ? unitFiles : frequencyFiles;
  const rows = await db
    .select({
      fileType: table.fileType,
      reason: table.rejectionReason,
      remarks: table.approverRemarks,
    })
    .from(table)
    .where(
      and(
        eq(table.parentKey, key),
        eq(table.approvalStatus, 'REJECTED'),
        isNotNull(table.completedAt),
        isNull(table.deletedAt),
      ),
    );
  // The reason in plain words first, then the checker's own remarks.
  return rows.map((r) =>
    [
      `${typeName(kind, r.fileType, language)}:`,
      r.reason && `${rejectionReasonLabel(r.reason, language)}.`,
      r.remarks ?? noRemarks(language),
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * A unit or frequency as its e-mails name it (project, tower and unit number; collateral,
 * frequency and month), the account it belongs to, and its panel's link for either reader.
 */
async function setInWords(
  db: Executor,
  kind: SetKind,
  key: string,
  publicUrl: string,
  language: Language,
) {
  const described =
    kind === 'unit'
      ? await describeUnit(db, key, language)
      : await describeFrequency(db, key, language);
  if (!described) return undefined;
  return {
    accountName: described.accountName,
    notice: (staff: boolean, status: ListScreenStatus): SetNotice => ({
      kind,
      label: described.label,
      url: `${publicUrl}${described.path(staff, status)}`,
      language,
    }),
  };
}

async function describeUnit(db: Executor, key: string, language: Language) {
  const row = await unitsRepository.find(db, null, key);
  if (!row) return undefined;
  const { unit } = row;
  return {
    label: unitLabel(
      { projectName: row.projectName, tower: unit.tower, unit: unit.unit },
      language,
    ),
    accountName: row.accountName,
    path: (staff: boolean, status: ListScreenStatus) =>
      unitPanelPath({ staff, status, projectKey: unit.projectKey, unitKey: unit.key }),
  };
}

async function describeFrequency(db: Executor, key: string, language: Language) {
  const row = await frequenciesRepository.find(db, null, key);
  if (!row) return undefined;
  const { frequency } = row;
  return {
    label: frequencyLabel({ collateralName: row.collateralName, ...frequency }, language),
    accountName: row.accountName,
    path: (staff: boolean, status: ListScreenStatus) =>
      frequencyPanelPath({
        staff,
        status,
        collateralKey: frequency.collateralKey,
        frequencyKey: frequency.key,
      }),
  };
}

/**
 * The e-mails an event sends (issue: notifications), queued in the same transaction through the
 * outbox so none is lost or sent twice: submissions to the checkers' address; outcomes, reopening
 * and ready statements to the borrower. Each names the item in words and links to the screen that
 * acts on it with the item's panel open (issue 11).
 */
export async function queueNotifications(
  db: Executor,
  event: DomainEvent,
  config: NotificationConfig,
) {
  const { data } = event;
  const kind: SetKind = event.type.startsWith('unit.') ? 'unit' : 'frequency';

  if (event.type === 'unit.submitted' || event.type === 'frequency.submitted') {
    if (!config.approverEmail) return;
    const language = await usersRepository.languageOf(db, { email: config.approverEmail });
    const set = await setInWords(db, kind, data.key, config.publicUrl, language);
    if (!set) return;
    await enqueueMail(db, {
      to: config.approverEmail,
      ...submittedMail({
        ...set.notice(true, 'PENDING_APPROVAL'),
        accountName: set.accountName,
        accountId: data.accountId,
      }),
    });
    return;
  }

  const [account] = await db.select().from(accounts).where(eq(accounts.key, data.accountId));
  if (!account) return;
  // Each e-mail in its reader's language: the account's borrower's.
  const language = await usersRepository.languageOf(db, { accountKey: account.key });
  const toBorrower = (mail: Omit<MailMessage, 'to'>) =>
    enqueueMail(db, { to: account.email, ...mail });

  if (event.type === 'unit.finalised' || event.type === 'frequency.finalised') {
    const set = await setInWords(db, kind, data.key, config.publicUrl, language);
    if (!set) return;
    const outcome = data.approvalStatus === 'APPROVED' ? 'APPROVED' : 'REJECTED';
    await toBorrower(
      decidedMail({
        ...set.notice(false, outcome),
        name: account.name,
        outcome,
        rejected:
          outcome === 'REJECTED' ? await rejectedDocuments(db, kind, data.key, language) : [],
      }),
    );
  } else if (event.type === 'frequency.reopened') {
    const set = await setInWords(db, kind, data.key, config.publicUrl, language);
    if (!set) return;
    await toBorrower(reopenedMail({ ...set.notice(false, 'ALL'), name: account.name }));
  } else if (event.type === 'noc_letter.issued' && data.unitKey) {
    const set = await setInWords(db, 'unit', data.unitKey, config.publicUrl, language);
    if (!set) return;
    await toBorrower(
      nocLetterReadyMail({
        ...set.notice(false, 'APPROVED'),
        name: account.name,
        letterNumber: data.key,
      }),
    );
  } else if (event.type === 'loan_statement.fulfilled' && data.opportunityKey) {
    const [loan] = await db
      .select({ name: opportunities.name })
      .from(opportunities)
      .where(eq(opportunities.key, data.opportunityKey));
    await toBorrower(
      statementReadyMail({
        name: account.name,
        loanName: loan?.name ?? data.opportunityKey,
        language,
        url: `${config.publicUrl}/opportunities/${encodeURIComponent(data.opportunityKey)}/loan-statement-requests`,
      }),
    );
  }
}
