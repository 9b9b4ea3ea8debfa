import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { decimalOfMinor } from '~/shared/accounting';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { uuidArray } from '../kernels/money/invoice-drafts';
import type { Mailer } from '../mail/mailer';
import { payoutFailedEmail } from '../mail/templates/payout-failed';
import { payoutSentEmail } from '../mail/templates/payout-sent';
import { recordAuditEvents } from '../platform/record-audit-event';
import { completeIfDone } from './complete-run-if-done';
import { currencyColumn } from './find-payout-parts';
import { postPayoutMoves } from './payout-run-records';

// Settling payouts on their way (docs/decisions/036): paid or failed — by an administrator one at a time
// (mark-payout.ts) or for a whole bank file (mark-run-paid.ts), from the bank's results file
// (import-run-results.ts), or by Stripe's answer to a transfer (send-stripe-transfers.ts). Each payout settles
// once, here, its talent emailed; a run whose payouts are all settled is completed.

export interface SettleContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

export type Settlement = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

// Payouts on their way, settled once each: paid (in transit → paid out) or failed (back to available),
// every talent emailed, in a handful of statements however many (a bank file of ten thousand). Answers how
// many were on their way; the others (settled already, never sent) are left as they are.
export async function settlePayouts({
  tx,
  mailer,
  publicUrl,
  payoutIds,
  settlement,
  audit,
}: Omit<SettleContext, 'db'> & {
  tx: Database;
  payoutIds: readonly string[];
  settlement: Settlement;
  audit?: { actorId: string; ipAddress?: string };
}): Promise<number> {
  if (payoutIds.length === 0) return 0;
  const now = new Date();
  const at = now.toISOString();
  const paid = settlement.status === 'paid';
  const settled = await selectRows(
    tx,
    z.object({
      id: uuidColumn,
      applicant_id: uuidColumn,
      amount_cents: integerColumn,
      currency: currencyColumn,
      is_converted: z.boolean(),
      method_label: z.string().nullable(),
      run_id: uuidColumn,
      name: z.string(),
      email: z.string(),
    }),
    sql`update payouts p
        set status = ${settlement.status}::payout_line_status,
            ${paid ? sql`paid_at = ${at}::timestamptz, reference = ${settlement.reference}` : sql`failed_at = ${at}::timestamptz, failure_reason = ${settlement.reason}`}
        from users u
        where p.id = any(${uuidArray(payoutIds)}::uuid[]) and p.status = 'sent' and u.id = p.applicant_id
        returning p.id, p.applicant_id, p.amount_cents, p.currency, p.method_label, p.run_id, u.name, u.email,
          exists (select 1 from payout_parts pp where pp.payout_id = p.id and pp.rate is not null) as is_converted`,
  );
  if (settled.length === 0) return 0;
  await postPayoutMoves({
    tx,
    payoutIds: settled.map((line) => line.id),
    kind: paid ? 'payout_paid' : 'payout_failed',
    at: now,
  });
  const earningsUrl = `${publicUrl}${paths.applicantEarnings.getHref()}`;
  for (const line of settled) {
    const method = line.method_label ?? 'your payout method';
    const details = { name: line.name, amountCents: line.amount_cents, currency: line.currency, method, earningsUrl };
    await mailer.send(
      line.email,
      settlement.status === 'paid'
        ? payoutSentEmail({ ...details, isConverted: line.is_converted, reference: settlement.reference })
        : payoutFailedEmail({ ...details, reason: settlement.reason }),
      { transaction: tx },
    );
  }
  if (audit) {
    await recordAuditEvents({
      db: tx,
      events: settled.map((line) => ({
        actorId: audit.actorId,
        action: paid ? 'payout.marked_paid' : 'payout.marked_failed',
        targetType: 'payout',
        targetId: line.id,
        details: {
          amount_cents: line.amount_cents,
          currency: line.currency,
          before: { status: 'sent' },
          after:
            settlement.status === 'paid'
              ? { status: 'paid', reference: settlement.reference }
              : { status: 'failed', reason: settlement.reason },
        },
        ipAddress: audit.ipAddress,
      })),
    });
  }
  if (paid) {
    for (const line of settled) {
      // A payout is the talent's, of no company: only platform endpoints hear it.
      await emitWebhookEvent({
        db: tx,
        companyId: null,
        type: 'payout.paid',
        data: {
          payout_id: line.id,
          applicant_id: line.applicant_id,
          currency: line.currency,
          amount: decimalOfMinor(line.amount_cents, line.currency),
        },
      });
    }
  }
  for (const runId of new Set(settled.map((line) => line.run_id))) await completeIfDone({ tx, runId, now });
  return settled.length;
}
