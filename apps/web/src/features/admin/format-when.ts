import { DEFAULT_TIME_ZONE, formatDate } from '@portal/domain';
import type { Language } from '../../i18n';

const EN_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const HI_WHEN = new Intl.DateTimeFormat('hi-IN', {
  timeZone: DEFAULT_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** DESIGN §7 dates ('22 Nov 2026'), with the time: several events can happen in one day. */
export function formatWhen(iso: string, language: Language): string {
  const instant = new Date(iso);
  return language === 'hi'
    ? HI_WHEN.format(instant)
    : `${formatDate(iso)}, ${EN_TIME.format(instant)}`;
}
