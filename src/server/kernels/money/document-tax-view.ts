import type { DocumentTax } from '~/shared/billing';
import { type TaxCategory, taxBreakdownOf } from '~/shared/tax';

// A document's tax as the API answers it (decision 053): the rule it was issued under, from its own columns.
export function documentTaxView(document: {
  taxCategory: TaxCategory;
  taxName: string;
  taxBasisPoints: number;
  taxNote: string;
  subtotalCents: number;
  feeCents: number;
  taxCents: number;
}): DocumentTax {
  return {
    category: document.taxCategory,
    name: document.taxName,
    rate_basis_points: document.taxBasisPoints,
    note: document.taxNote,
    breakdown: taxBreakdownOf({
      category: document.taxCategory,
      rateBasisPoints: document.taxBasisPoints,
      taxableCents: document.subtotalCents + document.feeCents,
      taxCents: document.taxCents,
    }),
  };
}
