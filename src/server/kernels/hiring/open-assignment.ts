import type { OfferedMilestone } from '~/shared/offered-milestones';
import type { Database } from '../../db/client';
import { assignments, assignmentTerms, milestones as milestoneRows } from '../../db/schema';
import { AppError } from '../../platform/errors';

interface OpenedAssignment {
  companyId: string;
  applicantId: string;
  jobId?: string | null;
  applicationId?: string | null;
  role: string;
  startDate: string;
  status?: 'pending' | 'active';
  createdBy: string;
  now?: Date;
}

// An assignment and the first row of its terms history (the talent's pay rate is the billed rate until a
// change says otherwise), or a fixed price's milestones (decision 035), written together in the caller's
// transaction. The one way an assignment is made: a hire in the pipeline and an administrator's Create
// Assignment both call it.
export async function openAssignment({
  tx,
  assignment,
}: {
  tx: Database;
  assignment: OpenedAssignment &
    ({ rateCents: number; weeklyHours: number; milestones?: undefined } | { milestones: OfferedMilestone[] });
}): Promise<string> {
  const { createdBy, now = new Date(), milestones, ...values } = assignment;
  const [created] = await tx
    .insert(assignments)
    .values({ ...values, engagementType: milestones ? 'fixed' : 'hourly', createdAt: now, updatedAt: now })
    .returning({ id: assignments.id });
  if (!created) throw new AppError('internal', 'The assignment could not be created.');
  if (milestones) {
    await tx.insert(milestoneRows).values(
      milestones.map((milestone, index) => ({
        assignmentId: created.id,
        position: index + 1,
        title: milestone.title,
        description: milestone.description,
        amountCents: milestone.amount_cents,
        dueDate: milestone.due_date,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return created.id;
  }
  await tx.insert(assignmentTerms).values({
    assignmentId: created.id,
    rateCents: assignment.rateCents,
    payRateCents: assignment.rateCents,
    weeklyHours: assignment.weeklyHours,
    effectiveDate: assignment.startDate,
    createdBy,
    createdAt: now,
  });
  return created.id;
}
