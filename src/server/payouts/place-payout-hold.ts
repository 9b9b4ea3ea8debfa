import { and, eq } from 'drizzle-orm';
import { payoutTexts, type TalentBalanceRow } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutHolds, users } from '../db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findTalentBalance } from './find-talent-balance';

// An administrator's hold on a talent's payouts (a suspicion of fraud, a dispute about the work, a
// compliance check): the talent keeps earning, no run pays them while it is in force. Placed and released
// with a reason, audited with before and after.
// Placing one: the talent's balance as the list shows it, now on hold; one hold at a time per talent.
export async function placePayoutHold({
  db,
  actorId,
  applicantId,
  reason,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  applicantId: string;
  reason: string;
  ipAddress?: string;
}): Promise<TalentBalanceRow> {
  const [talent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
  if (!talent) throw new AppError('not_found', payoutTexts.talentNotFound);
  try {
    await db.transaction(async (tx) => {
      const [hold] = await tx.insert(payoutHolds).values({ applicantId, reason, placedBy: actorId }).returning();
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'payout_hold.placed',
          targetType: 'user',
          targetId: applicantId,
          details: { hold_id: hold?.id ?? null, before: { on_hold: false }, after: { on_hold: true, reason } },
          ipAddress,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, ['payout_holds_one_in_force'])) {
      throw new AppError('conflict', payoutTexts.holdExists);
    }
    throw error;
  }
  return findTalentBalance({ db, applicantId });
}
