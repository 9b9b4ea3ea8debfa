// Why an issued document cannot be given as an e-invoice (EN 16931, Peppol BIS Billing 3.0): what the parties
// it names, as issued (decision 044), lack for the rules of its VAT treatment.
export type EInvoicePartyRole = 'seller' | 'buyer';

export const eInvoiceTexts = {
  sellerVatIdMissing:
    "An e-invoice that applies VAT must name the seller's VAT number, and this document does not name one.",
  reverseChargeVatIdsMissing:
    'A reverse-charge e-invoice must name the VAT numbers of both the seller and the buyer, and this document does not name both.',
  sellerTaxIdMissing:
    'An e-invoice outside the scope of VAT identifies the seller by its tax number, and this document does not name one.',
  emailMissing: (role: EInvoicePartyRole) =>
    `An e-invoice names the ${role}'s email address as its electronic address, and this document does not name one.`,
  countryMissing: (role: EInvoicePartyRole) =>
    `An e-invoice must name the ${role}'s country, and this document does not name one.`,
  // Payment terms (BT-20) of a credit note that has a due date: UBL's credit note has no due date of its own.
  dueOn: (date: string) => `Due on ${date}.`,
  // EN 16931 is the European standard for VAT invoices: a US sales tax has no VAT category in it.
  salesTax:
    'E-invoices follow EN 16931, the European standard for VAT invoices. This document charges a sales tax, not VAT or GST, so it has no e-invoice: download its PDF.',
  download: 'Download e-invoice (XML)',
};
