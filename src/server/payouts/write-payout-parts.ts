import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uuidArray } from '../kernels/money/invoice-drafts';
import type { PayoutPart } from './plan-payout-parts';

// The parts of payouts, replacing any they had (approval rewrites them at the rates it locks).
export async function writePayoutParts({
  tx,
  payouts,
}: {
  tx: Database;
  payouts: readonly { payoutId: string; parts: readonly PayoutPart[] }[];
}) {
  if (payouts.length === 0) return;
  await tx.execute(
    sql`delete from payout_parts where payout_id = any(${uuidArray(payouts.map((p) => p.payoutId))}::uuid[])`,
  );
  const rows = payouts.flatMap(({ payoutId, parts }) =>
    parts.map((part) => ({
      payout_id: payoutId,
      source_currency: part.sourceCurrency,
      source_cents: part.sourceCents,
      amount_cents: part.amountCents,
      margin_cents: part.marginCents,
      margin_basis_points: part.marginBasisPoints,
      rate: part.rate?.rate ?? null,
      rate_date: part.rate?.date ?? null,
      rate_source: part.rate?.source ?? null,
    })),
  );
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into payout_parts (payout_id, source_currency, source_cents, amount_cents, margin_cents,
                                  margin_basis_points, rate, rate_date, rate_source)
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(payout_id uuid, source_currency text, source_cents bigint, amount_cents bigint, margin_cents bigint,
               margin_basis_points integer, rate numeric, rate_date date, rate_source text)`,
  );
}
