import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, meetings } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { meetingReminderEmail } from '../mail/templates/meeting-reminder';
import type { JobData } from '../platform/job-queue';
import { timeFor } from './create-meeting-record';
import { findParticipants, wayInOf } from './meeting-views';

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
  const joinUrl = wayInOf(publicUrl, meeting);
  let sent = 0;
  for (const person of participants) {
    if (person.response === 'declined') continue;
    const others = participants.filter((other) => other.userId !== person.userId).map((other) => other.name);
    const email = meetingReminderEmail({
      name: person.name,
      lead: job.lead,
      title: meeting.title,
      others,
      startsAt: timeFor(meeting.startsAt, person),
      durationMinutes: meeting.durationMinutes,
      isAnswerPending: person.response === 'pending',
      joinUrl,
    });
    const [already] = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, person.email),
          eq(emailOutbox.subject, email.subject),
          gte(emailOutbox.createdAt, meeting.updatedAt),
        ),
      )
      .limit(1);
    if (already) continue;
    await mailer.send(person.email, email);
    sent += 1;
  }
  return { sent };
}
