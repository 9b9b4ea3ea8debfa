import { and, eq, exists, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarConnections, calendarEventCopies, meetingParticipants } from '../db/schema';
import type { JobQueue } from '../platform/job-queue';

// After a meeting changed (scheduled, booked, moved, cancelled, answered), in the change's transaction: the
// job that writes it into its participants' own calendars (write-meeting-copies.ts), when one of them has a
// calendar Tandem writes into or a copy is out there already. It exists exactly when the change does; each run
// writes the meeting as it then is, so two changes in a row make two runs that end in the same place.
export async function enqueueMeetingCopies({
  jobs,
  transaction,
  meetingId,
}: {
  jobs: Pick<JobQueue, 'send'>;
  transaction: Database;
  meetingId: string;
}): Promise<void> {
  const [wanted] = await transaction
    .select({ wanted: sql<number>`1` })
    .from(meetingParticipants)
    .where(
      and(
        eq(meetingParticipants.meetingId, meetingId),
        or(
          exists(
            transaction
              .select({ id: calendarConnections.id })
              .from(calendarConnections)
              .where(
                and(
                  eq(calendarConnections.userId, meetingParticipants.userId),
                  isNotNull(calendarConnections.writeCalendarId),
                ),
              ),
          ),
          inArray(
            meetingParticipants.userId,
            transaction
              .select({ userId: calendarEventCopies.userId })
              .from(calendarEventCopies)
              .where(eq(calendarEventCopies.meetingId, meetingId)),
          ),
        ),
      ),
    )
    .limit(1);
  if (!wanted) return;
  await jobs.send('calendar.write-meeting-copies', { meetingId }, { transaction });
}
