import { composeEmail, paragraph } from './compose-email';

// "Delete my account" was asked for; an administrator answers by the due day.
export function erasureRequestedEmail({ name, dueDay }: { name: string; dueDay: string }) {
  return composeEmail({
    subject: 'We received your request to delete your Tandem account',
    blocks: [
      paragraph`Hello ${name},`,
      paragraph`We received your request to delete your Tandem account. An administrator will process it by ${dueDay}.
Until then you can still sign in, and cancel the request in Settings → Privacy.`,
      paragraph`Invoices and payments are kept for 7 years, as the law requires; everything else about you is removed.`,
    ],
  });
}
