import { eq } from 'drizzle-orm';
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
import { accounts, opportunities } from '../../db/schema.ts';
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
import type { RecordedEvent } from '../events/domain-events.ts';
import type { EventHandler } from '../events/event-handlers.ts';
import { frequenciesRepository } from '../frequencies/frequencies.repository.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { unitsRepository } from '../units/units.repository.ts';

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

/** The documents a rejection named, as they were at the decision (the borrower may act at once). */
function rejectedDocuments(kind: SetKind, event: RecordedEvent, language: Language) {
  // The reason in plain words first, then the checker's own remarks.
  return (event.context?.rejected ?? []).map((r) =>
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

/** The borrower of an event's account, the language they read, and how to mail them. */
async function borrowerOf(db: Executor, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.key, accountId));
  if (!account) return undefined;
  // Each e-mail in its reader's language: the account's borrower's.
  const language = await usersRepository.languageOf(db, { accountKey: account.key });
  return {
    name: account.name,
    language,
    mail: (mail: Omit<MailMessage, 'to'>) => enqueueMail(db, { to: account.email, ...mail }),
  };
}

const kindOf = (event: RecordedEvent): SetKind =>
  event.type.startsWith('unit.') ? 'unit' : 'frequency';

/**
 * The e-mails events send (issue: notifications), queued through the outbox in the event's own
 * job, so none is lost or sent twice: submissions to the checkers' address; outcomes, reopening,
 * NOC letters and statements ready to the borrower. Each names the item in words and links to the
 * screen that acts on it with the item's panel open (issue 11).
 */
export function notificationsFor(config: NotificationConfig) {
  return {
    /** unit.submitted, frequency.submitted: to APPROVER_EMAIL, when there is one. */
    async submitted(db, event) {
      if (!config.approverEmail) return;
      const language = await usersRepository.languageOf(db, { email: config.approverEmail });
      const set = await setInWords(db, kindOf(event), event.data.key, config.publicUrl, language);
      if (!set) return;
      await enqueueMail(db, {
        to: config.approverEmail,
        ...submittedMail({
          ...set.notice(true, 'PENDING_APPROVAL'),
          accountName: set.accountName,
          accountId: event.data.accountId,
        }),
      });
    },

    /**
     * unit.finalised, frequency.finalised: the outcome, with each rejected document's reason. An
     * approved unit gets its NOC letter, and one mail says both once the letter is ready.
     */
    async decided(db, event) {
      const kind = kindOf(event);
      const outcome = event.data.approvalStatus === 'APPROVED' ? 'APPROVED' : 'REJECTED';
      if (kind === 'unit' && outcome === 'APPROVED') return;
      const borrower = await borrowerOf(db, event.data.accountId);
      if (!borrower) return;
      const { key } = event.data;
      const set = await setInWords(db, kind, key, config.publicUrl, borrower.language);
      if (!set) return;
      await borrower.mail(
        decidedMail({
          ...set.notice(false, outcome),
          name: borrower.name,
          outcome,
          rejected: outcome === 'REJECTED' ? rejectedDocuments(kind, event, borrower.language) : [],
        }),
      );
    },

    /** frequency.reopened: the borrower may change the pack again. */
    async reopened(db, event) {
      const borrower = await borrowerOf(db, event.data.accountId);
      if (!borrower) return;
      const set = await setInWords(
        db,
        'frequency',
        event.data.key,
        config.publicUrl,
        borrower.language,
      );
      if (!set) return;
      await borrower.mail(reopenedMail({ ...set.notice(false, 'ALL'), name: borrower.name }));
    },

    /** noc_letter.issued: the unit is approved and its letter ready to download from its panel. */
    async letterReady(db, event) {
      const { unitKey } = event.data;
      const borrower = await borrowerOf(db, event.data.accountId);
      if (!unitKey || !borrower) return;
      const set = await setInWords(db, 'unit', unitKey, config.publicUrl, borrower.language);
      if (!set) return;
      await borrower.mail(
        nocLetterReadyMail({
          ...set.notice(false, 'APPROVED'),
          name: borrower.name,
          letterNumber: event.data.key,
        }),
      );
    },

    /** loan_statement.fulfilled: the statement the borrower asked for is attached. */
    async statementReady(db, event) {
      const { opportunityKey } = event.data;
      const borrower = await borrowerOf(db, event.data.accountId);
      if (!opportunityKey || !borrower) return;
      const [loan] = await db
        .select({ name: opportunities.name })
        .from(opportunities)
        .where(eq(opportunities.key, opportunityKey));
      await borrower.mail(
        statementReadyMail({
          name: borrower.name,
          loanName: loan?.name ?? opportunityKey,
          language: borrower.language,
          url: `${config.publicUrl}/opportunities/${encodeURIComponent(opportunityKey)}/loan-statement-requests`,
        }),
      );
    },
  } satisfies Record<string, EventHandler>;
}
