import { and, eq } from 'drizzle-orm';
import { type PayoutMethod, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { emailChange, ownMethod, viewOf } from './payout-method-records';

// Another method becomes the one paid, after a fresh proof; announced by email as an added one is.
export async function makeDefaultPayoutMethod({
  db,
  mailer,
  publicUrl,
  applicantId,
  methodId,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  applicantId: string;
  methodId: string;
  ipAddress?: string;
}): Promise<PayoutMethod> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
    const row = await ownMethod(tx, applicantId, methodId);
    if (row.isDefault) return viewOf(row);
    await tx
      .update(payoutMethods)
      .set({ isDefault: false })
      .where(and(eq(payoutMethods.applicantId, applicantId), eq(payoutMethods.isDefault, true)));
    const [updated] = await tx
      .update(payoutMethods)
      .set({ isDefault: true })
      .where(eq(payoutMethods.id, row.id))
      .returning();
    if (!updated) throw new AppError('not_found', payoutTexts.notFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.made_default',
        targetType: 'payout_method',
        targetId: row.id,
        details: { label: row.label },
        ipAddress,
      },
    });
    await emailChange(tx, { mailer, publicUrl, applicantId, row: updated, change: 'default' });
    return viewOf(updated);
  });
}
