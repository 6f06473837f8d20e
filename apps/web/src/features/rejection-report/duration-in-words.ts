const UNITS = [
  { seconds: 24 * 3600, one: 'day', many: 'days' },
  { seconds: 3600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'minute', many: 'minutes' },
] as const;

const count = (n: number, unit: (typeof UNITS)[number]) => `${n} ${n === 1 ? unit.one : unit.many}`;

/**
 * A waiting time as people say it: its largest whole unit and the next one ("2 days 4 hours",
 * "3 hours", "45 minutes"); under a minute is "less than a minute".
 */
export function durationInWords(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const largest = UNITS.findIndex((unit) => seconds >= unit.seconds);
  if (largest === -1) return 'less than a minute';
  const unit = UNITS[largest]!;
  const whole = Math.floor(seconds / unit.seconds);
  const next = UNITS[largest + 1];
  const rest = next ? Math.floor((seconds - whole * unit.seconds) / next.seconds) : 0;
  return next && rest > 0 ? `${count(whole, unit)} ${count(rest, next)}` : count(whole, unit);
}
