import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// A run whose payouts have all settled is completed.
export async function completeIfDone({ tx, runId, now }: { tx: Database; runId: string; now: Date }) {
  await tx.execute(
    sql`update payout_runs set status = 'completed', completed_at = ${now.toISOString()}::timestamptz
        where id = ${runId} and status = 'approved'
          and not exists (select 1 from payouts where run_id = ${runId} and status in ('planned', 'sent'))`,
  );
}
