import type { Database } from '../../db/client';
import { paymentOf } from './ledger-payment-rows';
import { postTransaction } from './post-transaction';

// A completed payment: the cash is with the provider; it settles the company's invoice, or it is held in
// escrow for a milestone.
export async function postPaymentCompleted(db: Database, paymentId: string): Promise<void> {
  const payment = await paymentOf(db, paymentId);
  if (payment?.status !== 'completed') return;
  const companyId = payment.company_id;
  const funding = payment.milestone_id !== null;
  await postTransaction({
    db,
    key: `payment:${paymentId}`,
    kind: funding ? 'funding_received' : 'payment_received',
    refs: { companyId, paymentId, invoiceId: payment.invoice_id, milestoneId: payment.milestone_id },
    occurredAt: payment.completed_at ? new Date(payment.completed_at) : undefined,
    lines: [
      { account: 'provider_clearing', amountCents: payment.amount_cents, companyId },
      { account: funding ? 'escrow' : 'company_receivable', amountCents: -payment.amount_cents, companyId },
    ],
  });
}

// A refunded payment gives the cash back. An invoice's: the company owes it again, and the talent's
// earnings of that invoice that were available go back to pending until it is paid again — taken back
// from a balance not yet paid out, or leaving it negative, recovered from later earnings. A funding's is
