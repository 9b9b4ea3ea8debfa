import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fxRateSources } from '~/shared/fx-rates';
import type { PayoutRunStatus, RunRate } from '~/shared/payouts';
import type { Database } from '../db/client';
import { uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { uuidArray } from '../kernels/money/invoice-drafts';
import { loadRateBook, rateAgeInDays, rateBetween } from '../kernels/money/rate-book';
import { getFxSettings } from '../platform/get-fx-settings';
import { currencyColumn } from './find-payout-parts';

const pairRow = z.object({ run_id: uuidColumn, from: currencyColumn, to: currencyColumn });
const lockedRow = pairRow.extend({ rate: z.string(), date: z.string(), source: z.enum(fxRateSources) });

// The exchange rates of runs, by run id (decision 051). A draft's are those approval would lock now: for
// each currency its planned payouts take from and the currency of the talent's default method (approval
// pays the method chosen then), the book's latest rate, stale when older than the maximum age and null
// when there is none — what approve-payout-run.ts refuses. An approved run's are those it locked.
export async function findRunRates({
  db,
  runs,
  now = new Date(),
}: {
  db: Database;
  runs: readonly { id: string; status: PayoutRunStatus }[];
  now?: Date;
}): Promise<Map<string, RunRate[]>> {
  const rates = new Map<string, RunRate[]>(runs.map((run) => [run.id, []]));
  const draftIds = runs.filter((run) => run.status === 'draft').map((run) => run.id);
  const approvedIds = runs.filter((run) => run.status !== 'draft').map((run) => run.id);
  const [pairs, locked] = await Promise.all([
    draftIds.length === 0
      ? []
      : selectRows(
          db,
          pairRow,
          sql`select distinct p.run_id, pp.source_currency as "from", coalesce(m.currency, p.currency) as "to"
              from payouts p join payout_parts pp on pp.payout_id = p.id
              left join payout_methods m on m.applicant_id = p.applicant_id and m.is_default and m.removed_at is null
              where p.run_id = any(${uuidArray(draftIds)}::uuid[]) and p.status = 'planned'
                and pp.source_currency <> coalesce(m.currency, p.currency)
              order by 1, 2, 3`,
        ),
    approvedIds.length === 0
      ? []
      : selectRows(
          db,
          lockedRow,
          sql`select distinct p.run_id, pp.source_currency as "from", p.currency as "to", trim_scale(pp.rate)::text as rate,
                     pp.rate_date::text as date, pp.rate_source::text as source
              from payouts p join payout_parts pp on pp.payout_id = p.id
              where p.run_id = any(${uuidArray(approvedIds)}::uuid[]) and p.status in ('sent', 'paid', 'failed')
                and pp.rate is not null
              order by 1, 2, 3`,
        ),
  ]);
  for (const { run_id: runId, from, to, ...rate } of locked) {
    rates.get(runId)?.push({ from, to, rate, stale: false });
  }
  if (pairs.length > 0) {
    const [book, fx] = await Promise.all([loadRateBook(db), getFxSettings({ db })]);
    for (const { run_id: runId, from, to } of pairs) {
      const rate = rateBetween(book, from, to);
      rates.get(runId)?.push({
        from,
        to,
        rate: rate && { rate: rate.rate, date: rate.date, source: rate.source },
        stale: rate !== null && rateAgeInDays(rate, now) > fx.max_rate_age_days,
      });
    }
  }
  return rates;
}
