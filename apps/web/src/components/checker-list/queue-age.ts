import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';
import { addMessages, currentLanguage, i18n } from '../../i18n';
import { messages } from '../../i18n/messages/checkerList';

addMessages(messages);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an item has waited since it was submitted, in whole days: "Today", "1 day",
 * "3 days". The queue is worked by this (longest waiting on top).
 */
export function waitingAge(submittedAt: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / DAY_MS));
  return days === 0 ? i18n._('checkerList.ageToday') : i18n._('checkerList.ageDays', { days });
}

/** The submitted date ('22 Nov 2026') and, while the item waits for a checker, its age. */
export function submittedColumns(item: { submittedAt: string | null; approvalStatus: string }) {
  if (!item.submittedAt) return { submitted: i18n._('checkerList.notYet'), age: '—' };
  return {
    submitted: formatDate(item.submittedAt, DEFAULT_TIME_ZONE, currentLanguage()),
    age: item.approvalStatus === 'PENDING_APPROVAL' ? waitingAge(item.submittedAt) : '—',
  };
}
