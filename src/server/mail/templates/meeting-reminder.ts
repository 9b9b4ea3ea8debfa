import type { MeetingReminderLead } from '~/shared/meetings';
import { composeEmail, link, paragraph, signature } from './compose-email';

const subjects: Record<MeetingReminderLead, (title: string) => string> = {
  '24h': (title) => `Reminder: ${title} is tomorrow`,
  '15m': (title) => `Reminder: ${title} starts in 15 minutes`,
};

// A day and a quarter hour before a meeting, to everyone who accepted or has not answered.
export function meetingReminderEmail({
  name,
  lead,
  title,
  others,
  startsAt,
  durationMinutes,
  isAnswerPending,
  joinUrl,
}: {
  name: string;
  lead: MeetingReminderLead;
  title: string;
  // The names of the other participants.
  others: string[];
  // When it starts, already written in the person's own time zone.
  startsAt: string;
  durationMinutes: number;
  isAnswerPending: boolean;
  joinUrl: string;
}) {
  const withOthers = others.length > 0 ? ` with ${others.join(', ')}` : '';
  return composeEmail({
    subject: subjects[lead](title),
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${title}${withOthers} starts ${startsAt} and lasts ${durationMinutes} minutes.`,
      ...(isAnswerPending
        ? [paragraph`You have not answered the invitation yet: accept or decline it on Tandem.`]
        : []),
      paragraph`Join the meeting: ${link(joinUrl)}`,
      signature,
    ],
  });
}
