import type { Database } from '../db/client';
import { revokeUserSessions } from '../kernels/identity/revoke-user-sessions';
import { recordAuditEvent } from '../platform/record-audit-event';

// Account › Sessions › Sign out other sessions: every session of the person ends but the one they
// asked from. Returns how many ended.
export async function signOutOtherSessions({
  db,
  actorId,
  sessionId,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  sessionId: string;
  ipAddress?: string;
}): Promise<number> {
  const count = await revokeUserSessions({ db, userId: actorId, exceptSessionId: sessionId });
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'auth.sessions_revoked',
      targetType: 'user',
      targetId: actorId,
      details: { count },
      ipAddress,
    },
  });
  return count;
}
