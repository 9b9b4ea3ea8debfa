import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { decimalOfMinor } from '~/shared/accounting';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { invoices, payments, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { autoPayFailedEmail } from '../../mail/templates/auto-pay-failed';
import type { RenderedEmail } from '../../mail/templates/compose-email';
import { paymentReceivedEmail } from '../../mail/templates/payment-received';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { postPaymentCompleted } from '../money/post-payment-completed';
import { companyRecipients } from '../notices/company-recipients';
import type { ChargeOutcome } from './payment-provider';
import { recordFundingOutcome } from './record-funding-outcome';

type PaymentRow = typeof payments.$inferSelect;

export interface OutcomeContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  // Who drove the payment to its end (the request's address), for the audit log.
  ipAddress: string | null;
}

async function emailCompanyMembers(
  tx: Database,
  mailer: Mailer,
  companyId: string,
  emailFor: (name: string) => RenderedEmail,
) {
  // The members who may read invoices: a receipt or a declined charge is theirs to know of.
  const recipientIds = await companyRecipients({ db: tx, companyId, permission: 'read:invoice:own' });
  if (recipientIds.length === 0) return;
  const members = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, recipientIds));
  for (const member of members) {
    await mailer.send(member.email, emailFor(member.name), { transaction: tx });
  }
}

// Settles a pending payment with what the provider said, once: the payment row is locked and only a
// pending payment changes, so a second report of the same outcome (a retry, a webhook) does nothing.
// A completed payment pays its invoice in the same transaction; a declined one leaves the invoice
// unpaid (an overdue one stays overdue). Resolves to the payment as it now stands.
export async function recordPaymentOutcome(
  { db, mailer, publicUrl, ipAddress }: OutcomeContext,
  paymentId: string,
  outcome: ChargeOutcome,
): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (payment?.status !== 'pending') return payment;
    if (outcome.status === 'processing') {
      const [processing] = await tx
        .update(payments)
        .set({ providerRef: outcome.providerRef })
        .where(eq(payments.id, paymentId))
        .returning();
      return processing;
    }
    // A milestone's funding puts the money in escrow (decision 035); it pays no invoice.
    if (payment.milestoneId) return recordFundingOutcome({ tx, payment, outcome, ipAddress });
    const invoiceId = payment.invoiceId ?? '';
    const [invoice] = await tx
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    const number = invoice?.number ?? '';
    const billingUrl = `${publicUrl}/company/billing`;

    if (outcome.status === 'succeeded') {
      const [completed] = await tx
        .update(payments)
        .set({ status: 'completed', providerRef: outcome.providerRef, completedAt: sql`now()` })
        .where(eq(payments.id, paymentId))
        .returning();
      const [paid] = await tx
        .update(invoices)
        .set({ status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(invoices.id, invoiceId), ne(invoices.status, 'paid')))
        .returning({ id: invoices.id });
      await postPaymentCompleted(tx, paymentId);
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: payment.requestedBy,
          action: 'payment.completed',
          targetType: 'invoice',
          targetId: invoiceId,
          details: {
            payment_id: payment.id,
            amount_cents: payment.amountCents,
            method: payment.methodLabel,
            provider: payment.provider,
            auto_pay: payment.requestedBy === null,
          },
          ipAddress,
        },
      });
      if (paid) {
        await emitWebhookEvent({
          db: tx,
          companyId: payment.companyId,
          type: 'invoice.paid',
          data: {
            invoice_id: invoiceId,
            number,
            currency: payment.currency,
            total: decimalOfMinor(payment.amountCents, currencyOf(payment.currency)),
          },
        });
      }
      await emailCompanyMembers(tx, mailer, payment.companyId, (name) =>
        paymentReceivedEmail({
          name,
          invoiceNumber: number,
          amountCents: payment.amountCents,
          currency: currencyOf(payment.currency),
          method: payment.methodLabel,
          isAutoPay: payment.requestedBy === null,
          billingUrl,
        }),
      );
      return completed;
    }

    const [failed] = await tx
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: outcome.message,
        ...(outcome.providerRef && { providerRef: outcome.providerRef }),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    await tx
      .update(invoices)
      .set({ status: 'unpaid', updatedAt: sql`now()` })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending')));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: payment.requestedBy,
        action: 'payment.failed',
        targetType: 'invoice',
        targetId: invoiceId,
        details: {
          payment_id: payment.id,
          amount_cents: payment.amountCents,
          method: payment.methodLabel,
          reason: outcome.message,
          auto_pay: payment.requestedBy === null,
        },
        ipAddress,
      },
    });
    // Nobody was there to see Auto-Pay's refusal: the company is told by email.
    if (payment.requestedBy === null) {
      await emailCompanyMembers(tx, mailer, payment.companyId, (name) =>
        autoPayFailedEmail({
          name,
          invoiceNumber: number,
          amountCents: payment.amountCents,
          currency: currencyOf(payment.currency),
          method: payment.methodLabel,
          reason: outcome.message,
          billingUrl,
        }),
      );
    }
    return failed;
  });
}
