import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';
import { addMessages, currentLanguage, i18n } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

const ROLE_NAMES: Record<string, string | undefined> = {
  client: 'documentPanel.role.client',
  approver: 'documentPanel.role.approver',
  viewer: 'documentPanel.role.viewer',
  admin: 'documentPanel.role.admin',
};

/** Who did something, with their role in words: "priya (approver)"; an unknown role as it is. */
export function actorLabel(actor: { username: string; role: string }): string {
  const roleName = ROLE_NAMES[actor.role];
  return `${actor.username} (${roleName ? i18n._(roleName) : actor.role})`;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** docs/product.md#look-and-feel dates in the business time zone, in the screens' language: "22 Nov 2026". */
export function formatDay(at: string): string {
  return formatDate(at, DEFAULT_TIME_ZONE, currentLanguage());
}

/** docs/product.md#look-and-feel dates with the time of day, in the business time zone: "22 Nov 2026, 14:05". */
export function formatDateTime(at: string): string {
  return `${formatDay(at)}, ${timeFormat.format(new Date(at))}`;
}
