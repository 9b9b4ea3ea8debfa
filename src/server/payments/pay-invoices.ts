import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type PayInvoicesResult, paymentTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { invoices } from '../db/schema';
import type { InvoicePayments } from '../kernels/payments/pay-invoice';
import { AppError } from '../platform/errors';

type Result = PayInvoicesResult['results'][number];

// Each invoice's own key, from the request's: the same request sent again pays nothing twice, and each
// invoice's payment stays one payment with its own history, as if paid alone.
const invoiceKeyOf = (requestKey: string, invoiceId: string) =>
  `many:${createHash('sha256').update(`${requestKey}\n${invoiceId}`).digest('base64url')}`;

// Several invoices paid with one saved method, one after another, oldest due first: each is its own payment
// (a decline or a refusal for one leaves the others paid), and the answer says what became of each.
export async function payInvoices({
  db,
  payments,
  companyId,
  invoiceIds,
  paymentMethodId,
  idempotencyKey,
  requestedBy,
  ipAddress,
}: {
  db: Database;
  payments: InvoicePayments;
  companyId: string;
  invoiceIds: string[];
  paymentMethodId: string;
  idempotencyKey: string;
  requestedBy: string;
  ipAddress: string | null;
}): Promise<PayInvoicesResult> {
  const found = await db
    .select({ id: invoices.id, number: invoices.invoiceNumber, totalCents: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, invoiceIds)))
    .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber));
  const results: Result[] = invoiceIds
    .filter((id) => !found.some((invoice) => invoice.id === id))
    .map((id) => ({
      invoice_id: id,
      invoice_number: null,
      amount_cents: null,
      outcome: 'not_paid',
      message: paymentTexts.invoiceNotFound,
    }));
  let paidCents = 0;
  for (const invoice of found) {
    const known = { invoice_id: invoice.id, invoice_number: invoice.number, amount_cents: invoice.totalCents };
    try {
      const answer = await payments.pay({
        companyId,
        invoiceId: invoice.id,
        idempotencyKey: invoiceKeyOf(idempotencyKey, invoice.id),
        method: { payment_method_id: paymentMethodId },
        requestedBy,
        ipAddress,
      });
      if (answer.status === 'declined') results.push({ ...known, outcome: 'declined', message: answer.message });
      else if (answer.status === 'unavailable')
        results.push({ ...known, outcome: 'not_paid', message: paymentTexts.tryAgain });
      else {
        if (answer.status === 'completed') paidCents += answer.result.payment.amount_cents;
        results.push({ ...known, outcome: answer.status === 'completed' ? 'paid' : 'processing', message: null });
      }
    } catch (error) {
      // A method that is not theirs would refuse every invoice alike (and none is charged before it is
      // checked): the request, not one invoice, is wrong.
      if (!(error instanceof AppError) || error.fields?.payment_method_id) throw error;
      results.push({ ...known, outcome: 'not_paid', message: error.message });
    }
  }
  return { results, paid_cents: paidCents };
}
