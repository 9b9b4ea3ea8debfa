import { and, eq } from 'drizzle-orm';
import { type MeetingResponse, meetingTexts } from '~/shared/meetings';
import { meetingParticipants, meetings } from '../db/schema';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { timeFor } from './create-meeting-record';
import { enqueueMeetingCopies } from './enqueue-meeting-copies';
import {
  endsAtOf,
  findParticipantMeeting,
  findParticipants,
  type MeetingChange,
  type ParticipantAction,
} from './meeting-views';
import { recordMeetingChange } from './record-meeting-change';

// An invitee accepts or declines (and may change their mind while the meeting is ahead). The organizer
// has accepted by scheduling; a cancelled or finished meeting has nothing left to answer (409).
export async function respondToMeeting({
  db,
  jobs,
  meetingId,
  userId,
  response,
  reason,
  ipAddress,
  now = new Date(),
}: ParticipantAction & {
  jobs: Pick<JobQueue, 'send'>;
  response: Exclude<MeetingResponse, 'pending'>;
  reason?: string;
}): Promise<MeetingChange> {
  return db.transaction(async (tx) => {
    const { meeting, response: previous } = await findParticipantMeeting({ db: tx, meetingId, userId, lock: true });
    if (meeting.organizerId === userId) throw new AppError('conflict', meetingTexts.organizerAnswers);
    if (meeting.status === 'cancelled') throw new AppError('conflict', meetingTexts.cancelledNoAnswer);
    if (endsAtOf(meeting).getTime() <= now.getTime()) throw new AppError('conflict', meetingTexts.overNoAnswer);
    // The same answer again changes nothing and tells nobody.
    if (previous === response) {
      const participants = await findParticipants(tx, [meeting.id]);
      return { meeting, participantIds: participants.map((participant) => participant.userId) };
    }
    await tx
      .update(meetingParticipants)
      .set({ response, respondedAt: now })
      .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.userId, userId)));
    await tx.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meeting.id));
    const { participantIds } = await recordMeetingChange(tx, {
      meetingId: meeting.id,
      actorId: userId,
      ipAddress,
      notification: {
        type: 'meeting_responded',
        describe: (participant, actorName) => ({
          title: `${actorName} ${response} ${meeting.title}`,
          body: [`${meeting.title} · ${timeFor(meeting.startsAt, participant)}.`, reason ? `“${reason}”` : null]
            .filter(Boolean)
            .join(' '),
        }),
      },
      audit: { action: 'meeting.responded', details: { response, ...(reason ? { reason } : {}) } },
    });
    // Their own copy goes when they decline, and the others' show their answer.
    await enqueueMeetingCopies({ jobs, transaction: tx, meetingId: meeting.id });
    return { meeting, participantIds };
  });
}
