import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCurrency } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { payoutRuns } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { loadRateBook } from '../kernels/money/rate-book';
import { AppError } from '../platform/errors';
import { getFxSettings } from '../platform/get-fx-settings';
import { recordAuditEvent } from '../platform/record-audit-event';
import { completeIfDone } from './complete-run-if-done';
import { defaultMethodJoin, exceptionSql, isTaxFormRequired, lockRun, postPayoutMoves } from './payout-run-records';
import { groupByTalent, type PayoutPart, planPayoutParts, staleRateOf } from './plan-payout-parts';
import { writePayoutParts } from './write-payout-parts';

// Approves a draft run, locking its exchange rates: each planned payout's parts are converted again at
// the latest rates, and a rate missing or older than the maximum age stops the approval with a sentence. Every planned payout leaves its talent's available balance in one transaction,
// with every talent of the run locked (in id order, so two approvals cannot deadlock): a payout larger
// than what is available now (a refund took some back, or another run paid it) is cancelled. Stripe
// transfers go out after, by the job this sends.
export async function approvePayoutRun({
  db,
  runId,
  actorId,
  ipAddress,
  now = new Date(),
  afterCommit,
}: {
  db: Database;
  runId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
  // Sends the Stripe transfers' job once the approval is committed.
  afterCommit: (tx: Database) => Promise<void>;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await lockRun({ tx, runId });
    if (run.status !== 'draft') throw new AppError('conflict', payoutTexts.runAlreadyApproved);
    await tx
      .update(payoutRuns)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: now })
      .where(eq(payoutRuns.id, runId));
    await tx.execute(
      sql`select u.id from users u
          where u.id in (select applicant_id from payouts where run_id = ${runId} and status = 'planned')
          order by u.id for update`,
    );
    const at = now.toISOString();
    const requireTaxForm = await isTaxFormRequired(tx);
    // What changed since the run was prepared counts: a hold placed, an account suspended, the default
    // method changed (the payout goes to the one chosen now, if it may be paid). The run's lines are read
    // once: a second read to pick the talents made a self-join, which statistics putting a new run at two
    // lines turned into a nested loop (48 million comparisons, 10 s, for 9,800 lines).
    await tx.execute(
      sql`update payouts p
          set status = (case when now_.exception is null then 'planned' else 'exception' end)::payout_line_status,
              exception = now_.exception::payout_exception,
              method_id = now_.method_id, method_label = now_.label,
              provider = (case when now_.kind = 'stripe_connect' then 'stripe'
                               when now_.kind is not null then 'bank_file' end)::payout_provider
          from (select u.id as applicant_id, m.id as method_id, m.kind, m.label, ${exceptionSql(at, requireTaxForm)} as exception
                from users u ${defaultMethodJoin}) as now_
          where p.run_id = ${runId} and p.status = 'planned' and p.applicant_id = now_.applicant_id`,
    );
    await lockRates({ tx, runId, now });
    // Cancelled: what the talent has available now, in some currency, does not cover the planned part.
    await tx.execute(
      sql`update payouts p set status = 'cancelled', failure_reason = 'The available balance changed before approval.'
          where p.run_id = ${runId} and p.status = 'planned'
            and exists (select 1 from payout_parts pp
                        where pp.payout_id = p.id
                          and pp.source_cents > coalesce((select -sum(e.amount_cents) from ledger_entries e
                                                          where e.applicant_id = p.applicant_id and e.account = 'talent_available'
                                                            and e.currency = pp.source_currency), 0))`,
    );
    const sent = await selectRows(
      tx,
      z.object({ id: uuidColumn, amount_cents: integerColumn, currency: z.string() }),
      sql`update payouts set status = 'sent', sent_at = ${at}::timestamptz
          where run_id = ${runId} and status = 'planned'
          returning id, amount_cents, currency`,
    );
    await postPayoutMoves({ tx, payoutIds: sent.map((line) => line.id), kind: 'payout_sent', at: now });
    const totals: Record<string, number> = {};
    for (const line of sent) totals[line.currency] = (totals[line.currency] ?? 0) + line.amount_cents;
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payout_run.approved',
        targetType: 'payout_run',
        targetId: runId,
        details: {
          scheduled_for: run.scheduledFor,
          before: { status: 'draft' },
          after: { status: 'approved' },
          payouts: sent.length,
          totals_by_currency: totals,
        },
        ipAddress,
      },
    });
    await completeIfDone({ tx, runId, now });
    await afterCommit(tx);
  });
}

