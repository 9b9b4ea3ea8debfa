// Calendar days as the API takes them (YYYY-MM-DD), read and written in the viewer's own calendar:
// the day someone clicks in a date picker is the day sent, whatever their time zone.

export function toIsoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function fromIsoDay(value: string): Date {
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  return new Date(year, month - 1, day);
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatIsoDay(value: string): string {
  return shortDay.format(fromIsoDay(value));
}
