import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { calendarEventCopies, meetings } from '../db/schema';
import type { CalendarCopyChange } from '../kernels/calendars/refresh-calendar-connection';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { cancelMeeting } from './cancel-meeting';
import { endsAtOf } from './meeting-views';
import { rescheduleMeeting } from './reschedule-meeting';
import { respondToMeeting } from './respond-to-meeting';

export const calendarChangeReasons = {
  moved: 'Moved in their calendar',
  declined: 'Declined in their calendar',
  removed: 'Removed from their calendar',
  organizerRemoved: "Removed from the organizer's calendar",
} as const;

// What people did to Tandem's copies in their own calendars (refresh-calendar-connection.ts), done on Tandem as
// that participant (decision 059), through the same changes the app makes, so the others are notified and
// emailed and the copies everywhere rewritten: moved → the meeting moves; declined, or deleted by an invitee →
// they decline; deleted by the organizer → the meeting is cancelled. What Tandem cannot take (a move into the
// past, a meeting already cancelled or over, the organizer declining their own meeting) is written back into
// their calendar as Tandem has it.
export async function applyCalendarChanges({
  db,
  jobs,
  mailer,
  publicUrl,
  changes,
  logger,
  now = new Date(),
}: {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  changes: CalendarCopyChange[];
  logger?: Pick<Logger, 'info'>;
  now?: Date;
}): Promise<void> {
  for (const change of changes) {
    const { meetingId, userId } = change;
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!meeting) continue;
    const isOrganizer = meeting.organizerId === userId;
    try {
      if (change.kind === 'moved') {
        // Tandem's own move read back before its copy was rewritten: nothing new.
        if (
          meeting.status === 'scheduled' &&
          meeting.startsAt.getTime() === change.startsAt.getTime() &&
          meeting.durationMinutes === change.durationMinutes
        ) {
          continue;
        }
        await rescheduleMeeting({
          db,
          jobs,
          mailer,
          publicUrl,
          meetingId,
          userId,
          startsAt: change.startsAt,
          durationMinutes: change.durationMinutes,
          reason: calendarChangeReasons.moved,
          now,
        });
      } else if (change.kind === 'deleted' && isOrganizer) {
        // Cancelled on Tandem already (its copy removed by Tandem): nothing to do.
        if (meeting.status === 'cancelled') continue;
        await cancelMeeting({
          db,
          jobs,
          mailer,
          publicUrl,
          meetingId,
          userId,
          reason: calendarChangeReasons.organizerRemoved,
          now,
        });
      } else {
        if (change.kind === 'deleted' && meeting.status === 'cancelled') continue;
        await respondToMeeting({
          db,
          jobs,
          meetingId,
          userId,
          response: 'declined',
          reason: change.kind === 'declined' ? calendarChangeReasons.declined : calendarChangeReasons.removed,
          now,
        });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      logger?.info({ meetingId, userId, kind: change.kind, reason: error.message }, 'a calendar change written back');
      await writeBack(db, jobs, {
        meetingId,
        userId,
        isGone: change.kind === 'deleted',
        isOver: endsAtOf(meeting).getTime() <= now.getTime(),
      });
    }
  }
}

// The copy is marked as not written (sequence -1), so the next write replaces it with the meeting as it is; a
// deleted one is forgotten, so it is written anew; a meeting over is left alone and its record dropped.
async function writeBack(
  db: Database,
  jobs: JobQueue,
  { meetingId, userId, isGone, isOver }: { meetingId: string; userId: string; isGone: boolean; isOver: boolean },
): Promise<void> {
  const where = and(eq(calendarEventCopies.meetingId, meetingId), eq(calendarEventCopies.userId, userId));
  await db.transaction(async (tx) => {
    if (isOver || isGone) await tx.delete(calendarEventCopies).where(where);
    else await tx.update(calendarEventCopies).set({ sequence: -1 }).where(where);
    if (isOver) return;
    await jobs.send('calendar.write-meeting-copies', { meetingId }, { transaction: tx });
  });
}
