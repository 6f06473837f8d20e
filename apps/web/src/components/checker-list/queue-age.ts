import { formatDate } from '@portal/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an item has waited since it was submitted, in whole days: "Today", "1 day",
 * "3 days". The queue is worked by this (longest waiting on top).
 */
export function waitingAge(submittedAt: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / DAY_MS));
  if (days === 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** The submitted date ('22 Nov 2026') and, while the item waits for a checker, its age. */
export function submittedColumns(item: { submittedAt: string | null; approvalStatus: string }) {
  if (!item.submittedAt) return { submitted: 'Not yet', age: '—' };
  return {
    submitted: formatDate(item.submittedAt),
    age: item.approvalStatus === 'PENDING_APPROVAL' ? waitingAge(item.submittedAt) : '—',
  };
}
