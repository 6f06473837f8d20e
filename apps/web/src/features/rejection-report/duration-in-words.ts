import { addMessages, i18n } from '../../i18n';
import { messages } from '../../i18n/messages/rejectionReport';

addMessages(messages);

const UNITS = [
  { seconds: 24 * 3600, id: 'rejectionReport.duration.days' },
  { seconds: 3600, id: 'rejectionReport.duration.hours' },
  { seconds: 60, id: 'rejectionReport.duration.minutes' },
] as const;

const count = (n: number, unit: (typeof UNITS)[number]) => i18n._(unit.id, { count: n });

/**
 * A waiting time as people say it: its largest whole unit and the next one ("2 days 4 hours",
 * "3 hours", "45 minutes"); under a minute is "less than a minute". In the chosen language.
 */
export function durationInWords(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const largest = UNITS.findIndex((unit) => seconds >= unit.seconds);
  if (largest === -1) return i18n._('rejectionReport.duration.underAMinute');
  const unit = UNITS[largest]!;
  const whole = Math.floor(seconds / unit.seconds);
  const next = UNITS[largest + 1];
  const rest = next ? Math.floor((seconds - whole * unit.seconds) / next.seconds) : 0;
  return next && rest > 0
    ? i18n._('rejectionReport.duration.twoUnits', {
        larger: count(whole, unit),
        smaller: count(rest, next),
      })
    : count(whole, unit);
}
