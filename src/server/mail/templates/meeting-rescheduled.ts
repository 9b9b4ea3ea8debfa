import { composeEmail, link, paragraph, quote, signature } from './compose-email';

// To everyone in a meeting when it moves to another time or gets another call link, each in their own
// time zone, with the changed invitation their calendar takes (meetings/email-meeting-change.ts).
export function meetingRescheduledEmail({
  name,
  actorName,
  title,
  others,
  startsAt,
  durationMinutes,
  isMoved,
  isAnswerAsked,
  reason,
  joinUrl,
  meetingsUrl,
}: {
  name: string;
  // Who changed it; null when it is the reader.
  actorName: string | null;
  title: string;
  others: string[];
  startsAt: string;
  durationMinutes: number;
  // A new time (or length); otherwise only the call link changed.
  isMoved: boolean;
  // The reader is asked to answer the new time again.
  isAnswerAsked: boolean;
  reason: string | null;
  joinUrl: string;
  meetingsUrl: string;
}) {
  const who = actorName ?? 'You';
  const withOthers = others.length > 0 ? ` with ${others.join(', ')}` : '';
  return composeEmail({
    subject: isMoved ? `${who} moved ${title}` : `${who} changed the call link of ${title}`,
    blocks: [
      paragraph`Hi ${name},`,
      isMoved
        ? paragraph`${title}${withOthers} now starts ${startsAt} and lasts ${durationMinutes} minutes.`
        : paragraph`${title}${withOthers} still starts ${startsAt}, on another call link.`,
      ...(reason ? [quote([[`“${reason}”`]])] : []),
      isAnswerAsked
        ? paragraph`Accept or decline the new time on your Meetings page: ${link(meetingsUrl)}`
        : paragraph`See it on your Meetings page: ${link(meetingsUrl)}`,
      paragraph`Join the meeting: ${link(joinUrl)}`,
      paragraph`The changed invitation is attached: your calendar updates the meeting you added from our earlier email.`,
      signature,
    ],
  });
}
