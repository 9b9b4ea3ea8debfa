import type { Database } from '../db/client';
import { assignments, assignmentTerms } from '../db/schema';
import { AppError } from './errors';

// An assignment and the first row of its terms history (the talent's pay rate is the billed rate until a
// change says otherwise), written together in the caller's transaction. The one way an assignment is
// made: a hire in the pipeline and an administrator's Create Assignment both call it.
export async function openAssignment(
  tx: Database,
  assignment: {
    companyId: string;
    applicantId: string;
    jobId?: string | null;
    applicationId?: string | null;
    role: string;
    rateCents: number;
    weeklyHours: number;
    startDate: string;
    status?: 'pending' | 'active';
    createdBy: string;
    now?: Date;
  },
): Promise<string> {
  const { createdBy, now = new Date(), ...values } = assignment;
  const [created] = await tx
    .insert(assignments)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: assignments.id });
  if (!created) throw new AppError('internal', 'The assignment could not be created.');
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
