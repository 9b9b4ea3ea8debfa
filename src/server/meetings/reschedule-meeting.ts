import { and, eq, ne } from 'drizzle-orm';
import { meetingTexts } from '~/shared/meetings';
import { meetingParticipants, meetings } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { meetingRescheduledEmail } from '../mail/templates/meeting-rescheduled';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { checkMeetingStart, requireOwnTimeZone, timeFor } from './create-meeting-record';
import { emailMeetingChange, othersThan } from './email-meeting-change';
import { enqueueMeetingCopies } from './enqueue-meeting-copies';
import { lockMeetingPeople } from './lock-meeting-people';
import { endsAtOf, findParticipantMeeting, type MeetingChange, type ParticipantAction } from './meeting-views';
import { enqueueMeetingReminders } from './publish-meeting-change';
import { recordMeetingChange } from './record-meeting-change';

// Any participant moves the meeting to a new time. The others are asked again (their answers go back
// to pending), the one who moved it has accepted the new time, and the SEQUENCE grows so calendar apps
// replace their copy and the old reminders know they are stale; everyone's email carries the changed
// invitation. The organizer may also give the call another link (or drop it) with or without a new
// time: a new link alone asks nobody again.
export async function rescheduleMeeting({
  db,
  jobs,
  mailer,
  publicUrl,
  meetingId,
  userId,
  startsAt,
  durationMinutes,
  reason,
  callLink,
  ipAddress,
  now = new Date(),
}: ParticipantAction & {
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  startsAt: Date;
  durationMinutes?: number;
  reason?: string;
  // Undefined: as it is; null: none any more.
  callLink?: string | null;
}): Promise<MeetingChange> {
  return db.transaction(async (tx) => {
    // Its people first, then the meeting: the order a booking's move takes them in (decision 031).
    const people = await tx
      .select({ userId: meetingParticipants.userId })
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, meetingId));
    if (people.some((person) => person.userId === userId)) {
      await lockMeetingPeople(
        tx,
        people.map((person) => person.userId),
      );
    }
    const { meeting } = await findParticipantMeeting({ db: tx, meetingId, userId, lock: true });
    if (meeting.status === 'cancelled') throw new AppError('conflict', meetingTexts.cancelledNoReschedule);
    if (endsAtOf(meeting).getTime() <= now.getTime()) throw new AppError('conflict', meetingTexts.overNoReschedule);
    const duration = durationMinutes ?? meeting.durationMinutes;
    const isMoved = startsAt.getTime() !== meeting.startsAt.getTime() || duration !== meeting.durationMinutes;
    const newCallLink = callLink === undefined ? meeting.callLink : callLink;
    const isRelinked = newCallLink !== meeting.callLink;
    // The organizer's side says where its call is held; an invitee may move the time, not the call.
    if (isRelinked && meeting.organizerId !== userId) {
      throw new AppError('forbidden', meetingTexts.callLinkOrganizerOnly, {
        call_link: meetingTexts.callLinkOrganizerOnly,
      });
    }
    // A meeting under way keeps its start while its link changes.
    if (isMoved) checkMeetingStart(startsAt, now);
    await requireOwnTimeZone(tx, userId);
    if (!isMoved && !isRelinked) {
      throw new AppError('validation', meetingTexts.sameTime, { starts_at: meetingTexts.sameTime });
    }
    const [moved] = await tx
      .update(meetings)
      .set({
        startsAt,
        durationMinutes: duration,
        callLink: newCallLink,
        sequence: meeting.sequence + 1,
        updatedAt: now,
      })
      .where(eq(meetings.id, meeting.id))
      .returning();
    if (!moved) throw new AppError('not_found', meetingTexts.notFound);
    if (isMoved) {
      await tx
        .update(meetingParticipants)
        .set({ response: 'pending', respondedAt: null })
        .where(and(eq(meetingParticipants.meetingId, meeting.id), ne(meetingParticipants.userId, userId)));
      await tx
        .update(meetingParticipants)
        .set({ response: 'accepted', respondedAt: now })
        .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.userId, userId)));
    }
    const linkSentence = isRelinked
      ? newCallLink
        ? `Join it at ${newCallLink}.`
        : 'Join it from its page on Tandem.'
      : null;
    const { participants, participantIds } = await recordMeetingChange(tx, {
      meetingId: meeting.id,
      actorId: userId,
      ipAddress,
      notification: {
        type: 'meeting_rescheduled',
        describe: (participant, actorName) =>
          isMoved
            ? {
                title: `${actorName} moved ${meeting.title}`,
                body: [
                  `Now ${timeFor(startsAt, participant)}, ${duration} minutes. Accept or decline the new time.`,
                  linkSentence,
                  reason ? `“${reason}”` : null,
                ]
                  .filter(Boolean)
                  .join(' '),
              }
            : {
                title: `${actorName} changed the call link of ${meeting.title}`,
                body: [
                  `${meeting.title} · ${timeFor(startsAt, participant)}.`,
                  linkSentence,
                  reason ? `“${reason}”` : null,
                ]
                  .filter(Boolean)
                  .join(' '),
              },
      },
      audit: {
        action: 'meeting.rescheduled',
        details: {
          from: meeting.startsAt.toISOString(),
          to: startsAt.toISOString(),
          duration_minutes: duration,
          ...(reason ? { reason } : {}),
          ...(isRelinked ? { call_link: newCallLink } : {}),
        },
      },
    });
    const actorName = participants.find((participant) => participant.userId === userId)?.name ?? 'A participant';
    await emailMeetingChange(tx, {
      mailer,
      publicUrl,
      meeting: moved,
      participants,
      method: 'REQUEST',
      emailFor: (participant, links) =>
        meetingRescheduledEmail({
          name: participant.name,
          actorName: participant.userId === userId ? null : actorName,
          title: moved.title,
          others: othersThan(participants, participant),
          startsAt: timeFor(moved.startsAt, participant),
          durationMinutes: moved.durationMinutes,
          isMoved,
          isAnswerAsked: isMoved && participant.userId !== userId,
          reason: reason ?? null,
          ...links,
        }),
    });
    await enqueueMeetingReminders({ jobs, meeting: moved, transaction: tx, now });
    await enqueueMeetingCopies({ jobs, transaction: tx, meetingId: moved.id });
    return { meeting: moved, participantIds };
  });
}
