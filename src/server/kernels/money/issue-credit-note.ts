import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CreditNoteReason, InvoiceItemKind } from '~/shared/billing';
import type { Database } from '../../db/client';
import { integerColumn } from '../../db/row-columns';
import {
  billingProfiles,
  companies,
  creditNoteItems,
  creditNotes,
  invoices,
  milestones,
  payments,
} from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { getInvoiceSeller } from '../../platform/get-invoice-seller';

// Credit notes (decision 048): the document of money given back to a company. Every refund path issues one
// through here, in the transaction that records the refund, so the money and its document move together.

export interface CreditNoteLine {
  kind: InvoiceItemKind;
  description: string;
  amountCents: number;
}

type CreditNoteRow = typeof creditNotes.$inferSelect;

const formatCreditNoteNumber = (year: number, sequence: number) => `CN-${year}-${String(sequence).padStart(6, '0')}`;

// The next number of the year, gapless: the counter's row stays locked until the issuing transaction ends,
// so numbers are handed out in commit order and a rolled-back refund gives its number back.
async function takeCreditNoteNumber(tx: Database, year: number): Promise<string> {
  const [counter] = await selectRows(
    tx,
    z.object({ last_number: integerColumn }),
    sql`insert into credit_note_counters (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = credit_note_counters.last_number + 1
        returning last_number`,
  );
  return formatCreditNoteNumber(year, Number(counter?.last_number));
}

// The parties a credit note names, as its invoice keeps them (decision 044): the same columns, under the
// invoice's own names.
type InvoiceParties = Pick<
  typeof invoices.$inferSelect,
  | 'billedToName'
  | 'billedToAddress'
  | 'billedToCountry'
  | 'billedToTaxId'
  | 'sellerName'
  | 'sellerAddress'
  | 'sellerTaxId'
  | 'sellerCountry'
  | 'billedToEmail'
  | 'sellerEmail'
>;

// Those of the invoice it credits, as the invoice was issued.
export function partiesOfCreditedInvoice(invoice: InvoiceParties): InvoiceParties {
  return {
    billedToName: invoice.billedToName,
    billedToAddress: invoice.billedToAddress,
    billedToCountry: invoice.billedToCountry,
    billedToTaxId: invoice.billedToTaxId,
    sellerName: invoice.sellerName,
    sellerAddress: invoice.sellerAddress,
    sellerTaxId: invoice.sellerTaxId,
    sellerCountry: invoice.sellerCountry,
    billedToEmail: invoice.billedToEmail,
    sellerEmail: invoice.sellerEmail,
  };
}

// A refund of money never invoiced (a milestone's funding) names both parties as an invoice issued at that
// moment would (migration 0072's trigger): the company by its billing details, the seller by System Settings.
async function partiesOf(tx: Database, companyId: string, invoiceId: string | null): Promise<InvoiceParties> {
  if (invoiceId) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (invoice) return partiesOfCreditedInvoice(invoice);
  }
  const [[company], seller] = await Promise.all([
    tx
      .select({ name: companies.name, email: companies.contactEmail, profile: billingProfiles })
      .from(companies)
      .leftJoin(billingProfiles, eq(billingProfiles.companyId, companies.id))
      .where(eq(companies.id, companyId)),
    getInvoiceSeller({ db: tx }),
  ]);
  const profile = company?.profile;
  const cityLine = [[profile?.city, profile?.region].filter(Boolean).join(', '), profile?.postalCode]
    .filter(Boolean)
    .join(' ');
  return {
    billedToName: profile?.legalName || company?.name || '',
    billedToAddress: [profile?.addressLine1, profile?.addressLine2, cityLine].filter(Boolean).join('\n'),
    billedToCountry: profile?.country ?? '',
    billedToTaxId: profile?.taxId ?? '',
    sellerName: seller.legal_name,
    sellerAddress: seller.address,
    sellerTaxId: seller.tax_id,
    sellerCountry: seller.country,
    billedToEmail: company?.email ?? '',
    sellerEmail: seller.email,
  };
}

