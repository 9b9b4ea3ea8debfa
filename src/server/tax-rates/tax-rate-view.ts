import type { TaxRate } from '~/shared/tax-rates';
import type { taxRates } from '../db/schema';

// A rate as the API answers it: whether it is the one in effect for its country, or still to come.
export type TaxRateRow = typeof taxRates.$inferSelect;

export function taxRateView(row: TaxRateRow, currentIds: ReadonlySet<string>, today: string): TaxRate {
  return {
    id: row.id,
    country: row.country,
    name: row.name === 'GST' ? 'GST' : 'VAT',
    rate_basis_points: row.rateBasisPoints,
    effective_from: row.effectiveFrom,
    is_current: currentIds.has(row.id),
    is_scheduled: row.effectiveFrom > today,
  };
}
