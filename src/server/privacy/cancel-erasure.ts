import { and, eq } from 'drizzle-orm';
import { privacyTexts } from '~/shared/privacy';
import type { Database } from '../db/client';
import { privacyRequests, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { erasureCancelledEmail } from '../mail/templates/erasure-cancelled';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

const CANCELLED_BY_USER_REASON = 'Cancelled by the account holder.';

// A person changes their mind while the request waits: it closes (rejected, with the reason saying who
// withdrew it), and the account stays as it is.
export async function cancelErasure({
  db,
  mailer,
  userId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  userId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(privacyRequests)
      .set({ status: 'rejected', reason: CANCELLED_BY_USER_REASON, processedAt: now, processedById: userId })
      .where(
        and(
          eq(privacyRequests.userId, userId),
          eq(privacyRequests.kind, 'erasure'),
          eq(privacyRequests.status, 'pending'),
        ),
      )
      .returning();
    if (!row) throw new AppError('conflict', privacyTexts.noPendingRequest);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: userId,
        action: 'privacy.erasure_cancelled',
        targetType: 'privacy_request',
        targetId: row.id,
        details: { before: { status: 'pending' }, after: { status: 'rejected', reason: CANCELLED_BY_USER_REASON } },
        ipAddress,
      },
    });
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (user) {
      await mailer.send(user.email, erasureCancelledEmail({ name: user.name }), { transaction: tx });
    }
  });
}
