import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, isCurrency } from '~/shared/currencies';
import { payoutExceptions } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { payoutRuns } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { loadRateBook } from '../kernels/money/rate-book';
import { getFxSettings } from '../platform/get-fx-settings';
import {
  bringLedgerUpToDate,
  defaultMethodJoin,
  exceptionSql,
  isTaxFormRequired,
  type PayoutSettings,
} from './payout-run-records';
import { groupByTalent, planPayoutParts, reachesMinimum } from './plan-payout-parts';
import { writePayoutParts } from './write-payout-parts';

const balanceRow = z.object({
  applicant_id: uuidColumn,
  currency: z.string(),
  cents: integerColumn,
  method_id: z.string().nullable(),
  kind: z.string().nullable(),
  label: z.string().nullable(),
  payout_currency: z.string().nullable(),
  exception: z.enum(payoutExceptions).nullable(),
});

// A run for `day`, unless one awaits approval: then that one is the answer (a retry, another instance, an
// administrator after the schedule), and nothing is added to it. Each talent's line converts what they have
// available in each currency into their method's currency at today's rates (decision 051): what they and
// the administrator see before approval, which locks the rates.
export async function preparePayoutRun({
  db,
  settings,
  day,
  now = new Date(),
}: {
  db: Database;
  settings: PayoutSettings;
  day: string;
  now?: Date;
}): Promise<{ runId: string; wasWaiting: boolean }> {
  await bringLedgerUpToDate({ db, settings, now });
  const [book, fx, requireTaxForm] = await Promise.all([
    loadRateBook(db),
    getFxSettings({ db }),
    isTaxFormRequired(db),
  ]);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payoutRuns)
      .values({ scheduledFor: day, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: payoutRuns.id });
    if (!created) {
      const [draft] = await tx.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.status, 'draft'));
      if (!draft) throw new Error(`The payout run of ${day} was neither made nor found.`);
      return { runId: draft.id, wasWaiting: true };
    }
    const rows = await selectRows(
      tx,
      balanceRow,
      sql`with balances as (
            select applicant_id, currency, (-sum(amount_cents))::bigint as cents
            from ledger_entries where account = 'talent_available' and applicant_id is not null
            group by applicant_id, currency
            having sum(amount_cents) < 0
          )
          select b.applicant_id, b.currency, b.cents, m.id as method_id, m.kind::text as kind, m.label,
                 m.currency as payout_currency, ${exceptionSql(now.toISOString(), requireTaxForm)} as exception
          from balances b join users u on u.id = b.applicant_id
          ${defaultMethodJoin}
          order by b.applicant_id, b.currency`,
    );
    const lines = [];
    for (const balances of groupByTalent(rows)) {
      const [first] = balances as [z.infer<typeof balanceRow>];
      if (!reachesMinimum(balances, settings.payout_minimum_cents, book)) continue;
      const payoutCurrency: Currency =
        first.payout_currency && isCurrency(first.payout_currency) ? first.payout_currency : 'USD';
      const plan = planPayoutParts({ balances, payoutCurrency, book, marginBasisPoints: fx.margin_basis_points });
      const exception = first.exception ?? (plan.ok ? null : 'rate_missing');
      lines.push({
        applicant_id: first.applicant_id,
        method_id: first.method_id,
        amount_cents: plan.ok ? plan.amountCents : 0,
        currency: payoutCurrency,
        status: exception ? 'exception' : 'planned',
        exception,
        provider: first.kind === 'stripe_connect' ? 'stripe' : first.kind ? 'bank_file' : null,
        method_label: first.label,
        parts: plan.ok ? plan.parts : [],
      });
    }
    if (lines.length === 0) return { runId: created.id, wasWaiting: false };
    const inserted = await selectRows(
      tx,
      z.object({ id: uuidColumn, applicant_id: uuidColumn }),
      sql`insert into payouts (run_id, applicant_id, method_id, amount_cents, currency, status, exception, provider, method_label, created_at)
          select ${created.id}::uuid, l.applicant_id, l.method_id, l.amount_cents, l.currency, l.status::payout_line_status,
                 l.exception::payout_exception, l.provider::payout_provider, l.method_label, ${now.toISOString()}::timestamptz
          from json_to_recordset(${JSON.stringify(lines.map(({ parts: _, ...line }) => line))}::json)
            as l(applicant_id uuid, method_id uuid, amount_cents integer, currency text, status text, exception text,
                 provider text, method_label text)
          returning id, applicant_id`,
    );
    const idOf = new Map(inserted.map((row) => [row.applicant_id, row.id]));
    await writePayoutParts({
      tx,
      payouts: lines.flatMap((line) => {
        const payoutId = idOf.get(line.applicant_id);
        return payoutId ? [{ payoutId, parts: line.parts }] : [];
      }),
    });
    return { runId: created.id, wasWaiting: false };
  });
}
