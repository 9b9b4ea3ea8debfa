import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { payoutRuns } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { completeIfDone } from './complete-run-if-done';
import { defaultMethodJoin, exceptionSql, lockRun, postPayoutMoves } from './payout-run-records';

// Approves a draft run. Every planned payout leaves its talent's available balance in one transaction,
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
    // What changed since the run was prepared counts: a hold placed, an account suspended, the default
    // method changed (the payout goes to the one chosen now, if it may be paid).
    await tx.execute(
      sql`update payouts p
          set status = (case when now_.exception is null then 'planned' else 'exception' end)::payout_line_status,
              exception = now_.exception::payout_exception,
              method_id = now_.method_id, method_label = now_.label,
              provider = (case when now_.kind = 'stripe_connect' then 'stripe'
                               when now_.kind is not null then 'bank_file' end)::payout_provider
          from (select u.id as applicant_id, m.id as method_id, m.kind, m.label, ${exceptionSql(at)} as exception
                from users u ${defaultMethodJoin}
                where u.id in (select applicant_id from payouts where run_id = ${runId} and status = 'planned')) as now_
          where p.run_id = ${runId} and p.status = 'planned' and p.applicant_id = now_.applicant_id`,
    );
    // Cancelled: what the talent has available now does not cover the planned amount.
    await tx.execute(
      sql`update payouts p set status = 'cancelled', failure_reason = 'The available balance changed before approval.'
          where p.run_id = ${runId} and p.status = 'planned'
            and p.amount_cents > coalesce((select -sum(e.amount_cents) from ledger_entries e
                                           where e.applicant_id = p.applicant_id and e.account = 'talent_available'), 0)`,
    );
    const sent = await selectRows(
      tx,
      z.object({ id: uuidColumn, applicant_id: uuidColumn, amount_cents: integerColumn }),
      sql`update payouts set status = 'sent', sent_at = ${at}::timestamptz
          where run_id = ${runId} and status = 'planned'
          returning id, applicant_id, amount_cents`,
    );
    await postPayoutMoves({
      tx,
      lines: sent,
      move: { kind: 'payout_sent', from: 'talent_available', to: 'payouts_in_transit', at: now },
    });
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
          total_cents: sent.reduce((total, line) => total + line.amount_cents, 0),
        },
        ipAddress,
      },
    });
    await completeIfDone({ tx, runId, now });
    await afterCommit(tx);
  });
}
