import { and, eq } from 'drizzle-orm';
import { type AdminPrivacyRequest, privacyTexts } from '~/shared/privacy';
import type { Database } from '../db/client';
import { privacyRequests, users } from '../db/schema';
import { anonymizeAccountRecords } from '../kernels/identity/anonymize-account';
import { isLastOwnerOfATeam } from '../kernels/identity/company-ownership';
import type { Mailer } from '../mail/mailer';
import { accountDeletedEmail } from '../mail/templates/account-deleted';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';
import { toPrivacyRequest } from './privacy-request-views';

// Loads a request for processing, locked: two administrators clicking at once process it once.
export async function lockPendingRequest(tx: Database, requestId: string) {
  const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, requestId)).for('update');
  if (!row) throw new AppError('not_found', privacyTexts.requestNotFound);
  if (row.status !== 'pending') throw new AppError('conflict', privacyTexts.notPending);
  return row;
}

// An administrator completes an erasure request: the person is told (at the address they still have),
// then anonymised in the same transaction (account/anonymize-account.ts says what goes and what is
// kept), and the request is closed.
export async function completeErasure({
  db,
  mailer,
  requestId,
  actorId,
  ipAddress,
  files,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  requestId: string;
  actorId: string;
  ipAddress?: string;
  files: FileStore;
  now?: Date;
}): Promise<Pick<AdminPrivacyRequest, 'id' | 'status' | 'processed_at'>> {
  const { removed, request } = await db.transaction(async (tx) => {
    const pending = await lockPendingRequest(tx, requestId);
    if (pending.kind !== 'erasure') throw new AppError('conflict', privacyTexts.notPending);
    // Colleagues may have joined since the request: the company still needs another owner first.
    if (await isLastOwnerOfATeam(tx, pending.userId)) {
      throw new AppError('conflict', privacyTexts.lastOwnerForAdministrators);
    }
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, pending.userId));
    const removed = await anonymizeAccountRecords({ tx, userId: pending.userId, actorId, ipAddress });
    const [request] = await tx
      .update(privacyRequests)
      .set({ status: 'completed', processedAt: now, processedById: actorId })
      .where(and(eq(privacyRequests.id, requestId), eq(privacyRequests.status, 'pending')))
      .returning();
    if (!request) throw new AppError('conflict', privacyTexts.notPending);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'privacy.erasure_completed',
        targetType: 'privacy_request',
        targetId: requestId,
        details: { user_id: pending.userId, before: { status: 'pending' }, after: { status: 'completed' } },
        ipAddress,
      },
    });
    // Sent after the anonymisation cleared the mail log of them: this goodbye is the only mail to the
    // old address left, and only until it has gone out (the retention job clears sent mail).
    if (user) {
      await mailer.send(user.email, accountDeletedEmail(), { transaction: tx });
    }
    return { removed, request };
  });
  await files.forget(removed.fileIds);
  const view = toPrivacyRequest(request, now);
  return { id: view.id, status: view.status, processed_at: view.processed_at };
}
