import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idRow } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { postFundingRefunded } from './post-funding-refunded';
import { postInvoiceIssued } from './post-invoice-issued';
import { postPaymentCompleted } from './post-payment-completed';
import { postPaymentRefunded } from './post-payment-refunded';
import { postWorkApproved } from './post-work-approved';

// Everything the features should have posted and did not (rows from before the ledger, demo data): each
// post is idempotent, so this may run at any time, on any instance, as often as it likes.
export async function postMissingTransactions(db: Database): Promise<number> {
  let posted = 0;
  const missing = async (query: SQL, post: (tx: Database, id: string) => Promise<void>) => {
    for (const { id } of await selectRows(db, idRow, query)) {
      await db.transaction((tx) => post(tx, id));
      posted += 1;
    }
  };
  await missing(
    sql`select t.id from timesheets t where t.status = 'approved'
        and not exists (select 1 from ledger_transactions l where l.key = 'work:' || t.id)
        order by t.approved_at`,
    postWorkApproved,
  );
  await missing(
    sql`select i.id from invoices i
        where not exists (select 1 from ledger_transactions l where l.invoice_id = i.id
                          and l.kind in ('invoice_issued', 'milestone_released'))
        order by i.created_at`,
    postInvoiceIssued,
  );
  await missing(
    sql`select p.id from payments p where p.status = 'completed'
        and not exists (select 1 from ledger_transactions l where l.key = 'payment:' || p.id)
        order by p.completed_at`,
    postPaymentCompleted,
  );
  await missing(
    sql`select m.id from milestones m where m.refunded_cents > 0
        and not exists (select 1 from ledger_transactions l where l.key = 'milestone-refund:' || m.id)`,
    postFundingRefunded,
  );
  await missing(
    sql`select p.id from payments p where p.status = 'completed' and p.refunded_at is not null and p.invoice_id is not null
        and not exists (select 1 from ledger_transactions l where l.key = 'refund:' || p.id)
        order by p.refunded_at`,
    postPaymentRefunded,
  );
  // A large catch-up (the first after the ledger was added, or after an import) changes the ledger's size
  // by orders of magnitude: its statistics follow now rather than whenever autovacuum comes round, so the
  // run that follows is planned on the ledger as it is (scripts/bench-payouts.ts).
  if (posted >= LARGE_CATCH_UP) await db.execute(sql`analyze ledger_transactions, ledger_entries`);
  return posted;
}

const LARGE_CATCH_UP = 1000;
