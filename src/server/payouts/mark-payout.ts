import { eq } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import { payouts } from '../db/schema';
import { AppError } from '../platform/errors';
import { type SettleContext, type Settlement, settlePayouts } from './settle-payouts';

// One payout marked by an administrator (the bank's answer for one line).
export async function markPayout({
  payoutId,
  settlement,
  ...context
}: SettleContext & { actorId: string; ipAddress?: string; payoutId: string; settlement: Settlement }): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [line] = await tx
      .select({ status: payouts.status })
      .from(payouts)
      .where(eq(payouts.id, payoutId))
      .for('update');
    if (!line) throw new AppError('not_found', payoutTexts.payoutNotFound);
    const settled = await settlePayouts({ ...context, tx, payoutIds: [payoutId], settlement, audit: context });
    if (settled === 0) throw new AppError('conflict', payoutTexts.payoutNotInTransit);
  });
}
