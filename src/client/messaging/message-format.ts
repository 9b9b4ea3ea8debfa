import { format, isSameDay, isSameYear } from 'date-fns';

// How a message's time reads: the time today, the day and time this year, the full date before.
export function messageTimeLabel(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (isSameDay(date, now)) return format(date, 'h:mm a');
  if (isSameYear(date, now)) return format(date, 'MMM d, h:mm a');
  return format(date, 'MMM d, yyyy');
}

// The list's short time: the time today, else the day.
export function conversationTimeLabel(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (isSameDay(date, now)) return format(date, 'h:mm a');
  if (isSameYear(date, now)) return format(date, 'MMM d');
  return format(date, 'MMM d, yyyy');
}
