import { and, count, eq, isNull } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutMethods } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { ownMethod } from './payout-method-records';

// A method removed (kept, marked removed, for the payouts that went to it); the default goes last.
export async function removePayoutMethod({
  db,
  applicantId,
  methodId,
  ipAddress,
}: {
  db: Database;
  applicantId: string;
  methodId: string;
  ipAddress?: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownMethod(tx, applicantId, methodId);
    const [others] = await tx
      .select({ total: count() })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)));
    // The default goes last: a person with other methods chooses which is paid next.
    if (row.isDefault && (others?.total ?? 0) > 1) throw new AppError('conflict', payoutTexts.removeDefaultFirst);
    await tx.update(payoutMethods).set({ removedAt: new Date(), isDefault: false }).where(eq(payoutMethods.id, row.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.removed',
        targetType: 'payout_method',
        targetId: row.id,
        details: { label: row.label },
        ipAddress,
      },
    });
  });
}
