import {
  addDays,
  DUE_SOON_DAYS,
  formatDate,
  frequencyLabel,
  oldestRemindedDueDate,
  reminderOwed,
  type ReminderKind,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMails } from '../../mail/mail-jobs.ts';
import { monitoringReminderMail } from '../../mail/templates.ts';
import { usersRepository } from '../identity/users.repository.ts';
import {
  monitoringRepository as repo,
  type CalendarRow,
  type ReminderClaim,
} from './monitoring.repository.ts';
import { calendarDay, type CalendarClock } from './monitoring.service.ts';

/** How often the API looks for reminders owed. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/**
 * A run queues at most `batches` transactions of `batchSize` reminders: a backlog (a first run
 * after an import, or after a long stop) is spread over the following runs instead of one
 * transaction and one burst of thousands of mails.
 */
export const REMINDER_BATCH = { batchSize: 200, batches: 5 };

/**
 * Queues the reminder e-mails owed now (`reminderOwed`): each period's pack not yet submitted gets
 * its latest owed step once, oldest due date first, in bounded batches: each batch recorded in
 * `monitoring_reminders` and its mails queued in the outbox in one transaction, so replicas
 * running at the same moment and restarts never send one twice. Steps missed while no server ran
 * are skipped, not caught up. Answers how many were queued.
 */
export async function sendMonitoringReminders(
  db: Database,
  options: CalendarClock & { publicUrl: string } & Partial<typeof REMINDER_BATCH>,
): Promise<number> {
  const { batchSize, batches } = { ...REMINDER_BATCH, ...options };
  const day = calendarDay(options);
  // Each run keeps the calendar's periods planned a year ahead, a month further as months pass.
  await repo.planAhead(db, day);
  const dueDates = await repo.dueDatesNotSubmitted(db, day, {
    from: oldestRemindedDueDate(day.today),
    to: addDays(day.today, DUE_SOON_DAYS),
  });
  // The packs owed, oldest due date first, read a batch at a time as the run needs them.
  let current = 0;
  let after: CalendarRow | undefined;
  const nextBatch = async () => {
    const batch: OwedReminder[] = [];
    while (batch.length < batchSize && current < dueDates.length) {
      const dueDate = dueDates[current]!;
      // Every pack due on one day owes the same reminder.
      const reminder = reminderOwed(dueDate, day.today);
      if (!reminder) {
        current += 1;
        continue;
      }
      const wanted = batchSize - batch.length;
      const periods = await repo.unreminded(db, day, { dueDate, reminder, after, limit: wanted });
      batch.push(...periods.map((period) => ({ period, reminder })));
      after = periods.at(-1);
      if (periods.length < wanted) {
        current += 1;
        after = undefined;
      }
    }
    return batch;
  };
  let queued = 0;
  let transactions = 0;
  while (transactions < batches) {
    const batch = await nextBatch();
    if (batch.length === 0) break;
    const claimed = await queueReminders(db, batch, options.publicUrl);
    queued += claimed;
    // A batch another server had just sent does not count towards the run's bound.
    if (claimed > 0) transactions += 1;
  }
  return queued;
}

interface OwedReminder {
  period: CalendarRow;
  reminder: { kind: ReminderKind; step: number };
}

/**
 * Records a batch of periods' reminder and queues the mails of those this caller recorded, in
 * one transaction of three statements (claims, borrowers' languages, mails) whatever its size, so
 * a run holds the database for as little as it can beside the screens' reads.
 */
async function queueReminders(
  db: Database,
  batch: OwedReminder[],
  publicUrl: string,
): Promise<number> {
  const claims = batch.map(({ period, reminder }) => ({
    collateralKey: period.collateralKey,
    frequency: period.frequency,
    month: period.month,
    year: period.year,
    ...reminder,
  }));
  const periodOf = new Map(claims.map((claim, index) => [reminderId(claim), batch[index]!.period]));
  return db.transaction(async (tx) => {
    const mine = await repo.claimReminders(tx, claims);
    const claimed = mine.map((claim) => periodOf.get(reminderId(claim))!);
    const languageOf = await usersRepository.languagesOfAccounts(tx, [
      ...new Set(claimed.map((period) => period.accountId)),
    ]);
    await enqueueMails(
      tx,
      claimed.map((period) => {
        const language = languageOf(period.accountId);
        return {
          to: period.accountEmail,
          ...monitoringReminderMail({
            name: period.accountName,
            label: frequencyLabel(period, language),
            dueDate: formatDate(period.dueDate, undefined, language),
            daysOverdue: period.daysOverdue,
            language,
            url: `${publicUrl}/accounts/${encodeURIComponent(period.accountId)}/collaterals?collateral=${encodeURIComponent(period.collateralKey)}`,
          }),
        };
      }),
    );
    return mine.length;
  });
}

const reminderId = (r: ReminderClaim) =>
  `${r.collateralKey}|${r.frequency}|${r.month}|${r.year}|${r.kind}|${r.step}`;
