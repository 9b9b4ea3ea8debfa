import { and, eq } from 'drizzle-orm';
import { currencyOf } from '~/shared/currencies';
import { milestoneTexts } from '~/shared/milestones';
import type { Database } from '../db/client';
import { assignments, companies, milestones } from '../db/schema';
import { AppError } from '../platform/errors';

// Who reads a contract: the company that hired, or the talent hired. Outside it a contract is a 404.
// An administrator reads any (the Disputes screen), as the company would.
export type ContractReader =
  | { kind: 'company'; companyId: string }
  | { kind: 'applicant'; applicantId: string }
  | { kind: 'admin' };

export const reachOf = (reader: ContractReader) =>
  reader.kind === 'company'
    ? eq(assignments.companyId, reader.companyId)
    : reader.kind === 'applicant'
      ? eq(assignments.applicantId, reader.applicantId)
      : undefined;

// The contract a milestone belongs to, for the reader (404 outside their reach; null: the platform's
// own jobs), with the milestone's row locked until the transaction ends: two moves of one milestone
// happen one after the other.
export async function lockMilestoneFor(
  tx: Database,
  { milestoneId, reader }: { milestoneId: string; reader: ContractReader | null },
) {
  const [row] = await tx
    .select({
      milestone: milestones,
      assignmentId: assignments.id,
      companyId: assignments.companyId,
      applicantId: assignments.applicantId,
      contractStatus: assignments.status,
      role: assignments.role,
      // What the milestone's amounts count, for the sentences that name them.
      currency: companies.billingCurrency,
    })
    .from(milestones)
    .innerJoin(assignments, eq(assignments.id, milestones.assignmentId))
    .innerJoin(companies, eq(companies.id, assignments.companyId))
    .where(and(eq(milestones.id, milestoneId), reader ? reachOf(reader) : undefined))
    .for('update', { of: milestones });
  if (!row) throw new AppError('not_found', milestoneTexts.milestoneNotFound);
  return { ...row, currency: currencyOf(row.currency) };
}

export type LockedMilestone = Awaited<ReturnType<typeof lockMilestoneFor>>;
