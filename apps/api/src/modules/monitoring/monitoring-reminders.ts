import {
  addDays,
  DUE_SOON_DAYS,
  formatDate,
  frequencyLabel,
  oldestRemindedDueDate,
  reminderOwed,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { monitoringReminderMail } from '../../mail/templates.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { monitoringRepository as repo } from './monitoring.repository.ts';
import { calendarDay, type CalendarClock } from './monitoring.service.ts';

/** How often the API looks for reminders owed. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/**
 * Queues the reminder e-mails owed now (`reminderOwed`): each period's pack not yet submitted gets
 * its latest owed step once, recorded in `monitoring_reminders` and queued in the outbox in one
 * transaction, so replicas running at the same moment and restarts never send one twice. Steps
 * missed while no server ran are skipped, not caught up. Answers how many were queued.
 */
export async function sendMonitoringReminders(
  db: Database,
  options: CalendarClock & { publicUrl: string },
): Promise<number> {
  const day = calendarDay(options);
  const owed = await repo.notSubmitted(db, day, {
    from: oldestRemindedDueDate(day.today),
    to: addDays(day.today, DUE_SOON_DAYS),
  });
  let queued = 0;
  for (const period of owed) {
    const reminder = reminderOwed(period.dueDate, day.today);
    if (!reminder) continue;
    const sent = await db.transaction(async (tx) => {
      const claimed = await repo.claimReminder(tx, { ...period, ...reminder });
      if (!claimed) return false;
      const language = await usersRepository.languageOf(tx, { accountKey: period.accountId });
      await enqueueMail(tx, {
        to: period.accountEmail,
        ...monitoringReminderMail({
          name: period.accountName,
          label: frequencyLabel(period, language),
          dueDate: formatDate(period.dueDate, undefined, language),
          daysOverdue: period.daysOverdue,
          language,
          url: `${options.publicUrl}/accounts/${encodeURIComponent(period.accountId)}/collaterals?collateral=${encodeURIComponent(period.collateralKey)}`,
        }),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
