import { and, eq, isNull } from 'drizzle-orm';
import { payoutTexts, type TalentBalanceRow } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutHolds } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findTalentBalance } from './find-talent-balance';

// Releasing an administrator's hold on a talent's payouts (place-payout-hold.ts), with a reason: the next run
// pays them again.
export async function releasePayoutHold({
  db,
  actorId,
  holdId,
  reason,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  holdId: string;
  reason: string;
  ipAddress?: string;
}): Promise<TalentBalanceRow> {
  const applicantId = await db.transaction(async (tx) => {
    const [released] = await tx
      .update(payoutHolds)
      .set({ releasedAt: new Date(), releasedBy: actorId, releaseReason: reason })
      .where(and(eq(payoutHolds.id, holdId), isNull(payoutHolds.releasedAt)))
      .returning();
    if (!released) throw new AppError('not_found', payoutTexts.holdNotFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payout_hold.released',
        targetType: 'user',
        targetId: released.applicantId,
        details: {
          hold_id: holdId,
          before: { on_hold: true, reason: released.reason },
          after: { on_hold: false, reason },
        },
        ipAddress,
      },
    });
    return released.applicantId;
  });
  return findTalentBalance({ db, applicantId });
}
