import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencies } from '~/shared/currencies';
import { fxRateSources } from '~/shared/fx-rates';
import type { TalentPayoutPart } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { uuidArray } from '../kernels/money/invoice-drafts';
import type { PayoutPart } from './plan-payout-parts';

// A currency as a row holds it: one Tandem knows, or the row is refused rather than printed wrong.
export const currencyColumn = z.enum(currencies);

const partRow = z.object({
  payout_id: uuidColumn,
  source_currency: currencyColumn,
  source_cents: integerColumn,
  amount_cents: integerColumn,
  margin_cents: integerColumn,
  margin_basis_points: integerColumn,
  rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  rate_source: z.enum(fxRateSources).nullable(),
});

export const partOf = (row: Omit<z.output<typeof partRow>, 'payout_id'>): TalentPayoutPart => ({
  source_currency: row.source_currency,
  source_cents: row.source_cents,
  amount_cents: row.amount_cents,
  margin_cents: row.margin_cents,
  margin_basis_points: row.margin_basis_points,
  rate:
    row.rate !== null && row.rate_date !== null && row.rate_source !== null
      ? { rate: row.rate, date: row.rate_date, source: row.rate_source }
      : null,
});

// The columns of a part as partOf reads them, from payout_parts as `pp`; the rate as written (numeric keeps
// ten decimals; trim_scale gives back '61.2345', the figure the conversion used).
export const partColumns = sql`pp.source_currency, pp.source_cents, pp.amount_cents, pp.margin_cents,
  pp.margin_basis_points, trim_scale(pp.rate)::text as rate, pp.rate_date::text as rate_date, pp.rate_source`;

// The parts of payouts as approval locked them (decision 051), by payout, in the order of their source currency.
export async function findPayoutParts({
  db,
  payoutIds,
}: {
  db: Database;
  payoutIds: readonly string[];
}): Promise<Map<string, TalentPayoutPart[]>> {
  const parts = new Map<string, TalentPayoutPart[]>();
  if (payoutIds.length === 0) return parts;
  const rows = await selectRows(
    db,
    partRow,
    sql`select pp.payout_id, ${partColumns}
        from payout_parts pp where pp.payout_id = any(${uuidArray(payoutIds)}::uuid[])
        order by pp.payout_id, pp.source_currency`,
  );
  for (const { payout_id: payoutId, ...row } of rows) {
    const list = parts.get(payoutId) ?? [];
    list.push(partOf(row));
    parts.set(payoutId, list);
  }
  return parts;
}

// A planned part (plan-payout-parts.ts) as the API answers it, before anything is stored.
export const partOfPlan = (part: PayoutPart): TalentPayoutPart => ({
  source_currency: part.sourceCurrency,
  source_cents: part.sourceCents,
  amount_cents: part.amountCents,
  margin_cents: part.marginCents,
  margin_basis_points: part.marginBasisPoints,
  rate: part.rate && { rate: part.rate.rate, date: part.rate.date, source: part.rate.source },
});
