import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export async function updateProfile({ db, userId, name }: { db: Database; userId: string; name: string }) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
  await recordAuditEvent({
    db,
    event: {
      actorId: userId,
      action: 'account.profile_updated',
      targetType: 'user',
      targetId: userId,
      details: { name },
    },
  });
}