// The tax rule of what is credited, as it was charged (decision 053): its invoice's, or its funding's.
async function taxOfCredited(
  tx: Database,
  invoiceId: string | null,
  milestoneId: string | null,
): Promise<Pick<typeof creditNotes.$inferInsert, 'taxCategory' | 'taxName' | 'taxBasisPoints' | 'taxNote'>> {
  if (invoiceId) {
    const [invoice] = await tx
      .select({
        taxCategory: invoices.taxCategory,
        taxName: invoices.taxName,
        taxBasisPoints: invoices.taxBasisPoints,
        taxNote: invoices.taxNote,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (invoice) return invoice;
  }
  if (milestoneId) {
    const [milestone] = await tx.select().from(milestones).where(eq(milestones.id, milestoneId));
    if (milestone) {
      return {
        taxCategory: milestone.taxCategory ?? 'sales_tax',
        taxName: milestone.taxName ?? 'Tax',
        taxBasisPoints: milestone.taxBasisPoints ?? 0,
        taxNote: milestone.taxNote ?? '',
      };
    }
  }
  return {};
}

// Issues the credit note of one refund, once: `refundKey` names the refund (the provider's own refund key),
// so a retried, repeated or raced refund answers the note issued first and takes no second number. The lines
// are what was credited, as it was charged (work or the milestone, fee, tax), and their sum is the money
// that went back; the payment's refunded amount grows by it.
export async function issueCreditNote({
  tx,
  refundKey,
  reason,
  companyId,
  paymentId,
  invoiceId = null,
  milestoneId = null,
  lines,
  at,
}: {
  tx: Database;
  refundKey: string;
  reason: CreditNoteReason;
  companyId: string;
  paymentId: string;
  invoiceId?: string | null;
  milestoneId?: string | null;
  lines: readonly CreditNoteLine[];
  at: Date;
}): Promise<CreditNoteRow | null> {
  const credited = lines.filter((line) => line.amountCents !== 0);
  if (credited.some((line) => !Number.isSafeInteger(line.amountCents) || line.amountCents < 0)) {
    throw new RangeError('A credit note line must be whole cents, zero or more.');
  }
  const sumOf = (kinds: InvoiceItemKind[]) =>
    credited.filter((line) => kinds.includes(line.kind)).reduce((sum, line) => sum + line.amountCents, 0);
  const subtotalCents = sumOf(['work', 'milestone']);
  const feeCents = sumOf(['fee']);
  const taxCents = sumOf(['tax']);
  const totalCents = subtotalCents + feeCents + taxCents;
  if (totalCents === 0) return null;

  // Two transactions issuing the same refund's note wait for each other here; the second then finds it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-note:${refundKey}`}))`);
  const [issued] = await tx.select().from(creditNotes).where(eq(creditNotes.refundKey, refundKey));
  if (issued) return issued;

  const creditNoteNumber = await takeCreditNoteNumber(tx, at.getUTCFullYear());
  const [note] = await tx
    .insert(creditNotes)
    .values({
      creditNoteNumber,
      companyId,
      refundKey,
      reason,
      invoiceId,
      paymentId,
      milestoneId,
      parties: await partiesOf(tx, companyId, invoiceId),
      ...(await taxOfCredited(tx, invoiceId, milestoneId)),
      issueDate: at.toISOString().slice(0, 10),
      issuedAt: at,
      subtotalCents,
      feeCents,
      taxCents,
      totalCents,
    })
    .returning();
  if (!note) throw new Error(`The credit note of ${refundKey} was not written.`);
  await tx.insert(creditNoteItems).values(
    credited.map((line, index) => ({
      creditNoteId: note.id,
      position: index + 1,
      kind: line.kind,
      description: line.description,
      amountCents: line.amountCents,
    })),
  );
  // The payments_refunded_range check refuses a refund beyond what the payment charged.
  await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${totalCents}` })
    .where(eq(payments.id, paymentId));
  return note;
}
