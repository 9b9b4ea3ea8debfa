import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreditNote } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { creditNoteItems, creditNotes, invoices, milestones } from '../../db/schema';
import { documentTaxView } from '../money/document-tax-view';

// Credit notes as the API answers them (creditNoteSchema), with their items in position order, in the order
// of the ids asked for. The parties are the note's own copy (decision 044), never the live company. With a
// company, only its own: another company's ids are simply not found.
export async function loadCreditNoteViews({
  db,
  ids,
  companyId,
}: {
  db: Database;
  ids: readonly string[];
  companyId?: string;
}): Promise<CreditNote[]> {
  if (ids.length === 0) return [];
  const [rows, items] = await Promise.all([
    db
      .select({ note: creditNotes, invoiceNumber: invoices.invoiceNumber, milestoneTitle: milestones.title })
      .from(creditNotes)
      .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .leftJoin(milestones, eq(milestones.id, creditNotes.milestoneId))
      .where(and(inArray(creditNotes.id, [...ids]), companyId ? eq(creditNotes.companyId, companyId) : undefined)),
    db
      .select()
      .from(creditNoteItems)
      .where(inArray(creditNoteItems.creditNoteId, [...ids]))
      .orderBy(asc(creditNoteItems.creditNoteId), asc(creditNoteItems.position)),
  ]);
  const itemsByNote = new Map<string, CreditNote['items']>();
  for (const item of items) {
    const list = itemsByNote.get(item.creditNoteId) ?? [];
    list.push({ kind: item.kind, description: item.description, amount_cents: item.amountCents });
    itemsByNote.set(item.creditNoteId, list);
  }
  const byId = new Map(
    rows.map(({ note, invoiceNumber, milestoneTitle }): [string, CreditNote] => [
      note.id,
      {
        id: note.id,
        credit_note_number: note.creditNoteNumber,
        reason: note.reason,
        invoice_id: note.invoiceId,
        invoice_number: invoiceNumber,
        milestone_id: note.milestoneId,
        milestone_title: milestoneTitle,
        payment_id: note.paymentId,
        billed_to_name: note.parties.billedToName ?? '',
        parties: note.parties,
        issue_date: note.issueDate,
        issued_at: note.issuedAt.toISOString(),
        subtotal_cents: note.subtotalCents,
        fee_cents: note.feeCents,
        tax_cents: note.taxCents,
        total_cents: note.totalCents,
        tax: documentTaxView(note),
        currency: currencyOf(note.currency),
        items: itemsByNote.get(note.id) ?? [],
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
