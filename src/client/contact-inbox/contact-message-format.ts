import type { ContactMessageItem } from '~/shared/contact';

// How the inbox writes a message's moments and what it is about. Times are in the viewer's time zone,
// named, since the sender and the administrators may be on different continents.

const fullTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const shortTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

// "Nov 24, 2026, 2:05 PM GMT+1"
export const formatMessageTime = (value: string) => fullTime.format(new Date(value));

// "Nov 24, 2:05 PM", for the table; the cell's title has the full moment.
export const formatMessageTimeShort = (value: string) => shortTime.format(new Date(value));

// The forms promise an answer within 24 hours (their success toasts, docs/spec/admin-billing-and-content.md §8).
const PROMISED_ANSWER_MS = 24 * 60 * 60 * 1000;

export const isPastPromise = (message: Pick<ContactMessageItem, 'created_at' | 'handled_at'>, now = Date.now()) =>
  message.handled_at === null && now - new Date(message.created_at).getTime() > PROMISED_ANSWER_MS;

// What a message is about: its subject, or (the home page's form has none) who it is from.
export const messageTitle = (message: Pick<ContactMessageItem, 'subject' | 'name'>) =>
  message.subject ?? `Message from ${message.name}`;
