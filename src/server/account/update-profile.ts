import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';

// The actor renames themselves.
export async function updateProfile({
  db,
  actorId,
  name,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  name: string;
  ipAddress?: string;
}) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, actorId));
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'account.profile_updated',
      targetType: 'user',
      targetId: actorId,
      details: { name },
      ipAddress,
    },
  });
}
