import type { BillingCurrency } from '~/shared/currencies';

// One issued invoice or credit note as an EN 16931 e-invoice sees it (ubl-xml.ts writes it as UBL, Peppol BIS
// Billing 3.0): plain data, no database. Money in integer minor units of `currency` (decision 051); parties as
// the document was issued (decision 044). A value of '' means "none": the e-invoice leaves the element out, as
// Peppol forbids empty elements (PEPPOL-EN16931-R008).

export interface EInvoiceParty {
  // The legal name (BT-27 seller, BT-44 buyer).
  name: string;
  // First line the street (BT-35/50), second the additional street (BT-36/51), the rest a third line (BT-162/163).
  addressLines: string[];
  city: string;
  postalCode: string;
  region: string;
  // ISO 3166-1 alpha-2; required (BR-09 seller, BR-11 buyer).
  country: string;
  // VAT number with or without its country prefix (BT-31 seller, BT-48 buyer); '' when none.
  vatId: string;
  // The party's electronic address (BT-34 seller, BT-49 buyer), as scheme 'EM' (email); required by Peppol.
  email: string;
}

// A line's quantity × unit price must come to its net amount: Peppol checks it within 0.02
// (PEPPOL-EN16931-R120). The rule: quantity × unit price, rounded half up to the minor unit once (decision
// 047), equals `netMinor` → the line goes as given ('37.5' HUR at 40.00 = 1,500.00; a fee, 1 C62). Otherwise,
// as hourly work billed by the minute usually is (1,339 min at 37.33/h = 833.08, while 22.32 h × 37.33 =
// 833.21), the line goes as 1 C62 (one) at a price of its net, its description keeping the hours and rate.
// Hours may carry as many decimals as help ('22.316667' × 37.33 rounds to 833.08, and goes as given). Prices
// are whole minor units: @e-invoice-eu/core's schema allows 2 decimals on a price (EN 16931 allows more).
export interface EInvoiceLine {
  id: string;
  description: string;
  // A decimal, e.g. '37.5' or '1'.
  quantity: string;
  // UN/ECE Recommendation 20: 'HUR' hours, 'C62' one.
  unitCode: string;
  unitPriceMinor: number;
  netMinor: number;
}

// One VAT category per document (one VAT breakdown, BG-23). S standard rate; AE reverse charge; O outside the
// scope of VAT; Z zero rate; E exempt. exemptionReason (BT-120) is '' for S and Z, required for E; AE and O
// carry their code (VATEX-EU-AE, VATEX-EU-O) and the text when given.
export interface EInvoiceTax {
  category: 'S' | 'AE' | 'O' | 'Z' | 'E';
  rateBasisPoints: number;
  exemptionReason: string;
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  // YYYY-MM-DD.
  issueDate: string;
  dueDate: string | null;
  currency: BillingCurrency;
  periodStart: string | null;
  periodEnd: string | null;
  // BT-10, e.g. the company's id or purchase order; never empty (PEPPOL-EN16931-R003).
  buyerReference: string;
  // A credit note's invoice (BT-25/26).
  precedingInvoice: { number: string; issueDate: string } | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  tax: EInvoiceTax;
  // Credit notes count positive amounts, like invoices.
  taxableMinor: number;
  taxMinor: number;
  totalMinor: number;
  // What was paid already (BT-113); payable = total − paid.
  paidMinor: number;
  paymentTerms: string;
  note: string;
}
