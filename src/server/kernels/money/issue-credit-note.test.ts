import { describe, expect, it } from 'vitest';
import type { invoices } from '../../db/schema';
import { partiesOfCreditedInvoice } from './issue-credit-note';

// The parties a credit note copies from the invoice it credits (decisions 044 and 048): every column naming a
// party, and nothing else of the invoice.
describe('partiesOfCreditedInvoice', () => {
  const issued: Partial<typeof invoices.$inferSelect> & Parameters<typeof partiesOfCreditedInvoice>[0] = {
    id: 'invoice-1',
    invoiceNumber: 'INV-2026-000001',
    companyId: 'company-1',
    totalCents: 12_000,
    status: 'paid',
    billedToName: 'Acme Ltd',
    billedToAddress: '1 Main St\nSpringfield 12345',
    billedToCountry: 'US',
    billedToTaxId: '',
    sellerName: 'Tandem Inc.',
    sellerAddress: '',
    sellerTaxId: 'US12-3456789',
    sellerCountry: 'US',
    billedToEmail: 'billing@acme.test',
    sellerEmail: 'billing@tandem.test',
  };

  it('copies the buyer and the seller as the invoice named them, and no money, number or status', () => {
    expect(partiesOfCreditedInvoice(issued)).toEqual({
      billedToName: 'Acme Ltd',
      billedToAddress: '1 Main St\nSpringfield 12345',
      billedToCountry: 'US',
      billedToTaxId: '',
      sellerName: 'Tandem Inc.',
      sellerAddress: '',
      sellerCountry: 'US',
      billedToEmail: 'billing@acme.test',
      sellerEmail: 'billing@tandem.test',
      sellerTaxId: 'US12-3456789',
    });
  });
});
