// "5 minutes ago", "yesterday", "3 weeks ago": when a notification came, in English like the screen.

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function describeWhen(isoTime: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(isoTime).getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  for (const [unit, size] of units) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'Just now';
}
