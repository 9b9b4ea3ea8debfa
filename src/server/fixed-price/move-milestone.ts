import { and, eq, sql } from 'drizzle-orm';
import { formatCents } from '~/shared/billing';
import { type Contract, type MilestoneStatus, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { invoiceItems, invoices, milestones, users } from '../db/schema';
import { buildMilestoneItems } from '../kernels/money/invoice-arithmetic';
import { takeInvoiceNumbers } from '../kernels/money/issue-invoices';
import { postInvoiceIssued } from '../kernels/money/post-invoice-issued';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';
import { loadContract } from './contract-views';
import { handInWaitingFiles } from './milestone-files';
import { type ContractReader, type LockedMilestone, lockMilestoneFor } from './milestone-lock';

// A milestone's moves (shared/milestones.ts's table): each locks the milestone's row, checks where it
// stands, and changes it with what it sets off — notice, audit row, for an approval the release — in one
// transaction, then answers the contract as its reader sees it. An ended contract's funded milestones
// still move: ending takes no finished work back (decision 035).
async function moveMilestone({
  db,
  milestoneId,
  reader,
  from,
  refusal,
  move,
}: {
  db: Database;
  milestoneId: string;
  reader: ContractReader;
  from: readonly MilestoneStatus[];
  refusal: string;
  move: (tx: Database, locked: LockedMilestone) => Promise<void>;
}): Promise<Contract> {
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    if (!from.includes(locked.milestone.status)) throw new AppError('conflict', refusal);
    await move(tx, locked);
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}

// The talent hands in the work of a funded milestone (or the changes asked for), with a message.
export function submitMilestone({
  db,
  applicantId,
  milestoneId,
  message,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  milestoneId: string;
  message: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  return moveMilestone({
    db,
    milestoneId,
    reader: { kind: 'applicant', applicantId },
    from: ['funded', 'changes_requested'],
    refusal: milestoneTexts.cannotSubmit,
    async move(tx, { milestone, companyId, assignmentId, role }) {
      await tx
        .update(milestones)
        .set({
          status: 'submitted',
          submittedAt: now,
          submissionMessage: message,
          approvalRemindedAt: null,
          updatedAt: now,
        })
        .where(eq(milestones.id, milestone.id));
      const handedIn = await handInWaitingFiles(tx, milestone.id, now);
      const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
      await notifyCompany(tx, companyId, {
        type: 'milestone_changed',
        title: `Submitted: ${milestone.title}`,
        body: `${talent?.name ?? 'The talent'} submitted ${milestone.title} (${role}) for your approval.`,
        link: paths.companyContract.getHref({ id: assignmentId }),
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: applicantId,
          action: 'milestone.submitted',
          targetType: 'milestone',
          targetId: milestone.id,
          details: { assignment_id: assignmentId, from: milestone.status, to: 'submitted', files: handedIn },
          ipAddress,
        },
      });
    },
  });
}

// The company sends submitted work back with what needs to change; the money stays in escrow.
export function requestMilestoneChanges({
  db,
  companyId,
  actorId,
  milestoneId,
  comment,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  milestoneId: string;
  comment: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  return moveMilestone({
    db,
    milestoneId,
    reader: { kind: 'company', companyId },
    from: ['submitted'],
    refusal: milestoneTexts.cannotReview,
    async move(tx, { milestone, applicantId, assignmentId }) {
      await tx
        .update(milestones)
        .set({ status: 'changes_requested', changesComment: comment, updatedAt: now })
        .where(eq(milestones.id, milestone.id));
      await notifyTalent(tx, applicantId, {
        type: 'milestone_changed',
        title: `Changes requested: ${milestone.title}`,
        body: comment,
        link: paths.applicantContract.getHref({ id: assignmentId }),
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'milestone.changes_requested',
          targetType: 'milestone',
          targetId: milestone.id,
          details: { assignment_id: assignmentId, from: 'submitted', to: 'changes_requested', comment },
          ipAddress,
        },
      });
    },
  });
}

// The company approves submitted work: the escrowed amount is released to the talent and a paid invoice
// records it (decision 035). Once: a second approval — a double click, fifty at once — finds the
// milestone approved under the lock and answers the contract as it stands, releasing nothing more.
export async function approveMilestone({
  db,
  companyId,
  actorId,
  milestoneId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  milestoneId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  const reader: ContractReader = { kind: 'company', companyId };
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    if (locked.milestone.status === 'approved') return locked.assignmentId;
    if (locked.milestone.status !== 'submitted') throw new AppError('conflict', milestoneTexts.cannotReview);
    await releaseMilestone(tx, locked, { actorId, ipAddress, now });
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}

// The release: the milestone approved with its whole funded amount released, its invoice issued (the
// milestone, the fee and the tax fixed at funding; the next gapless number; paid by the funding), the
// talent told. Only under the milestone's lock, from submitted.
export async function releaseMilestone(
  tx: Database,
  { milestone, applicantId, assignmentId, companyId }: LockedMilestone,
  { actorId, ipAddress, now }: { actorId: string | null; ipAddress?: string; now: Date },
) {
  const [released] = await tx
    .update(milestones)
    .set({
      status: 'approved',
      releasedCents: sql`${milestones.fundedCents}`,
      approvedAt: now,
      approvedBy: actorId,
      updatedAt: now,
    })
    .where(and(eq(milestones.id, milestone.id), eq(milestones.status, 'submitted')))
    .returning();
  if (!released) throw new AppError('conflict', milestoneTexts.cannotReview);
  const invoice = await issueReleaseInvoice(tx, released, { applicantId, assignmentId, companyId, now });
  await notifyTalent(tx, applicantId, {
    type: 'milestone_changed',
    title: `Approved: ${released.title}`,
    body: `${formatCents(released.releasedCents)} for ${released.title} is released to you.`,
    link: paths.applicantContract.getHref({ id: assignmentId }),
  });
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'milestone.approved',
      targetType: 'milestone',
      targetId: released.id,
      details: {
        assignment_id: assignmentId,
        from: 'submitted',
        to: 'approved',
        released_cents: released.releasedCents,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        automatic: actorId === null,
      },
      ipAddress,
    },
  });
}

