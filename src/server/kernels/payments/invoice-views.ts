import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Invoice, InvoiceRefund } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { creditNotes, invoiceItems, invoices } from '../../db/schema';
import { documentTaxView } from '../money/document-tax-view';

// Invoices as the API answers them (invoiceSchema), with their items in position order; in the order of
// the ids asked for. Both parties are as they were at issue (invoices.billed_to_*, seller_*). With a company, only its own: another company's ids are simply not found.
export async function loadInvoiceViews({
  db,
  ids,
  companyId,
}: {
  db: Database;
  ids: readonly string[];
  companyId?: string;
}): Promise<Invoice[]> {
  if (ids.length === 0) return [];
  const [rows, items, refunds] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.id, [...ids]), companyId ? eq(invoices.companyId, companyId) : undefined)),
    db
      .select()
      .from(invoiceItems)
      .where(inArray(invoiceItems.invoiceId, [...ids]))
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position)),
    db
      .select()
      .from(creditNotes)
      .where(inArray(creditNotes.invoiceId, [...ids]))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.creditNoteNumber)),
  ]);
  const refundsByInvoice = new Map<string, InvoiceRefund[]>();
  for (const note of refunds) {
    if (!note.invoiceId) continue;
    const list = refundsByInvoice.get(note.invoiceId) ?? [];
    list.push({
      credit_note_id: note.id,
      credit_note_number: note.creditNoteNumber,
      reason: note.reason,
      total_cents: note.totalCents,
      issued_at: note.issuedAt.toISOString(),
    });
    refundsByInvoice.set(note.invoiceId, list);
  }
  const itemsByInvoice = new Map<string, Invoice['items']>();
  for (const item of items) {
    const list = itemsByInvoice.get(item.invoiceId) ?? [];
    list.push({
      id: item.id,
      kind: item.kind,
      description: item.description,
      quantity: Number(item.quantity),
      unit: item.unit,
      rate_cents: item.rateCents,
      amount_cents: item.amountCents,
      work_start: item.workStart,
      work_end: item.workEnd,
    });
    itemsByInvoice.set(item.invoiceId, list);
  }
  const byId = new Map(
    rows.map((invoice): [string, Invoice] => [
      invoice.id,
      {
        id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        company_id: invoice.companyId,
        company_name: invoice.billedToName,
        billed_to: {
          name: invoice.billedToName,
          address: invoice.billedToAddress,
          country: invoice.billedToCountry,
          tax_id: invoice.billedToTaxId,
          email: invoice.billedToEmail,
        },
        seller: {
          name: invoice.sellerName,
          address: invoice.sellerAddress,
          tax_id: invoice.sellerTaxId,
          country: invoice.sellerCountry,
          email: invoice.sellerEmail,
        },
        tax: documentTaxView(invoice),
        period_start: invoice.periodStart,
        period_end: invoice.periodEnd,
        issue_date: invoice.issueDate,
        due_date: invoice.dueDate,
        status: invoice.status,
        subtotal_cents: invoice.subtotalCents,
        fee_cents: invoice.feeCents,
        tax_cents: invoice.taxCents,
        amount_cents: invoice.totalCents,
        currency: currencyOf(invoice.currency),
        paid_at: invoice.paidAt?.toISOString() ?? null,
        items: itemsByInvoice.get(invoice.id) ?? [],
        refunds: refundsByInvoice.get(invoice.id) ?? [],
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
