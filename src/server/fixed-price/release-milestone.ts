import { and, eq, sql } from 'drizzle-orm';
import { decimalOfMinor } from '~/shared/accounting';
import { formatCents } from '~/shared/billing';
import { milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { issueReleaseInvoice } from './issue-release-invoice';
import type { LockedMilestone } from './milestone-lock';

// The release: the milestone approved with its whole funded amount released, its invoice issued (the
// milestone, the fee and the tax fixed at funding; the next gapless number; paid by the funding), the
// talent told. Only under the milestone's lock, from submitted.
export async function releaseMilestone({
  tx,
  locked: { milestone, applicantId, assignmentId, companyId, currency },
  actorId,
  ipAddress,
  now,
}: {
  tx: Database;
  locked: LockedMilestone;
  actorId: string | null;
  ipAddress?: string;
  now: Date;
}) {
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
  const invoice = await issueReleaseInvoice({ tx, released, applicantId, assignmentId, companyId, currency, now });
  await notifyTalent(tx, applicantId, {
    type: 'milestone_changed',
    title: `Approved: ${released.title}`,
    body: `${formatCents(released.releasedCents, currency)} for ${released.title} is released to you.`,
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
  await emitWebhookEvent({
    db: tx,
    companyId,
    type: 'milestone.released',
    data: {
      milestone_id: released.id,
      assignment_id: assignmentId,
      title: released.title,
      currency,
      amount: decimalOfMinor(released.releasedCents, currency),
    },
  });
}
