import type { CreditNote, Invoice } from '~/shared/billing';
import { type BillingCurrency, type Currency, isBillingCurrency } from '~/shared/currencies';
import { eInvoiceTexts } from '~/shared/e-invoice-texts';
import type { TaxCategory } from '~/shared/tax';
import { AppError } from '../../platform/errors';
import type { EInvoiceDocument, EInvoiceParty, EInvoiceTax } from './e-invoice-document';

// An issued invoice or credit note as its EN 16931 e-invoice (issue 56): every figure and party as the document
// was issued (decision 044), so the same document always gives the same XML.

const categoryCodes: Record<Exclude<TaxCategory, 'sales_tax'>, EInvoiceTax['category']> = {
  standard: 'S',
  reverse_charge: 'AE',
  outside_scope: 'O',
};

// A sales tax is no VAT: EN 16931 has no category for it.
function eInvoiceTaxOf(tax: Invoice['tax']): EInvoiceTax {
  if (tax.category === 'sales_tax') throw new AppError('conflict', eInvoiceTexts.salesTax);
  return {
    category: categoryCodes[tax.category],
    rateBasisPoints: tax.rate_basis_points,
    exemptionReason: tax.category === 'standard' ? '' : tax.note,
  };
}

// The address as the document keeps it (lines joined by newlines): the lines, the country apart.
const partyOf = (party: { name: string; address: string; country: string; taxId: string; email: string }) =>
  ({
    name: party.name,
    addressLines: party.address.split('\n').filter((line) => line.trim() !== ''),
    city: '',
    postalCode: '',
    region: '',
    country: party.country,
    vatId: party.taxId,
    email: party.email,
  }) satisfies EInvoiceParty;

// Companies are billed in their billing currency only (decision 051).
function billingCurrencyOf(currency: Currency): BillingCurrency {
  if (!isBillingCurrency(currency)) throw new RangeError(`${currency} is not a billing currency.`);
  return currency;
}

// Minutes to hours with six decimals: enough that hours × rate lands on the billed cents whenever it can.
const hoursOf = (minutes: number) => (minutes / 60).toFixed(6).replace(/\.?0+$/, '');

export function eInvoiceOfInvoice(invoice: Invoice): EInvoiceDocument {
  return {
    kind: 'invoice',
    number: invoice.invoice_number,
    issueDate: invoice.issue_date,
    dueDate: invoice.due_date,
    currency: billingCurrencyOf(invoice.currency),
    periodStart: invoice.period_start,
    periodEnd: invoice.period_end,
    buyerReference: invoice.company_id,
    precedingInvoice: null,
    seller: partyOf({ ...invoice.seller, taxId: invoice.seller.tax_id }),
    buyer: partyOf({ ...invoice.billed_to, taxId: invoice.billed_to.tax_id }),
    lines: invoice.items
      .filter((item) => item.kind !== 'tax')
      .map((item, index) => ({
        id: String(index + 1),
        description: item.description,
        ...(item.unit === 'minute'
          ? { quantity: hoursOf(item.quantity), unitCode: 'HUR' }
          : item.unit === 'hour'
            ? { quantity: String(item.quantity), unitCode: 'HUR' }
            : { quantity: String(item.quantity), unitCode: 'C62' }),
        unitPriceMinor: item.rate_cents,
        netMinor: item.amount_cents,
      })),
    tax: eInvoiceTaxOf(invoice.tax),
    taxableMinor: invoice.subtotal_cents + invoice.fee_cents,
    taxMinor: invoice.tax_cents,
    totalMinor: invoice.amount_cents,
    paidMinor: invoice.status === 'paid' ? invoice.amount_cents : 0,
    paymentTerms: '',
    note: '',
  };
}

// A credit note credits what was paid and has been given back: nothing is left to pay on it.
export function eInvoiceOfCreditNote(
  note: CreditNote,
  creditedInvoice: { number: string; issueDate: string } | null,
): EInvoiceDocument {
  const party = (prefix: 'billedTo' | 'seller') => ({
    name: (prefix === 'billedTo' ? note.billed_to_name : note.parties.sellerName) || 'Tandem',
    address: note.parties[`${prefix}Address`] ?? '',
    country: note.parties[`${prefix}Country`] ?? '',
    taxId: note.parties[`${prefix}TaxId`] ?? '',
    email: note.parties[`${prefix}Email`] ?? '',
  });
  return {
    kind: 'credit_note',
    number: note.credit_note_number,
    issueDate: note.issue_date,
    dueDate: null,
    currency: billingCurrencyOf(note.currency),
    periodStart: null,
    periodEnd: null,
    buyerReference: note.invoice_number ?? note.credit_note_number,
    precedingInvoice: creditedInvoice,
    seller: partyOf(party('seller')),
    buyer: partyOf(party('billedTo')),
    lines: note.items
      .filter((item) => item.kind !== 'tax')
      .map((item, index) => ({
        id: String(index + 1),
        description: item.description,
        quantity: '1',
        unitCode: 'C62',
        unitPriceMinor: item.amount_cents,
        netMinor: item.amount_cents,
      })),
    tax: eInvoiceTaxOf(note.tax),
    taxableMinor: note.subtotal_cents + note.fee_cents,
    taxMinor: note.tax_cents,
    totalMinor: note.total_cents,
    paidMinor: note.total_cents,
    paymentTerms: '',
    note: '',
  };
}
