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

/**
 * Who did something, by name when the portal knows it, with their role in words: "Priya Nair
 * (approver)", "priya (approver)"; one whose username is withheld (the lender's people, to a
 * borrower) and who has no name is their role: "The lender’s approver". An unknown role as it is.
 */
export function actorLabel(actor: {
  username: string;
  role: string;
  name?: string | null;
}): string {
  const roleKey = ROLE_NAMES[actor.role];
  const role = roleKey ? i18n._(roleKey) : actor.role;
  const who = actor.name || actor.username;
  return who ? `${who} (${role})` : i18n._('documentPanel.role.unnamed', { role });
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
