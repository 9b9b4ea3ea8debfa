import type { CurrentUser, SignInResult } from '~/shared/auth';
import { dashboardPathByRole } from '~/shared/auth';
import type { Database } from '../db/client';
import type { users } from '../db/schema';
import { findUserCompany } from '../kernels/identity/find-user-company';
import { createSession } from '../kernels/identity/sessions';
import { recordAuditEvent } from '../platform/record-audit-event';

export type SignedInUser = typeof users.$inferSelect;

function toCurrentUser(user: SignedInUser, company: CurrentUser['company']): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    company,
  };
}

// A new session for someone who has proved who they are, audited with how they did it. Returns the
// session's token (for the cookie) and the answer: where to go, and who is signed in.
export async function startSession({
  db,
  user,
  method,
  redirectTo,
  ipAddress,
  userAgent,
}: {
  db: Database;
  user: SignedInUser;
  // How they proved it: 'password', 'password+totp', 'registration', a provider's id.
  method: string;
  redirectTo: string | null;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ token: string; result: Extract<SignInResult, { status: 'signed_in' }> }> {
  const { token, sessionId } = await createSession({ db, userId: user.id, ipAddress, userAgent });
  await recordAuditEvent({
    db,
    event: {
      actorId: user.id,
      action: 'auth.signed_in',
      targetType: 'session',
      targetId: sessionId,
      details: { method },
      ipAddress,
    },
  });
  return {
    token,
    result: {
      status: 'signed_in',
      redirect_to: redirectTo ?? dashboardPathByRole[user.role],
      user: toCurrentUser(user, await findUserCompany({ db, userId: user.id })),
    },
  };
}
