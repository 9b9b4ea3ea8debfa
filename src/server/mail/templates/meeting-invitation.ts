import { composeEmail, link, paragraph, quote, signature } from './compose-email';

// To everyone in a meeting when it is scheduled, each in their own time zone, with the invitation their
// calendar takes (meetings/email-meeting-change.ts). The organizer's copy says whom they invited.
export function meetingInvitationEmail({
  name,
  isOrganizer,
  bookedBy = null,
  companyName,
  kind,
  title,
  others,
  startsAt,
  durationMinutes,
  notes,
  joinUrl,
  meetingsUrl,
}: {
  name: string;
  isOrganizer: boolean;
  // Booked from a booking link: 'you' for the person who booked it, else their name.
  bookedBy?: string | null;
  companyName: string;
  // "an interview", "an intro call", "a check-in".
  kind: string;
  title: string;
  // The names of the other participants.
  others: string[];
  // When it starts, already written in the person's own time zone.
  startsAt: string;
  durationMinutes: number;
  notes: string | null;
  // The call elsewhere, or the meeting's room.
  joinUrl: string;
  // The person's Meetings page, the meeting open.
  meetingsUrl: string;
}) {
  const withOthers = others.length > 0 ? ` with ${others.join(', ')}` : '';
  if (bookedBy) {
    return composeEmail({
      subject: bookedBy === 'you' ? `You booked ${title}` : `${bookedBy} booked ${title}`,
      blocks: [
        paragraph`Hi ${name},`,
        paragraph`${title}${withOthers} starts ${startsAt} and lasts ${durationMinutes} minutes.`,
        ...(notes ? [quote(notes.split('\n').map((line) => [line]))] : []),
        bookedBy === 'you'
          ? paragraph`You booked it from the link ${companyName} sent. To move or cancel it, open the link again or your Meetings page: ${link(meetingsUrl)}`
          : paragraph`${bookedBy} booked this time from your booking link. It is on your Meetings page: ${link(meetingsUrl)}`,
        paragraph`Join the meeting: ${link(joinUrl)}`,
        paragraph`The invitation is attached for your calendar. If the meeting moves or is cancelled, our next email updates it there.`,
        signature,
      ],
    });
  }
  return composeEmail({
    subject: isOrganizer ? `You invited ${others.join(', ')} to ${title}` : `${companyName} invited you to ${kind}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${title}${withOthers} starts ${startsAt} and lasts ${durationMinutes} minutes.`,
      ...(notes ? [quote(notes.split('\n').map((line) => [line]))] : []),
      isOrganizer
        ? paragraph`They are asked to accept it. Their answer shows on your Meetings page: ${link(meetingsUrl)}`
        : paragraph`Accept or decline it on your Meetings page: ${link(meetingsUrl)}`,
      paragraph`Join the meeting: ${link(joinUrl)}`,
      paragraph`The invitation is attached for your calendar. If the meeting moves or is cancelled, our next email updates it there.`,
      signature,
    ],
  });
}
