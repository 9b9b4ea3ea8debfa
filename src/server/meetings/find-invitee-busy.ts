import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { applicationTexts } from '~/shared/applications';
import type { InviteeBusy } from '~/shared/meetings';
import type { Database } from '../db/client';
import { applications, jobs, meetingParticipants, meetings } from '../db/schema';
import { AppError } from '../platform/errors';

// When the applicant of one of the company's applications is in another meeting (any company's, declined
// ones left out), over `hours` from `from`: the times only, merged where they touch, so the company picks a
// free time without learning who else the applicant talks to.
export async function findInviteeBusy({
  db,
  companyId,
  applicationId,
  from,
  hours,
}: {
  db: Database;
  companyId: string;
  applicationId: string;
  from: Date;
  hours: number;
}): Promise<InviteeBusy> {
  const [application] = await db
    .select({ applicantId: applications.applicantId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.id, applicationId), eq(jobs.companyId, companyId)));
  if (!application) throw new AppError('not_found', applicationTexts.notFound);
  const until = new Date(from.getTime() + hours * 3_600_000);
  const endsAt = sql<Date>`${meetings.startsAt} + make_interval(mins => ${meetings.durationMinutes})`;
  const rows = await db
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
    .orderBy(meetings.startsAt);
  const merged: Array<{ start: number; end: number }> = [];
  for (const row of rows) {
    const start = row.startsAt.getTime();
    const end = new Date(row.endsAt).getTime();
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return {
    items: merged.map(({ start, end }) => ({
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(end).toISOString(),
    })),
  };
}
