import {
  addDays,
  DUE_SOON_DAYS,
  formatDate,
  frequencyLabel,
  oldestRemindedDueDate,
  reminderOwed,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMails } from '../../mail/mail-jobs.ts';
import { monitoringReminderMail } from '../../mail/templates.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { monitoringRepository as repo, type ReminderClaim } from './monitoring.repository.ts';
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
  const owed = (
    await repo.notSubmitted(db, day, {
      from: oldestRemindedDueDate(day.today),
      to: addDays(day.today, DUE_SOON_DAYS),
    })
  ).flatMap((period) => {
    const reminder = reminderOwed(period.dueDate, day.today);
    return reminder ? [{ period, reminder }] : [];
  });
  const periodOf = new Map(
    owed.map(({ period, reminder }) => [reminderId({ ...period, ...reminder }), period]),
  );
  let queued = 0;
  let transactions = 0;
  // Reminders already sent are skipped by the claim itself, so the batches walk on past them.
  for (let at = 0; at < owed.length && transactions < batches; at += batchSize) {
    const batch = owed.slice(at, at + batchSize).map(({ period, reminder }) => ({
      collateralKey: period.collateralKey,
      frequency: period.frequency,
      month: period.month,
      year: period.year,
      ...reminder,
    }));
    // The batch's claims, its borrowers' languages and its mails: three statements, whatever
    // its size, so a run holds the database for as little as it can beside the screens' reads.
    const claimed = await db.transaction(async (tx) => {
      const mine = await repo.claimReminders(tx, batch);
      const periods = mine.map((reminder) => periodOf.get(reminderId(reminder))!);
      const languageOf = await usersRepository.languagesOfAccounts(tx, [
        ...new Set(periods.map((period) => period.accountId)),
      ]);
      await enqueueMails(
        tx,
        periods.map((period) => {
          const language = languageOf(period.accountId);
          return {
            to: period.accountEmail,
            ...monitoringReminderMail({
              name: period.accountName,
              label: frequencyLabel(period, language),
              dueDate: formatDate(period.dueDate, undefined, language),
              daysOverdue: period.daysOverdue,
              language,
              url: `${options.publicUrl}/accounts/${encodeURIComponent(period.accountId)}/collaterals?collateral=${encodeURIComponent(period.collateralKey)}`,
            }),
          };
        }),
      );
      return mine.length;
    });
    queued += claimed;
    // A batch that only met reminders already sent does not count towards the run's bound.
    if (claimed > 0) transactions += 1;
  }
  return queued;
}

const reminderId = (r: ReminderClaim) =>
  `${r.collateralKey}|${r.frequency}|${r.month}|${r.year}|${r.kind}|${r.step}`;
