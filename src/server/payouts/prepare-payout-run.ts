import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutRuns } from '../db/schema';
import { bringLedgerUpToDate, defaultMethodJoin, exceptionSql, type PayoutSettings } from './payout-run-records';

// A run for `day`, unless one awaits approval: then that one is the answer (a retry, another instance, an
// administrator after the schedule), and nothing is added to it.
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
    const at = now.toISOString();
    await tx.execute(
      sql`with balances as (
            select applicant_id, (-sum(amount_cents))::bigint as available
            from ledger_entries where account = 'talent_available' and applicant_id is not null
            group by applicant_id
            having -sum(amount_cents) >= ${settings.payout_minimum_cents}
          ), lines as (
            select b.applicant_id, b.available, m.id as method_id, m.kind, m.label,
                   ${exceptionSql(at)} as exception
            from balances b join users u on u.id = b.applicant_id
            ${defaultMethodJoin}
          )
          insert into payouts (run_id, applicant_id, method_id, amount_cents, status, exception, provider, method_label, created_at)
          select ${created.id}::uuid, applicant_id, method_id, available,
                 (case when exception is null then 'planned' else 'exception' end)::payout_line_status,
                 exception::payout_exception,
                 (case when kind = 'stripe_connect' then 'stripe' when kind is not null then 'bank_file' end)::payout_provider,
                 label, ${at}::timestamptz
          from lines`,
    );
    return { runId: created.id, wasWaiting: false };
  });
}
