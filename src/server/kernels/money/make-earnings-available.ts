import { sql } from 'drizzle-orm';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../../db/client';
import { idRow } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';

// Pending earnings that may be paid now become available, in one statement per run: an hourly week once
// its invoice is paid (when the System Setting says earnings wait for it) and the security period has
// passed since; a released milestone (paid from escrow) once the security period has passed since its
// release. The key counts the earning's earlier moves to available, so a week taken back by a refund
// becomes available again, once, after its invoice is paid again; two instances running it at once post
// each move once (the key is unique).
export async function makeEarningsAvailable({
  db,
  now,
  settings,
}: {
  db: Database;
  now: Date;
  settings: Pick<PlatformSettings, 'payouts_wait_for_payment' | 'payout_security_days'>;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.payout_security_days * 86_400_000).toISOString();
  const waitForPayment = settings.payouts_wait_for_payment;
  const rows = await selectRows(
    db,
    idRow,
    sql`with pending as (
          select e.applicant_id, e.timesheet_id, e.milestone_id, (-sum(e.amount_cents))::bigint as cents
          from ledger_entries e
          where e.account = 'talent_pending' and e.applicant_id is not null
          group by e.applicant_id, e.timesheet_id, e.milestone_id
          having sum(e.amount_cents) < 0
        ), ready as (
          select p.*, coalesce(p.timesheet_id, p.milestone_id) as earning_id
          from pending p
          left join timesheets t on t.id = p.timesheet_id
          left join invoices i on i.id = t.invoice_id
          left join invoices r on r.milestone_id = p.milestone_id
          where (p.timesheet_id is not null
                 and (not ${waitForPayment}::boolean or i.status = 'paid')
                 and greatest(t.approved_at, case when ${waitForPayment}::boolean then i.paid_at end)
                     <= ${cutoff}::timestamptz)
             or (p.milestone_id is not null and r.created_at <= ${cutoff}::timestamptz)
        ), moves as (
          select r.*, 'available:' || r.earning_id || ':' ||
                 (select count(*) from ledger_transactions l
                  where l.applicant_id = r.applicant_id and l.kind = 'earnings_available'
                    and (l.timesheet_id = r.timesheet_id or l.milestone_id = r.milestone_id)) as key
          from ready r
        ), posted as (
          insert into ledger_transactions (key, kind, applicant_id, timesheet_id, milestone_id, occurred_at)
          select key, 'earnings_available', applicant_id, timesheet_id, milestone_id, ${now.toISOString()}::timestamptz
          from moves
          on conflict (key) do nothing
          returning id, key
        ), lines as (
          insert into ledger_entries (transaction_id, account, amount_cents, applicant_id, timesheet_id, milestone_id)
          select posted.id, side.account::ledger_account, side.sign * m.cents, m.applicant_id, m.timesheet_id, m.milestone_id
          from posted join moves m on m.key = posted.key
          cross join (values ('talent_pending', 1), ('talent_available', -1)) as side(account, sign)
          returning transaction_id
        )
        select distinct transaction_id as id from lines`,
  );
  return rows.length;
}
