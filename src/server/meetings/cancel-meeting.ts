import { eq } from 'drizzle-orm';
import { meetingTexts } from '~/shared/meetings';
import { meetings } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import type { Mailer } from '../mail/mailer';
import { meetingCancelledEmail } from '../mail/templates/meeting-cancelled';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { timeFor } from './create-meeting-record';
import { emailMeetingChange, othersThan } from './email-meeting-change';
import { enqueueMeetingCopies } from './enqueue-meeting-copies';
import { endsAtOf, findParticipantMeeting, type MeetingChange, type ParticipantAction } from './meeting-views';
import { recordMeetingChange } from './record-meeting-change';

// Any participant calls the meeting off, saying why. The SEQUENCE grows, so a subscribed calendar
// shows it cancelled rather than keeping the old copy, and everyone's email carries the iTIP CANCEL
// that takes it out of a calendar the invitation went into.
export async function cancelMeeting({
  db,
  jobs,
  mailer,
  publicUrl,
  meetingId,
  userId,
  reason,
  ipAddress,
  now = new Date(),
}: ParticipantAction & {
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  publicUrl: string;
  reason: string;
}): Promise<MeetingChange> {
  return db.transaction(async (tx) => {
    const { meeting } = await findParticipantMeeting({ db: tx, meetingId, userId, lock: true });
    if (meeting.status === 'cancelled') throw new AppError('conflict', meetingTexts.alreadyCancelled);
    if (endsAtOf(meeting).getTime() <= now.getTime()) throw new AppError('conflict', meetingTexts.overNoCancel);
    const [cancelled] = await tx
      .update(meetings)
      .set({ status: 'cancelled', cancelReason: reason, sequence: meeting.sequence + 1, updatedAt: now })
      .where(eq(meetings.id, meeting.id))
      .returning();
    if (!cancelled) throw new AppError('not_found', meetingTexts.notFound);
    const { participants, participantIds } = await recordMeetingChange(tx, {
      meetingId: meeting.id,
      actorId: userId,
      ipAddress,
      notification: {
        type: 'meeting_cancelled',
        describe: (participant, actorName) => ({
          title: `${actorName} cancelled ${meeting.title}`,
          body: `${timeFor(meeting.startsAt, participant)} is off. “${reason}”`,
        }),
      },
      audit: { action: 'meeting.cancelled', details: { reason, starts_at: meeting.startsAt.toISOString() } },
    });
    const actorName = participants.find((participant) => participant.userId === userId)?.name ?? 'A participant';
    await emailMeetingChange(tx, {
      mailer,
      publicUrl,
      meeting: cancelled,
      participants,
      method: 'CANCEL',
      emailFor: (participant) =>
        meetingCancelledEmail({
          name: participant.name,
          actorName: participant.userId === userId ? null : actorName,
          title: cancelled.title,
          others: othersThan(participants, participant),
          startsAt: timeFor(cancelled.startsAt, participant),
          reason,
        }),
    });
    // Always a company's (create-meeting-record.ts); a null company would reach platform endpoints only.
    await emitWebhookEvent({
      db: tx,
      companyId: cancelled.companyId,
      type: 'meeting.cancelled',
      data: { meeting_id: cancelled.id, title: cancelled.title, starts_at: cancelled.startsAt.toISOString() },
    });
    await enqueueMeetingCopies({ jobs, transaction: tx, meetingId: cancelled.id });
    return { meeting: cancelled, participantIds };
  });
}
