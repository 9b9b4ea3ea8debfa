import { and, eq, lte, not } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assignments, companies, jobs, users } from '../db/schema';
import { agreementsHoldWorkOf } from '../kernels/agreements/agreement-gate';
import { activateAssignment } from '../kernels/work/activate-assignment';
import { startOfDay, todayOf } from '../platform/work-calendar';

const HOUR_MS = 60 * 60 * 1000;
const JOB_ZONE = /^UTC([+-])(\d{2}):(\d{2})$/;

// The hours a job's zone ('UTC-05:00', shared/jobs.ts jobTimezones) is behind UTC: 5 for UTC-05:00, 0 for
// a zone ahead of UTC or one we cannot read.
function hoursBehindUtc(zone: string | null): number {
  const [, sign, hours, minutes] = (zone ? JOB_ZONE.exec(zone) : null) ?? [];
  if (sign !== '-') return 0;
  return Number(hours) + Number(minutes) / 60;
}

// When a start date has come: when the day has begun in UTC, the one calendar of work
// (platform/work-calendar.ts: timesheets, the clock, and the company's own Start all count UTC days), and
// in the zone of the job the offer was for, when there is one. So an assignment never starts before the
// company could start it by hand, and a job posted west of UTC waits for its own morning: 2026-12-01 in
// UTC-05:00 comes at 05:00 UTC, in UTC+09:00 at 00:00 UTC. Without a job (an administrator's placement),
// UTC alone.
export function startMomentOf(startDate: string, jobZone: string | null): Date {
  return new Date(startOfDay(startDate).getTime() + hoursBehindUtc(jobZone) * HOUR_MS);
}

// The hourly run (schedule.ts): every pending assignment whose start date has come starts by itself, as
// the company's Start would (start-assignment.ts), audited without an actor, the talent and the company
// told; a suspended company's or talent's wait. Idempotent: each is locked and moved only while still pending, so a second run, or another
// instance, finds nothing left to start.
export async function startDueAssignments({
  db,
  now = new Date(),
}: {
  db: Database;
  now?: Date;
}): Promise<{ started: string[] }> {
  const candidates = await db
    .select({ id: assignments.id, startDate: assignments.startDate, jobZone: jobs.timezone })
    .from(assignments)
    // A suspended company or talent is on hold: its assignments wait for an administrator to lift it.
    .innerJoin(companies, and(eq(companies.id, assignments.companyId), eq(companies.status, 'active')))
    .innerJoin(users, and(eq(users.id, assignments.applicantId), eq(users.status, 'active')))
    .leftJoin(jobs, eq(jobs.id, assignments.jobId))
    .where(
      and(
        eq(assignments.status, 'pending'),
        lte(assignments.startDate, todayOf(now)),
        // Its agreements unsigned: it starts when the last signature comes (agreements/sign-agreement.ts).
        not(agreementsHoldWorkOf(assignments.id)),
      ),
    )
    .orderBy(assignments.startDate, assignments.id);
  const due = candidates.filter((row) => startMomentOf(row.startDate, row.jobZone) <= now);
  const started: string[] = [];
  for (const { id } of due) {
    const didStart = await db.transaction(async (tx) => {
      const [assignment] = await tx
        .select()
        .from(assignments)
        .where(and(eq(assignments.id, id), eq(assignments.status, 'pending')))
        .for('update');
      if (!assignment) return false;
      await activateAssignment({ tx, assignment, actorId: null, now });
      return true;
    });
    if (didStart) started.push(id);
  }
  return { started };
}
