import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import type { Database } from '../db/client';
import { billingProfiles, invoices, paymentMethods } from '../db/schema';
import type { InvoicePayments, PayAnswer } from '../kernels/payments/pay-invoice';
import { AppError } from '../platform/errors';

// One key per invoice and due date: a rerun of the job (or a retried job) finds the payment it made and
// never charges twice.
export const autoPayKeyOf = (invoiceId: string, dueDate: string) => `auto-pay:${invoiceId}:${dueDate}`;

interface AutoPayReport {
  completed: string[];
  declined: string[];
  // Not settled now: the provider did not answer, a payment is in progress, or it was paid meanwhile.
  left: string[];
}

// Pays, from its default method, every outstanding invoice due today or earlier of each company with
// Auto-Pay on. A failure with one invoice does not stop the others.
export async function autoPayInvoices({
  db,
  payments,
  logger,
  today = new Date().toISOString().slice(0, 10),
}: {
  db: Database;
  payments: Pick<InvoicePayments, 'pay'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  // YYYY-MM-DD (UTC).
  today?: string;
}): Promise<AutoPayReport> {
  const due = await db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      dueDate: invoices.dueDate,
      methodId: paymentMethods.id,
    })
    .from(invoices)
    .innerJoin(billingProfiles, eq(billingProfiles.companyId, invoices.companyId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, billingProfiles.defaultPaymentMethodId))
    .where(
      and(
        eq(billingProfiles.autoPay, true),
        isNull(paymentMethods.removedAt),
        inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES]),
        lte(invoices.dueDate, today),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  const report: AutoPayReport = { completed: [], declined: [], left: [] };
  for (const invoice of due) {
    let answer: PayAnswer;
    try {
      answer = await payments.pay({
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        idempotencyKey: autoPayKeyOf(invoice.id, invoice.dueDate),
        method: { payment_method_id: invoice.methodId },
        requestedBy: null,
        ipAddress: null,
      });
    } catch (error) {
      // Paid or being paid by someone else meanwhile (409): nothing for Auto-Pay to do.
      if (!(error instanceof AppError && error.code === 'conflict')) {
        logger.error({ err: error, invoiceId: invoice.id }, 'auto-pay failed for an invoice');
      }
      report.left.push(invoice.id);
      continue;
    }
    if (answer.status === 'completed') report.completed.push(invoice.id);
    else if (answer.status === 'declined') report.declined.push(invoice.id);
    else report.left.push(invoice.id);
  }
  return report;
}
