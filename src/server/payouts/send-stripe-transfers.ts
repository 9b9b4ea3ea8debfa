import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencies } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { type ConnectProvider, TransientPayoutError } from './payout-provider';
import { type SettleContext, settlePayouts } from './settle-payouts';

// The Stripe transfers of a run's payouts on their way, each in the payout's currency (its method's, the
// one the talent chose for their connected account). Each is sent with the payout's id as Stripe's
// idempotency key, so a retry after a lost answer never pays twice; a transfer Stripe could not be asked
// about stays on its way, and the job is retried.
export async function sendStripeTransfers({
  db,
  mailer,
  publicUrl,
  connect,
  runId,
}: SettleContext & { connect: ConnectProvider | null; runId: string }): Promise<void> {
  const lines = await selectRows(
    db,
    z.object({
      id: uuidColumn,
      amount_cents: integerColumn,
      currency: z.enum(currencies),
      account: z.string().nullable(),
    }),
    sql`select p.id, p.amount_cents, p.currency, m.stripe_account_id as account
        from payouts p left join payout_methods m on m.id = p.method_id
        where p.run_id = ${runId} and p.status = 'sent' and p.provider = 'stripe'`,
  );
  let unknown = 0;
  for (const line of lines) {
    const outcome =
      connect && line.account
        ? await connect
            .transfer({
              payoutId: line.id,
              amountCents: line.amount_cents,
              currency: line.currency,
              destination: line.account,
              runId,
            })
            .catch((error: unknown) => {
              if (error instanceof TransientPayoutError) return null;
              throw error;
            })
        : ({ status: 'failed', reason: payoutTexts.connectUnavailable } as const);
    if (!outcome) {
      unknown += 1;
      continue;
    }
    await db.transaction((tx) => settlePayouts({ tx, mailer, publicUrl, payoutIds: [line.id], settlement: outcome }));
  }
  if (unknown > 0) throw new TransientPayoutError(`${unknown} Stripe transfers of run ${runId} are still unknown.`);
}
