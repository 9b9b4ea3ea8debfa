import { and, eq, sql } from 'drizzle-orm';
import { decimalOfMinor } from '~/shared/accounting';
import { formatCents } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import { assignments, milestones, payments } from '../../db/schema';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { postPaymentCompleted } from '../money/post-payment-completed';
import { notifyTalent } from '../work/work-notifications';
import type { ChargeOutcome } from './payment-provider';

type PaymentRow = typeof payments.$inferSelect;

// A milestone's funding settled (kernels/payments/record-payment-outcome.ts holds the payment's lock): a charge
// that succeeded puts the milestone's amount in escrow — funded, once — and the talent is told they can
// start; a declined one leaves the milestone unfunded to be funded again.
export async function recordFundingOutcome({
  tx,
  payment,
  outcome,
  ipAddress,
}: {
  tx: Database;
  payment: PaymentRow;
  outcome: Exclude<ChargeOutcome, { status: 'processing' }>;
  ipAddress: string | null;
}): Promise<PaymentRow | undefined> {
  const milestoneId = payment.milestoneId ?? '';
  if (outcome.status === 'succeeded') {
    const [completed] = await tx
      .update(payments)
      .set({ status: 'completed', providerRef: outcome.providerRef, completedAt: sql`now()` })
      .where(eq(payments.id, payment.id))
      .returning();
    const [funded] = await tx
      .update(milestones)
      .set({
        status: 'funded',
        fundedCents: sql`${milestones.amountCents}`,
        fundedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(milestones.id, milestoneId), eq(milestones.status, 'unfunded')))
      .returning();
    await postPaymentCompleted(tx, payment.id);
    if (funded) {
      const [contract] = await tx
        .select({ applicantId: assignments.applicantId, role: assignments.role })
        .from(assignments)
        .where(eq(assignments.id, funded.assignmentId));
      if (contract) {
        await notifyTalent(tx, contract.applicantId, {
          type: 'milestone_changed',
          title: `Funded: ${funded.title}`,
          body: `${formatCents(funded.amountCents, currencyOf(payment.currency))} for ${funded.title} (${contract.role}) is in escrow. You can start the work.`,
          link: paths.applicantContract.getHref({ id: funded.assignmentId }),
        });
      }
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: payment.requestedBy,
        action: 'milestone.funded',
        targetType: 'milestone',
        targetId: milestoneId,
        details: {
          payment_id: payment.id,
          charged_cents: payment.amountCents,
          amount_cents: funded?.amountCents ?? null,
          fee_cents: funded?.feeCents ?? null,
          tax_cents: funded?.taxCents ?? null,
          method: payment.methodLabel,
          provider: payment.provider,
        },
        ipAddress,
      },
    });
    if (funded) {
      await emitWebhookEvent({
        db: tx,
        companyId: payment.companyId,
        type: 'milestone.funded',
        data: {
          milestone_id: funded.id,
          assignment_id: funded.assignmentId,
          title: funded.title,
          currency: payment.currency,
          amount: decimalOfMinor(funded.amountCents, currencyOf(payment.currency)),
        },
      });
    }
    return completed;
  }
  const [failed] = await tx
    .update(payments)
    .set({
      status: 'failed',
      failureMessage: outcome.message,
      ...(outcome.providerRef && { providerRef: outcome.providerRef }),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  await recordAuditEvent({
    db: tx,
    event: {
      actorId: payment.requestedBy,
      action: 'payment.failed',
      targetType: 'milestone',
      targetId: milestoneId,
      details: {
        payment_id: payment.id,
        amount_cents: payment.amountCents,
        method: payment.methodLabel,
        reason: outcome.message,
      },
      ipAddress,
    },
  });
  return failed;
}
