// The people commands of `npm run ops` (scripts/ops.ts): find someone, suspend or reactivate them, end their
// sessions. Each takes the database, so the tests call them as the command does. The operator is no user:
// the audit rows they leave have no actor, and say they came from this command.
import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { containingPattern } from '../../src/server/db/like-pattern';
import { companies, companyMembers, users } from '../../src/server/db/schema';
import { revokeUserSessions } from '../../src/server/kernels/identity/revoke-user-sessions';
import { setApplicantStatus } from '../../src/server/kernels/identity/set-applicant-status';
import { recordAuditEvent } from '../../src/server/platform/record-audit-event';
import { normalizeEmail } from '../../src/shared/auth';
import { OpsInputError } from './ops-input-error';

// What an audit row's details say of where the change came from.
export const OPS_SOURCE = 'ops command';

export interface FoundUser {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  company: string | null;
  lastSignInAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const selectUsers = (db: Database) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      company: companies.name,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId));

// People whose address or name holds the fragment (or whose id it is), most recently signed in first.
export async function findUsers({
  db,
  fragment,
  limit = 20,
}: {
  db: Database;
  fragment: string;
  limit?: number;
}): Promise<FoundUser[]> {
  const text = fragment.trim();
  if (text === '') throw new OpsInputError('Give part of an email address or a name to look for.');
  const pattern = containingPattern(text);
  const condition: SQL | undefined = UUID.test(text)
    ? eq(users.id, text)
    : or(ilike(users.email, pattern), ilike(users.name, pattern));
  // Never signed in last: PostgreSQL puts nulls first in a descending order.
  return selectUsers(db).where(condition).orderBy(sql`${users.lastSignInAt} desc nulls last`, users.email).limit(limit);
}

// One person, by id or by email address (as stored: lower-cased).
export async function findUser({ db, who }: { db: Database; who: string }): Promise<FoundUser> {
  const text = who.trim();
  if (text === '') throw new OpsInputError('Name the person by email address or id.');
  const [user] = await selectUsers(db)
    .where(UUID.test(text) ? eq(users.id, text) : eq(users.email, normalizeEmail(text)))
    .limit(1);
  if (!user) throw new OpsInputError(`No user has the ${UUID.test(text) ? 'id' : 'email address'} ${text}.`);
  return user;
}

export interface StatusChange {
  user: FoundUser;
  changed: boolean;
  sessionsEnded: number;
}

// Applicant Management's Suspend and Activate for one applicant (admin-applicants/apply-applicant-bulk-action.ts),
// with the same effects and audit rows: suspended, they are signed out at once (their tabs learn why on their
// next request) and leave Talent Search; either way an unchanged status leaves no trace. Other accounts are
// not suspended one by one on the admin screens either, and the sentence says what to do instead.
export async function setUserStatus({
  db,
  who,
  status,
  reason,
}: {
  db: Database;
  who: string;
  status: 'active' | 'suspended';
  reason?: string;
}): Promise<StatusChange> {
  const user = await findUser({ db, who });
  if (user.role !== 'applicant') {
    const instead =
      user.role === 'company'
        ? 'suspend their company in Company Management, or end their sessions with `ops sessions end`'
        : user.role === 'admin'
          ? 'take the address off ADMIN_EMAILS and end their sessions with `ops sessions end`'
          : 'end their sessions with `ops sessions end`';
    throw new OpsInputError(
      `${user.email} is a ${user.role.replace('_', ' ')} account; only applicants are suspended one by one: ${instead}.`,
    );
  }
  if (user.status === status) return { user, changed: false, sessionsEnded: 0 };
  const { sessionsEnded } = await setApplicantStatus({
    db,
    applicant: user,
    status,
    actorId: null,
    details: { ...(reason && { reason }), by: OPS_SOURCE },
  });
  return { user: { ...user, status }, changed: true, sessionsEnded };
}

// Signs the person out everywhere (kernels/identity/revoke-user-sessions.ts): every session of theirs is gone,
// and their open tabs are signed out on their next request.
export async function endUserSessions({
  db,
  who,
}: {
  db: Database;
  who: string;
}): Promise<{ user: FoundUser; sessionsEnded: number }> {
  const user = await findUser({ db, who });
  const sessionsEnded = await db.transaction(async (tx) => {
    const count = await revokeUserSessions({ db: tx, userId: user.id });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: null,
        action: 'auth.sessions_revoked',
        targetType: 'user',
        targetId: user.id,
        details: { count, by: OPS_SOURCE },
      },
    });
    return count;
  });
  return { user, sessionsEnded };
}
