import { and, eq } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import { payouts } from '../db/schema';
import { AppError } from '../platform/errors';
import { lockRun } from './payout-run-records';
import { type SettleContext, settlePayouts } from './settle-payouts';

// Every bank-file payout of the run still on its way, paid with the batch's reference.
export async function markRunPaid({
  runId,
  reference,
  ...context
}: SettleContext & { actorId: string; ipAddress?: string; runId: string; reference: string }): Promise<void> {
  await context.db.transaction(async (tx) => {
    await lockRun({ tx, runId });
    const lines = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.runId, runId), eq(payouts.status, 'sent'), eq(payouts.provider, 'bank_file')));
    if (lines.length === 0) throw new AppError('conflict', payoutTexts.nothingToMark);
    await settlePayouts({
      ...context,
      tx,
      payoutIds: lines.map((line) => line.id),
      settlement: { status: 'paid', reference },
      audit: context,
    });
  });
}
