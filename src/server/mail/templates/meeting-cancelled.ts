import { composeEmail, paragraph, quote, signature } from './compose-email';

// To everyone in a meeting when it is called off, with the cancellation their calendar takes
// (meetings/email-meeting-change.ts).
export function meetingCancelledEmail({
  name,
  actorName,
  title,
  others,
  startsAt,
  reason,
}: {
  name: string;
  // Who cancelled it; null when it is the reader.
  actorName: string | null;
  title: string;
  others: string[];
  // When it was to start, in the person's own time zone.
  startsAt: string;
  reason: string;
}) {
  const withOthers = others.length > 0 ? ` with ${others.join(', ')}` : '';
  return composeEmail({
    subject: `${actorName ?? 'You'} cancelled ${title}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${title}${withOthers}, which was to start ${startsAt}, is cancelled.`,
      quote([[`“${reason}”`]]),
      paragraph`The cancellation is attached: your calendar removes the meeting you added from our invitation.`,
      signature,
    ],
  });
}
