import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { applicationTexts } from '~/shared/applications';
import type { InviteeBusy } from '~/shared/meetings';
import type { Database } from '../db/client';
import { applications, jobs as jobsTable, meetingParticipants, meetings } from '../db/schema';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { findCalendarBusyTimes } from './find-calendar-busy-times';

type Source = NonNullable<InviteeBusy['items'][number]['source']>;

// Intervals merged where they touch, earliest first.
function merge(intervals: Array<{ start: number; end: number }>) {
  const merged: Array<{ start: number; end: number }> = [];
  for (const { start, end } of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

// When the applicant of one of the company's applications is in another meeting (any company's, declined
// ones left out), or busy in their own connected calendar (decision 059, as last read), over `hours` from
// `from`: the times only, each source merged where it touches, so the company picks a free time without
// learning who else the applicant talks to or what their calendar holds.
export async function findInviteeBusy({
  db,
  jobs,
  companyId,
  applicationId,
  from,
  hours,
  now = new Date(),
}: {
  db: Database;
  // Queues a refresh of the applicant's calendar when it was read too long ago.
  jobs?: Pick<JobQueue, 'send'>;
  companyId: string;
  applicationId: string;
  from: Date;
  hours: number;
  now?: Date;
}): Promise<InviteeBusy> {
  const [application] = await db
    .select({ applicantId: applications.applicantId })
    .from(applications)
    .innerJoin(jobsTable, eq(jobsTable.id, applications.jobId))
    .where(and(eq(applications.id, applicationId), eq(jobsTable.companyId, companyId)));
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  const until = new Date(from.getTime() + hours * 3_600_000);
  const endsAt = sql<Date>`${meetings.startsAt} + make_interval(mins => ${meetings.durationMinutes})`;
  const [rows, calendarBusy] = await Promise.all([
    db
      .select({ startsAt: meetings.startsAt, endsAt: sql<string>`(${endsAt})::text` })
      .from(meetings)
      .innerJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
      .where(
        and(
          eq(meetingParticipants.userId, application.applicantId),
          ne(meetingParticipants.response, 'declined'),
          eq(meetings.status, 'scheduled'),
          lt(meetings.startsAt, until),
          gt(endsAt, from),
        ),
      )
      .orderBy(meetings.startsAt),
    findCalendarBusyTimes({ db, jobs, userIds: [application.applicantId], from, to: until, now }),
  ]);
  const items = [
    ...merge(rows.map((row) => ({ start: row.startsAt.getTime(), end: new Date(row.endsAt).getTime() }))).map(
      (interval) => ({ ...interval, source: 'meeting' as Source }),
    ),
    ...merge(
      (calendarBusy.get(application.applicantId) ?? []).map((interval) => ({
        start: interval.startsAt.getTime(),
        end: interval.endsAt.getTime(),
      })),
    ).map((interval) => ({ ...interval, source: 'calendar' as Source })),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    items: items.map(({ start, end, source }) => ({
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(end).toISOString(),
      source,
    })),
  };
}
