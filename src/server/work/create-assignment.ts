import { eq } from 'drizzle-orm';
import { adminAssignmentTexts, type CreateAssignmentInput } from '~/shared/admin-assignments';
import type { Assignment } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { companies, users } from '../db/schema';
import { openAssignment } from '../kernels/hiring/open-assignment';
import { loadAssignmentView } from '../kernels/work/assignment-views';
import { formatRate, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { requireRealDay, todayOf } from '../platform/work-calendar';

// An administrator places a talent with a company: the assignment (pending, or active when it starts
// today or earlier) and its first terms row, audit-logged, and the talent told.
export async function createAssignment({
  db,
  actorId,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  actorId: string;
  input: CreateAssignmentInput;
  ipAddress?: string;
  now?: Date;
}): Promise<Assignment> {
  const startDate = requireRealDay(input.start_date, 'start date');
  const id = await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, status: companies.status })
      .from(companies)
      .where(eq(companies.id, input.company_id));
    if (!company) {
      throw new AppError('validation', adminAssignmentTexts.companyNotFound, {
        company_id: adminAssignmentTexts.companyNotFound,
      });
    }
    if (company.status !== 'active') throw new AppError('conflict', adminAssignmentTexts.companySuspended);
    const [talent] = await tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, input.applicant_id));
    if (!talent) {
      throw new AppError('validation', adminAssignmentTexts.talentNotFound, {
        applicant_id: adminAssignmentTexts.talentNotFound,
      });
    }
    if (talent.role !== 'applicant') {
      throw new AppError('validation', adminAssignmentTexts.notApplicant, {
        applicant_id: adminAssignmentTexts.notApplicant,
      });
    }
    if (talent.status !== 'active') throw new AppError('conflict', adminAssignmentTexts.talentSuspended);

    const status = startDate <= todayOf(now) ? 'active' : 'pending';
    const createdId = await openAssignment({
      tx,
      assignment: {
        companyId: company.id,
        applicantId: talent.id,
        role: input.role,
        rateCents: input.rate_cents,
        weeklyHours: input.weekly_hours,
        startDate,
        status,
        createdBy: actorId,
        now,
      },
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'assignment.created',
        targetType: 'assignment',
        targetId: createdId,
        details: {
          company_id: company.id,
          applicant_id: talent.id,
          role: input.role,
          rate_cents: input.rate_cents,
          weekly_hours: input.weekly_hours,
          start_date: startDate,
          status,
        },
        ipAddress,
      },
    });
    await notifyTalent(tx, talent.id, {
      type: 'assignment_changed',
      title: `New assignment: ${input.role}`,
      body:
        status === 'active'
          ? `Your assignment started on ${startDate}: ${formatRate(input.rate_cents)}, ${input.weekly_hours} hours a week.`
          : `Your assignment starts on ${startDate}: ${formatRate(input.rate_cents)}, ${input.weekly_hours} hours a week.`,
      link: paths.applicantTimesheets.getHref(),
    });
    return createdId;
  });
  return loadAssignmentView({ db, id, now });
}
