import type { AssignmentStatus } from '~/shared/applications';
import type { TimesheetStatus } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, assignmentTerms, timeEntries, timesheets } from '../db/schema';

// Builders for assignments (with their first terms row) and timesheets, for the tests and the
// browser-test endpoints only (the demo data writes its own: seed/demo-billing.ts), so they live
// here, out of the production bundle. They write rows directly (no rules, no audit), so any state can
// be set up: a week approved a month ago, an assignment that ended last week.

interface AssignmentOverrides {
  companyId: string;
  applicantId: string;
  role?: string;
  jobId?: string | null;
  applicationId?: string | null;
  rateCents?: number;
  // What the talent is owed an hour; the rate unless given.
  payRateCents?: number;
  weeklyHours?: number;
  startDate: string;
  status?: AssignmentStatus;
  endDate?: string | null;
  endReason?: string | null;
  // When it was ended; now for an ended assignment unless given.
  endedAt?: Date | null;
}

export async function buildAssignment(db: Database, given: AssignmentOverrides) {
  const rateCents = given.rateCents ?? 5_000;
  const weeklyHours = given.weeklyHours ?? 40;
  const [assignment] = await db
    .insert(assignments)
    .values({
      companyId: given.companyId,
      applicantId: given.applicantId,
      jobId: given.jobId ?? null,
      applicationId: given.applicationId ?? null,
      role: given.role ?? 'Customer Support Specialist',
      rateCents,
      weeklyHours,
      startDate: given.startDate,
      status: given.status ?? 'active',
      endDate: given.endDate ?? null,
      endReason: given.endReason ?? null,
      endedAt: given.endedAt !== undefined ? given.endedAt : given.status === 'ended' ? new Date() : null,
    })
    .returning();
  if (!assignment) throw new Error('The assignment was not built.');
  await db.insert(assignmentTerms).values({
    assignmentId: assignment.id,
    rateCents,
    payRateCents: given.payRateCents ?? rateCents,
    weeklyHours,
    effectiveDate: given.startDate,
  });
  return assignment;
}

interface TimesheetOverrides {
  assignmentId: string;
  // A Sunday.
  weekStart: string;
  status?: TimesheetStatus;
  // Minutes by day ('YYYY-MM-DD' → minutes).
  minutes?: Record<string, number>;
  submittedAt?: Date | null;
  approvedAt?: Date | null;
  approvedBy?: string | null;
  talentPayCents?: number | null;
  returnComment?: string | null;
}

// A week with its days; submitted and approved weeks get their timestamps (now, unless given). An
// approved week's talent pay is whatever is given (the approval computes it for real).
export async function buildTimesheet(db: Database, given: TimesheetOverrides) {
  const status = given.status ?? 'open';
  const now = new Date();
  const isHandedIn = status === 'submitted' || status === 'approved';
  const [timesheet] = await db
    .insert(timesheets)
    .values({
      assignmentId: given.assignmentId,
      weekStart: given.weekStart,
      status,
      submittedAt: given.submittedAt !== undefined ? given.submittedAt : isHandedIn ? now : null,
      approvedAt: given.approvedAt !== undefined ? given.approvedAt : status === 'approved' ? now : null,
      approvedBy: given.approvedBy ?? null,
      talentPayCents: given.talentPayCents ?? null,
      returnComment: given.returnComment ?? null,
    })
    .returning();
  if (!timesheet) throw new Error('The timesheet was not built.');
  const days = Object.entries(given.minutes ?? {}).filter(([, minutes]) => minutes > 0);
  if (days.length > 0) {
    await db
      .insert(timeEntries)
      .values(days.map(([workDate, minutes]) => ({ timesheetId: timesheet.id, workDate, minutes })));
  }
  return timesheet;
}
