import { and, eq, gte } from 'drizzle-orm';
import type { MeetingReminderLead } from '~/shared/meetings';
import type { Database } from '../db/client';
import { emailOutbox, meetings } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { JobData } from '../platform/job-queue';
import { timeFor } from './create-meeting-record';
import { findParticipants, joinUrlOf } from './meeting-views';

const subjects: Record<MeetingReminderLead, (title: string) => string> = {
  '24h': (title) => `Reminder: ${title} is tomorrow`,
  '15m': (title) => `Reminder: ${title} starts in 15 minutes`,
};

// One reminder job (enqueueMeetingReminders): emails everyone who accepted or has not answered, in
// their own time zone. A job from before a reschedule or a cancellation finds the meeting changed and
// does nothing. A retried job skips the people its first run already emailed.
export async function sendMeetingReminder({
  db,
  mailer,
  publicUrl,
  job,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  job: JobData['meeting-reminder'];
}): Promise<{ sent: number }> {
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, job.meetingId));
  if (meeting?.status !== 'scheduled' || meeting.sequence !== job.sequence) return { sent: 0 };
  const participants = await findParticipants(db, [meeting.id]);
  const invitees = participants.filter((person) => person.userId !== meeting.organizerId);
  // Nobody is coming: the organizer is not reminded of a meeting everyone declined.
  if (invitees.length > 0 && invitees.every((person) => person.response === 'declined')) return { sent: 0 };
  const subject = subjects[job.lead](meeting.title);
  const joinUrl = joinUrlOf(publicUrl, meeting.roomToken);
  let sent = 0;
  for (const person of participants) {
    if (person.response === 'declined') continue;
    const [already] = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, person.email),
          eq(emailOutbox.subject, subject),
          gte(emailOutbox.createdAt, meeting.updatedAt),
        ),
      )
      .limit(1);
    if (already) continue;
    const others = participants.filter((other) => other.userId !== person.userId).map((other) => other.name);
    await mailer.send({
      to: person.email,
      subject,
      text: [
        `Hi ${person.name},`,
        `${meeting.title}${others.length > 0 ? ` with ${others.join(', ')}` : ''} starts ${timeFor(meeting.startsAt, person)} and lasts ${meeting.durationMinutes} minutes.`,
        ...(person.response === 'pending'
          ? ['You have not answered the invitation yet: accept or decline it on Tandem.']
          : []),
        `Join the meeting: ${joinUrl}`,
        '— The Tandem team',
      ].join('\n\n'),
    });
    sent += 1;
  }
  return { sent };
}
