import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';

const ROLE_NAMES: Record<string, string | undefined> = {
  client: 'borrower',
  approver: 'approver',
  viewer: 'viewer',
  admin: 'admin',
};

/** Who did something, with their role in words: "priya (approver)"; an unknown role as it is. */
export function actorLabel(actor: { username: string; role: string }): string {
  return `${actor.username} (${ROLE_NAMES[actor.role] ?? actor.role})`;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DESIGN §7 dates with the time of day, in the business time zone: "22 Nov 2026, 14:05". */
export function formatDateTime(at: string): string {
  return `${formatDate(at)}, ${timeFormat.format(new Date(at))}`;
}