// The paid invoice of a release (whole, or a settlement's part): the milestone's released amount, the fee
// and the tax at the rates fixed at funding, computed on what is released; the next gapless number; paid
// by the funding charge.
export async function issueReleaseInvoice(
  tx: Database,
  released: typeof milestones.$inferSelect,
  {
    applicantId,
    assignmentId,
    companyId,
    now,
  }: { applicantId: string; assignmentId: string; companyId: string; now: Date },
): Promise<{ id: string; number: string; totalCents: number }> {
  const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
  const arithmetic = buildMilestoneItems({
    assignmentId,
    title: released.title,
    talentName: talent?.name ?? 'Talent',
    amountCents: released.releasedCents,
    feeBasisPoints: released.feeBasisPoints ?? 0,
    taxBasisPoints: released.taxBasisPoints ?? 0,
  });
  const today = isoDay(now);
  const [number] = await takeInvoiceNumbers(tx, Number(today.slice(0, 4)), 1);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: number ?? '',
      companyId,
      periodStart: today,
      periodEnd: today,
      issueDate: today,
      dueDate: today,
      status: 'paid',
      subtotalCents: arithmetic.subtotalCents,
      feeBasisPoints: released.feeBasisPoints ?? 0,
      feeCents: arithmetic.feeCents,
      taxBasisPoints: released.taxBasisPoints ?? 0,
      taxCents: arithmetic.taxCents,
      totalCents: arithmetic.totalCents,
      paidAt: now,
      milestoneId: released.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: invoices.id, number: invoices.invoiceNumber });
  if (!invoice) throw new Error('The release invoice was not stored.');
  await tx.insert(invoiceItems).values(
    arithmetic.items.map((item, index) => ({
      invoiceId: invoice.id,
      position: index + 1,
      kind: item.kind,
      description: item.description,
      quantity: item.quantity,
      rateCents: item.rateCents,
      amountCents: item.amountCents,
      assignmentId: item.assignmentId,
      minutes: item.minutes,
    })),
  );
  await postInvoiceIssued(tx, invoice.id);
  return { id: invoice.id, number: invoice.number, totalCents: arithmetic.totalCents };
}
