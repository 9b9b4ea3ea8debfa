import { eq } from 'drizzle-orm';
import type { PrivacyRequest } from '~/shared/privacy';
import type { Database } from '../db/client';
import { privacyRequests, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { erasureRejectedEmail } from '../mail/templates/erasure-rejected';
import { recordAuditEvent } from '../platform/record-audit-event';
import { lockPendingRequest } from './complete-erasure';
import { toPrivacyRequest } from './privacy-request-views';

// An administrator refuses a request, saying why (unpaid invoices, say): the person is told and may ask again.
export async function rejectPrivacyRequest({
  db,
  mailer,
  requestId,
  reason,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  requestId: string;
  reason: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const pending = await lockPendingRequest(tx, requestId);
    const [request] = await tx
      .update(privacyRequests)
      .set({ status: 'rejected', reason, processedAt: now, processedById: actorId })
      .where(eq(privacyRequests.id, requestId))
      .returning();
    if (!request) throw new Error('The privacy request vanished while locked.');
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'privacy.request_rejected',
        targetType: 'privacy_request',
        targetId: requestId,
        details: {
          user_id: pending.userId,
          kind: pending.kind,
          before: { status: 'pending' },
          after: { status: 'rejected', reason },
        },
        ipAddress,
      },
    });
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, pending.userId));
    if (user) {
      await mailer.send(user.email, erasureRejectedEmail({ name: user.name, reason }), { transaction: tx });
    }
    return toPrivacyRequest(request, now);
  });
}
