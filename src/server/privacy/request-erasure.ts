import { eq } from 'drizzle-orm';
import { DELETION_CONFIRMATION, PRIVACY_REQUEST_DAYS, type PrivacyRequest, privacyTexts } from '~/shared/privacy';
import type { Database } from '../db/client';
import { privacyRequests, users } from '../db/schema';
import { isLastOwnerOfATeam } from '../kernels/identity/company-ownership';
import { verifyPassword } from '../kernels/identity/passwords';
import type { Mailer } from '../mail/mailer';
import { erasureRequestedEmail } from '../mail/templates/erasure-requested';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { emailDay, toPrivacyRequest } from './privacy-request-views';

const DAY_MS = 24 * 60 * 60 * 1000;

// "Delete my account": an erasure request an administrator answers within the month (a person may owe
// invoices, which must be settled first). The password proves it is them; an account that signs in
// through an identity provider has none, and types the confirmation word instead.
export async function requestErasure({
  db,
  mailer,
  userId,
  password,
  confirmation,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  userId: string;
  password?: string;
  confirmation?: string;
  ipAddress?: string;
  now?: Date;
}): Promise<PrivacyRequest> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'Your account no longer exists.');
  if (user.passwordHash) {
    if (!password)
      throw new AppError('validation', privacyTexts.passwordRequired, { password: privacyTexts.passwordRequired });
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('validation', privacyTexts.wrongPassword, { password: privacyTexts.wrongPassword });
    }
  } else if (confirmation?.trim().toUpperCase() !== DELETION_CONFIRMATION) {
    throw new AppError('validation', privacyTexts.confirmationRequired, {
      confirmation: privacyTexts.confirmationRequired,
    });
  }

  if (await isLastOwnerOfATeam(db, userId)) throw new AppError('conflict', privacyTexts.lastOwner);

  const dueAt = new Date(now.getTime() + PRIVACY_REQUEST_DAYS * DAY_MS);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(privacyRequests)
        .values({ userId, kind: 'erasure', status: 'pending', dueAt, createdAt: now })
        .returning();
      if (!row) throw new Error('The privacy request was not stored.');
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: userId,
          action: 'privacy.erasure_requested',
          targetType: 'privacy_request',
          targetId: row.id,
          details: { due_at: dueAt.toISOString() },
          ipAddress,
        },
      });
      await mailer.send(user.email, erasureRequestedEmail({ name: user.name, dueDay: emailDay(dueAt) }), {
        transaction: tx,
      });
      return toPrivacyRequest(row, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, ['privacy_requests_one_pending_per_kind'])) {
      throw new AppError('conflict', privacyTexts.alreadyPending);
    }
    throw error;
  }
}
