import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { cancelPendingLinks } from '../auth/cancel-pending-links';
import { revokeUserSessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { applicantProfiles, oauthAccounts, recoveryCodes, users } from '../db/schema';
import { deletePhotoFile } from '../talent/photo-files';

export const ANONYMIZED_NAME = 'Removed user';

// Removing a person: the database refuses to delete an account (the audit trail and what they made
// point at it), so its personal data goes instead. The row stays, suspended, with no name, address,
// password, second factor, identity-provider link, session, applicant profile or photo.
export async function anonymizeAccount({
  db,
  userId,
  actorId,
  photosDirectory,
  ipAddress,
}: {
  db: Database;
  userId: string;
  actorId: string | null;
  photosDirectory: string;
  ipAddress?: string;
}) {
  const photoFile = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx
      .update(users)
      .set({
        email: `removed-${userId}@anonymized.invalid`,
        name: ANONYMIZED_NAME,
        status: 'suspended',
        passwordHash: null,
        emailVerifiedAt: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastTimeStep: null,
        twoFactorExempt: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await revokeUserSessions({ db: tx, userId });
    await cancelPendingLinks({ db: tx, userId });
    await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const [profile] = await tx
      .delete(applicantProfiles)
      .where(eq(applicantProfiles.userId, userId))
      .returning({ photoFile: applicantProfiles.photoFile });
    await recordAuditEvent({
      db: tx,
      event: { actorId, action: 'account.anonymized', targetType: 'user', targetId: userId, ipAddress },
    });
    return profile?.photoFile ?? null;
  });
  // After the commit: a rolled-back removal keeps its photo.
  if (photoFile) await deletePhotoFile(photosDirectory, photoFile);
}
