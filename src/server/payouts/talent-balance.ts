import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, currencies, isCurrency } from '~/shared/currencies';
import { type PayoutBalance, payoutExceptions } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { loadRateBook } from '../kernels/money/rate-book';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { getFxSettings } from '../platform/get-fx-settings';
import { findPayoutParts, partOfPlan } from './find-payout-parts';
import { defaultMethodJoin, exceptionSql, isTaxFormRequired } from './payout-run-records';
import { planPayoutParts, reachesMinimum } from './plan-payout-parts';

const standingRow = z.object({
  exception: z.enum(payoutExceptions).nullable(),
  on_hold: z.boolean(),
  payout_currency: z.string().nullable(),
});

const plannedRow = z.object({ id: uuidColumn, amount_cents: integerColumn, currency: z.enum(currencies) });

// The talent's own balance on their Earnings page, a row per currency, with when the next run pays it and
// what it would pay in their payout method's currency (decision 051): their line of a run awaiting approval
// when there is one, which is what the administrator approves; else an estimate at today's latest rates
// with the FX margin, as preparing a run would plan it. Either way approval locks the rate.
export async function talentBalance({
  db,
  applicantId,
  settings,
  nextRunAt,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  settings: Pick<PlatformSettings, 'payout_minimum_cents'>;
  nextRunAt: Date;
  now?: Date;
}): Promise<PayoutBalance> {
  const requireTaxForm = await isTaxFormRequired(db);
  const [balances, [standing], [planned]] = await Promise.all([
    talentBalanceOf(db, applicantId),
    selectRows(
      db,
      standingRow,
      sql`select ${exceptionSql(now.toISOString(), requireTaxForm)} as exception, h.id is not null as on_hold,
                 m.currency as payout_currency
          from users u ${defaultMethodJoin} where u.id = ${applicantId}`,
    ),
    selectRows(
      db,
      plannedRow,
      sql`select p.id, p.amount_cents, p.currency from payouts p join payout_runs r on r.id = p.run_id
          where p.applicant_id = ${applicantId} and r.status = 'draft' and p.status = 'planned'`,
    ),
  ]);
  const methodCurrency = standing?.payout_currency;
  const payoutCurrency: Currency = methodCurrency && isCurrency(methodCurrency) ? methodCurrency : 'USD';
  const blockedBy = standing?.exception ?? null;
  const nothing = { basis: 'estimate' as const, currency: payoutCurrency, amount_cents: 0, parts: [] };
  const answer = (next: Omit<PayoutBalance['next_payout'], 'runs_at'>): PayoutBalance => ({
    balances: balances.map((balance) => ({
      currency: balance.currency,
      pending_cents: balance.pendingCents,
      available_cents: balance.availableCents,
      in_transit_cents: balance.inTransitCents,
      paid_out_cents: balance.paidOutCents,
    })),
    minimum_cents: settings.payout_minimum_cents,
    next_payout: { runs_at: nextRunAt.toISOString(), ...next },
    on_hold: standing?.on_hold ?? false,
  });
  if (blockedBy) return answer({ ...nothing, blocked_by: blockedBy });
  if (planned) {
    const parts = await findPayoutParts({ db, payoutIds: [planned.id] });
    return answer({
      basis: 'planned',
      currency: planned.currency,
      amount_cents: planned.amount_cents,
      parts: parts.get(planned.id) ?? [],
      blocked_by: null,
    });
  }
  // What a run would take: each currency with money available; one below zero waits for later earnings.
  const available = balances
    .filter((balance) => balance.availableCents > 0)
    .map((balance) => ({ currency: balance.currency, cents: balance.availableCents }));
  if (available.length === 0) return answer({ ...nothing, blocked_by: null });
  const [book, fx] = await Promise.all([loadRateBook(db), getFxSettings({ db })]);
  if (!reachesMinimum(available, settings.payout_minimum_cents, book)) return answer({ ...nothing, blocked_by: null });
  const plan = planPayoutParts({
    balances: available,
    payoutCurrency,
    book,
    marginBasisPoints: fx.margin_basis_points,
  });
  if (!plan.ok) return answer({ ...nothing, blocked_by: 'rate_missing' });
  return answer({
    basis: 'estimate',
    currency: payoutCurrency,
    amount_cents: plan.amountCents,
    parts: plan.parts.map(partOfPlan),
    blocked_by: null,
  });
}
