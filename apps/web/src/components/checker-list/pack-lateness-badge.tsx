import { Badge } from '@mantine/core';
import { DEFAULT_TIME_ZONE, packLateness, todayIn } from '@portal/domain';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/checkerList';

addMessages(messages);

/**
 * How late a monitoring pack came ("170 days late"), or, never submitted, how long it is
 * overdue; nothing for a pack on time. Red like an overdue pack on the calendar.
 */
export function PackLatenessBadge({
  pack,
}: {
  pack: { dueDate: string; daysLate: number | null };
}) {
  const { _ } = useLingui();
  const lateness = packLateness(pack, todayIn(DEFAULT_TIME_ZONE));
  if (!lateness) return null;
  return (
    <Badge component="span" color="red" variant="light" style={{ flexShrink: 0 }}>
      {_(lateness.kind === 'late' ? 'checkerList.daysLate' : 'checkerList.daysOverdue', {
        days: lateness.days,
      })}
    </Badge>
  );
}
