import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { AuthContext } from '../../platform/auth-context';
import { hashToken } from '../../platform/secure-tokens';
import { endSessionsOf } from './end-sessions-of';
import { markApplicantActive } from './mark-applicant-active';
import {
  authContextOf,
  type EndedSession,
  isSuspended,
  isUnlistedAdmin,
  sessionByTokenHash,
  TOUCH_INTERVAL_MS,
} from './sessions';

// The signed-in person behind a session cookie, or null when the session is unknown, expired, idle
// for longer than the timeout, or an administrator's whose address left ADMIN_EMAILS (then the session
// is deleted). A session whose user or company is suspended answers why, and is ended rather than
// deleted (endSessionsOf below): a company activated again does not bring its old sessions back.
export async function resolveSession({
  db,
  token,
  idleTimeoutMinutes,
  adminEmails,
}: {
  db: Database;
  token: string;
  idleTimeoutMinutes: number;
  adminEmails: readonly string[];
}): Promise<AuthContext | EndedSession | null> {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;

  const now = Date.now();
  if (isSuspended(row)) {
    if (row.expiresAt.getTime() > now) await endSessionsOf({ db, userIds: [row.userId], now: new Date(now) });
    return { signedOutBecause: row.status === 'active' ? 'company_suspended' : 'account_suspended' };
  }
  const isIdle = now - row.lastSeenAt.getTime() > idleTimeoutMinutes * 60_000;
  if (isIdle || row.expiresAt.getTime() <= now || isUnlistedAdmin(row, adminEmails)) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
    if (row.role === 'applicant') await markApplicantActive(db, row.userId, new Date(now));
  }
  return authContextOf(row.sessionId, row, 'session');
}
