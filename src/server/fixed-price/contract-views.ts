import { and, asc, eq, inArray } from 'drizzle-orm';
import { currencyOf } from '~/shared/currencies';
import {
  AUTO_APPROVE_DAYS,
  type Contract,
  type Milestone,
  type MilestoneFile,
  milestoneTexts,
} from '~/shared/milestones';
import type { Database } from '../db/client';
import { assignments, companies, creditNotes, invoices, milestones, users } from '../db/schema';
import { type ChargeRates, chargeOf, currentChargeRates } from '../kernels/payments/milestone-charge';
import { AppError } from '../platform/errors';
import { addDays, isoDay } from '../platform/work-calendar';
import { loadMilestoneFiles } from './milestone-files';
import { type ContractReader, reachOf } from './milestone-lock';
import { loadPendingProposal } from './proposal-views';

type MilestoneRow = typeof milestones.$inferSelect;

// What a milestone's funding charged, or for one not funded yet what it would charge now.
function chargeView(milestone: MilestoneRow, rates: ChargeRates) {
  if (milestone.feeCents === null || milestone.taxCents === null || milestone.status === 'unfunded') {
    return chargeOf(milestone.amountCents, rates);
  }
  return chargeOf(milestone.amountCents, {
    feeBasisPoints: milestone.feeBasisPoints ?? 0,
    taxBasisPoints: milestone.taxBasisPoints ?? 0,
  });
}

type CreditNoteOfMilestone = Milestone['credit_note'];

export function milestoneView(
  milestone: MilestoneRow,
  rates: ChargeRates,
  invoiceId: string | null,
  files: MilestoneFile[],
  creditNote: CreditNoteOfMilestone = null,
): Milestone {
  return {
    id: milestone.id,
    position: milestone.position,
    title: milestone.title,
    description: milestone.description,
    amount_cents: milestone.amountCents,
    due_date: milestone.dueDate,
    status: milestone.status,
    charge: chargeView(milestone, rates),
    funded_at: milestone.fundedAt?.toISOString() ?? null,
    submitted_at: milestone.submittedAt?.toISOString() ?? null,
    submission_message: milestone.submissionMessage,
    files,
    changes_comment: milestone.changesComment,
    auto_approve_on:
      milestone.status === 'submitted' && milestone.submittedAt
        ? addDays(isoDay(milestone.submittedAt), AUTO_APPROVE_DAYS)
        : null,
    approved_at: milestone.approvedAt?.toISOString() ?? null,
    released_cents: milestone.releasedCents,
    refunded_cents: milestone.refundedCents,
    invoice_id: invoiceId,
    credit_note: creditNote,
    dispute:
      milestone.disputedAt && milestone.disputeReason && milestone.disputedBySide
        ? {
            reason: milestone.disputeReason,
            opened_by: milestone.disputedBySide,
            opened_at: milestone.disputedAt.toISOString(),
            settled_at: milestone.settledAt?.toISOString() ?? null,
            settlement_note: milestone.settlementNote,
          }
        : null,
  };
}

// One fixed-price contract as its reader sees it, or a 404 (an hourly assignment is not a contract).
export async function loadContract({
  db,
  id,
  reader,
}: {
  db: Database;
  id: string;
  reader: ContractReader;
}): Promise<Contract> {
  const [row] = await db
    .select({
      assignment: assignments,
      companyName: companies.name,
      currency: companies.billingCurrency,
      applicantName: users.name,
    })
    .from(assignments)
    .innerJoin(companies, eq(companies.id, assignments.companyId))
    .innerJoin(users, eq(users.id, assignments.applicantId))
    .where(and(eq(assignments.id, id), reachOf(reader)));
  if (!row) throw new AppError('not_found', milestoneTexts.contractNotFound);
  const { assignment } = row;
  if (assignment.engagementType !== 'fixed') throw new AppError('not_found', milestoneTexts.notFixedPrice);
  const [rows, rates] = await Promise.all([
    db
      .select({ milestone: milestones, invoiceId: invoices.id })
      .from(milestones)
      .leftJoin(invoices, eq(invoices.milestoneId, milestones.id))
      .where(eq(milestones.assignmentId, id))
      .orderBy(asc(milestones.position)),
    currentChargeRates(db, assignment.companyId),
  ]);
  const live = rows.filter(({ milestone }) => milestone.status !== 'cancelled');
  const pendingProposal = await loadPendingProposal(db, assignment.id);
  const milestoneIds = rows.map(({ milestone }) => milestone.id);
  const [files, notes] = await Promise.all([
    loadMilestoneFiles(db, milestoneIds, reader.kind),
    reader.kind === 'applicant' || milestoneIds.length === 0
      ? []
      : db
          .select({
            milestoneId: creditNotes.milestoneId,
            id: creditNotes.id,
            number: creditNotes.creditNoteNumber,
            totalCents: creditNotes.totalCents,
            issuedAt: creditNotes.issuedAt,
          })
          .from(creditNotes)
          .where(inArray(creditNotes.milestoneId, milestoneIds)),
  ]);
  const noteByMilestone = new Map(
    notes.map((note): [string | null, CreditNoteOfMilestone] => [
      note.milestoneId,
      { id: note.id, number: note.number, total_cents: note.totalCents, issued_at: note.issuedAt.toISOString() },
    ]),
  );
  return {
    id: assignment.id,
    role: assignment.role,
    company_id: assignment.companyId,
    company_name: row.companyName,
    applicant_id: assignment.applicantId,
    applicant_name: row.applicantName,
    job_id: assignment.jobId,
    status: assignment.status,
    start_date: assignment.startDate,
    end_date: assignment.endDate,
    total_cents: live.reduce((total, { milestone }) => total + milestone.amountCents, 0),
    escrow_cents: rows.reduce(
      (total, { milestone }) => total + milestone.fundedCents - milestone.releasedCents - milestone.refundedCents,
      0,
    ),
    released_cents: rows.reduce((total, { milestone }) => total + milestone.releasedCents, 0),
    refunded_to_card_cents: notes.reduce((total, note) => total + note.totalCents, 0),
    currency: currencyOf(row.currency),
    pending_proposal: pendingProposal,
    milestones: rows.map(({ milestone, invoiceId }) =>
      milestoneView(
        milestone,
        rates,
        invoiceId,
        files.get(milestone.id) ?? [],
        noteByMilestone.get(milestone.id) ?? null,
      ),
    ),
  };
}
