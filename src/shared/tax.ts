// How tax is charged on a company's invoices (issue 56, decision 053): the rule the seller and the buyer
// make, fixed on each invoice, credit note and funding when it is made. No zod: invoices on screen and the
// PDFs read these without loading it.

// standard: the seller's VAT or GST at its country's rate. reverse_charge: an EU business buyer in another
// member state accounts for the VAT. outside_scope: a buyer abroad, no VAT of the seller's. sales_tax: a
// seller with no VAT or GST in the rates table (Tandem in the US), the company's rate an administrator set.
export const taxCategories = ['standard', 'reverse_charge', 'outside_scope', 'sales_tax'] as const;
export type TaxCategory = (typeof taxCategories)[number];

export const taxCategoryLabels: Record<TaxCategory, string> = {
  standard: 'Standard rate',
  reverse_charge: 'Reverse charge',
  outside_scope: 'Outside the scope',
  sales_tax: 'Sales tax',
};

// The 27 member states (ISO 3166-1 alpha-2: Greece is GR here, EL only in VAT numbers).
export const euMemberStates = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export const isEuMemberState = (country: string) => (euMemberStates as readonly string[]).includes(country);

// The legal wording each invoice of a category prints (Council Directive 2006/112/EC for EU sellers; the
// Value Added Tax Act 1994 for a UK seller).
export const taxNotes = {
  euReverseCharge:
    'Reverse charge: VAT is to be accounted for by the customer under Article 196 of Council Directive 2006/112/EC.',
  euOutsideScopeUk:
    'Outside the scope of EU VAT (Article 44 of Council Directive 2006/112/EC): the customer accounts for any UK VAT due under the reverse charge.',
  euOutsideScope:
    'Outside the scope of EU VAT: the place of supply is the customer’s country (Article 44 of Council Directive 2006/112/EC).',
  ukOutsideScope:
    'Outside the scope of UK VAT: the place of supply is the customer’s country (section 7A of the Value Added Tax Act 1994).',
  outsideScope: (regime: string) => `Outside the scope of ${regime}: the customer is established abroad.`,
} as const;

export const taxTexts = {
  rateCountry: 'Choose the country this rate is for.',
  rateName: 'Name the tax: VAT or GST.',
  rateValue: 'A rate is a percentage from 0 to 100, with at most two decimals.',
  rateDate: 'Give the day the rate takes effect, as YYYY-MM-DD.',
  rateExists: 'That country already has a rate taking effect that day. Change the day, or remove that rate first.',
  ratePast: 'A rate that has taken effect stays: invoices were issued at it. Add a new rate from a later day instead.',
  rateFromToday: 'A new rate takes effect today or later: invoices already issued keep the rate they were issued at.',
  rateNotFound: 'This tax rate does not exist.',
  rateAdded: 'Tax rate added.',
  rateRemoved: 'Tax rate removed.',
  ratesHint:
    'The VAT or GST an invoice charges is its seller’s country’s rate in effect on the issue day. Invoices already issued keep theirs.',
  noRates: 'No tax rates yet. Invoices charge the sales tax set on each company.',
} as const;

// The lines of a document's tax breakdown (EN 16931's VAT breakdown): one per rate. A document has one rule, so
// one line, or none for a sales tax of nothing (invoices before decision 053 print as they did).
export interface TaxBreakdownLine {
  rate_basis_points: number;
  taxable_cents: number;
  tax_cents: number;
}

export function taxBreakdownOf({
  category,
  rateBasisPoints,
  taxableCents,
  taxCents,
}: {
  category: TaxCategory;
  rateBasisPoints: number;
  taxableCents: number;
  taxCents: number;
}): TaxBreakdownLine[] {
  if (category === 'sales_tax' && rateBasisPoints === 0 && taxCents === 0) return [];
  return [{ rate_basis_points: rateBasisPoints, taxable_cents: taxableCents, tax_cents: taxCents }];
}
