import type { Database } from '../db/client';
import { revokeSession } from '../kernels/identity/revoke-session';
import { recordAuditEvent } from '../platform/record-audit-event';

// Ends this session on the server (the cookie alone would still work if copied).
export async function signOut({
  db,
  sessionId,
  actorId,
  ipAddress,
}: {
  db: Database;
  sessionId: string;
  actorId: string;
  ipAddress?: string;
}) {
  await revokeSession({ db, sessionId });
  await recordAuditEvent({
    db,
    event: { actorId, action: 'auth.signed_out', targetType: 'session', targetId: sessionId, ipAddress },
  });
}
