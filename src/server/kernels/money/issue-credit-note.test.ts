import { describe, expect, it } from 'vitest';
import type { invoices } from '../../db/schema';
import { partiesOfCreditedInvoice } from './issue-credit-note';

type InvoiceRow = typeof invoices.$inferSelect;

// The parties a credit note copies from the invoice it credits (decisions 044 and 048): every column naming a
// party, including those added to invoices after this code was written, and nothing else of the invoice.
describe('partiesOfCreditedInvoice', () => {
  const issued = {
    id: 'invoice-1',
    invoiceNumber: 'INV-2026-000001',
    companyId: 'company-1',
    billedToName: 'Acme Ltd',
    totalCents: 12_000,
    status: 'paid',
  } as unknown as InvoiceRow;

  it('copies the buyer as the invoice named it, and no money, number or status', () => {
    expect(partiesOfCreditedInvoice(issued)).toEqual({ billedToName: 'Acme Ltd' });
  });

  it('copies party columns added later, an address kept as an object written as one line', () => {
    const withAddresses = {
      ...issued,
      sellerName: 'Tandem Inc.',
      sellerTaxId: 'US12-3456789',
      buyerTaxId: null,
      buyerAddress: { line1: '1 Main St', line2: '', city: 'Springfield', postalCode: '12345', country: 'US' },
    } as unknown as InvoiceRow;
    expect(partiesOfCreditedInvoice(withAddresses)).toEqual({
      billedToName: 'Acme Ltd',
      sellerName: 'Tandem Inc.',
      sellerTaxId: 'US12-3456789',
      buyerTaxId: null,
      buyerAddress: '1 Main St, Springfield, 12345, US',
    });
  });
});