const plannedPartRow = z.object({
  applicant_id: uuidColumn,
  payout_id: uuidColumn,
  payout_currency: z.string(),
  currency: z.string(),
  cents: integerColumn,
  // What preparation wrote, to write again only what the rates in force now change.
  prepared_currency: z.string(),
  prepared_amount_cents: integerColumn,
  part_amount_cents: integerColumn,
  margin_cents: integerColumn,
  margin_basis_points: integerColumn,
  rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  rate_source: z.string().nullable(),
});
type PlannedPart = z.infer<typeof plannedPartRow>;

const isAsPrepared = (part: PayoutPart, row: PlannedPart) =>
  part.sourceCurrency === row.currency &&
  part.sourceCents === row.cents &&
  part.amountCents === row.part_amount_cents &&
  part.marginCents === row.margin_cents &&
  part.marginBasisPoints === row.margin_basis_points &&
  (part.rate?.rate ?? null) === row.rate &&
  (part.rate?.date ?? null) === row.rate_date &&
  (part.rate?.source ?? null) === row.rate_source;

// Converts the run's planned parts at the rates in force now and writes them, with each payout's amount
// and currency (the method may have changed since preparation). Refuses, writing nothing, when a rate
// is missing or too old. A payout whose parts come out as prepared (the same day's rates, the same margin)
// is left as it is: rewriting ten thousand payouts and their parts to the same values was a third of the
// approval.
async function lockRates({ tx, runId, now }: { tx: Database; runId: string; now: Date }) {
  const [book, fx, rows] = await Promise.all([
    loadRateBook(tx),
    getFxSettings({ db: tx }),
    selectRows(
      tx,
      plannedPartRow,
      sql`select p.applicant_id, p.id as payout_id, coalesce(m.currency, p.currency) as payout_currency,
                 pp.source_currency as currency, pp.source_cents as cents,
                 p.currency as prepared_currency, p.amount_cents as prepared_amount_cents,
                 pp.amount_cents as part_amount_cents, pp.margin_cents, pp.margin_basis_points,
                 trim_scale(pp.rate)::text as rate, pp.rate_date::text as rate_date, pp.rate_source
          from payouts p join payout_parts pp on pp.payout_id = p.id
          left join payout_methods m on m.id = p.method_id
          where p.run_id = ${runId} and p.status = 'planned'
          order by p.applicant_id, pp.source_currency`,
    ),
  ]);
  const locked = [];
  for (const parts of groupByTalent(rows)) {
    const [first] = parts as [PlannedPart];
    const payoutCurrency = isCurrency(first.payout_currency) ? first.payout_currency : 'USD';
    const plan = planPayoutParts({ balances: parts, payoutCurrency, book, marginBasisPoints: fx.margin_basis_points });
    if (!plan.ok) throw new AppError('conflict', payoutTexts.rateMissing(plan.missing.from, plan.missing.to));
    const stale = staleRateOf(plan.parts, fx.max_rate_age_days, now);
    if (stale) {
      throw new AppError('conflict', payoutTexts.staleRate(stale.base, stale.quote, stale.date, fx.max_rate_age_days));
    }
    const isUnchanged =
      first.prepared_currency === payoutCurrency &&
      first.prepared_amount_cents === plan.amountCents &&
      plan.parts.every((part, index) => {
        const row = parts[index];
        return row !== undefined && isAsPrepared(part, row);
      });
    if (isUnchanged) continue;
    locked.push({
      payoutId: first.payout_id,
      currency: payoutCurrency,
      amountCents: plan.amountCents,
      parts: plan.parts,
    });
  }
  if (locked.length === 0) return;
  await writePayoutParts({ tx, payouts: locked });
  await tx.execute(
    sql`update payouts p set amount_cents = l.amount_cents, currency = l.currency
        from json_to_recordset(${JSON.stringify(locked.map(({ payoutId, currency, amountCents }) => ({ id: payoutId, currency, amount_cents: amountCents })))}::json)
          as l(id uuid, currency text, amount_cents integer)
        where p.id = l.id`,
  );
}
