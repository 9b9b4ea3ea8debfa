import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { CurrentUser, SignedOutReason } from '~/shared/auth';
import type { CompanyRole, Role } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import { applicantProfiles, companies, companyMembers, sessions, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth-context';
import { generateToken, hashToken } from '../../platform/secure-tokens';

// However active, a session ends after 30 days; the idle timeout (admin setting) usually ends it first.
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// last_seen_at is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

// The signed-in person as GET /api/auth/me answers.
export function describeSignedIn(auth: AuthContext): CurrentUser {
  return {
    id: auth.user.id,
    email: auth.user.email,
    name: auth.user.name,
    role: auth.user.role,
    email_verified: auth.user.emailVerified,
    has_password: auth.user.hasPassword,
    company: auth.company,
  };
}

export async function createSession({
  db,
  userId,
  ipAddress,
  userAgent,
}: {
  db: Database;
  userId: string;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ token: string; sessionId: string }> {
  const token = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ipAddress: ipAddress ?? null,
      userAgent: userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('The session was not created.');
  const signedInAt = new Date();
  await db.update(users).set({ lastSignInAt: signedInAt }).where(eq(users.id, userId));
  await markApplicantActive(db, userId, signedInAt);
  return { token, sessionId: session.id };
}

// Talent Search's online dot and Recent Activity sort: an applicant seen signed in (no row for others).
const markApplicantActive = (db: Database, userId: string, at: Date) =>
  db.update(applicantProfiles).set({ lastActiveAt: at }).where(eq(applicantProfiles.userId, userId));

// Who a request is signed in as, by a session or by a personal API token (api-tokens/): the user and
// their company, read with users, company_members and companies joined.
export const signedInColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  status: users.status,
  emailVerifiedAt: users.emailVerifiedAt,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  companyId: companies.id,
  companyName: companies.name,
  companyStatus: companies.status,
  companyRole: companyMembers.role,
};

interface SignedInRow {
  userId: string;
  email: string;
  name: string;
  role: Role;
  status: string;
  emailVerifiedAt: Date | null;
  hasPassword: boolean;
  companyId: string | null;
  companyName: string | null;
  companyStatus: string | null;
  companyRole: CompanyRole | null;
}

// The user or their company is suspended: nothing signs them in.
export const isSuspended = (row: SignedInRow) =>
  row.status !== 'active' || (row.companyStatus !== null && row.companyStatus !== 'active');

export function authContextOf(sessionId: string, row: SignedInRow, via: AuthContext['via']): AuthContext {
  return {
    sessionId,
    via,
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      emailVerified: row.emailVerifiedAt !== null,
      hasPassword: row.hasPassword,
    },
    company:
      row.companyId && row.companyName && row.companyRole
        ? { id: row.companyId, name: row.companyName, role: row.companyRole }
        : null,
  };
}

// Every signed-in request reads its session: built and parsed once (db/prepared-statements.ts).
const sessionByTokenHash = preparedStatement((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...signedInColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_session'),
);

// A session ended by a suspension: its row is kept, expired, so every request the tab still sends is told
// why it was signed out (401 'account_suspended'), until the retention run deletes expired sessions.
export interface EndedSession {
  signedOutBecause: SignedOutReason;
}

export const isEndedSession = (value: AuthContext | EndedSession | null): value is EndedSession =>
  value !== null && 'signedOutBecause' in value;

// An administrator is one only while their address is on ADMIN_EMAILS: removing it takes the power away
// from the next request on, not at the next sign-in.
const isUnlistedAdmin = (row: Pick<SignedInRow, 'role' | 'email'>, adminEmails: readonly string[]) =>
  row.role === 'admin' && !adminEmails.includes(row.email.toLowerCase());

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

// Which of these sessions still sign someone in (not revoked, expired or idle past the timeout, the user
// not suspended, an administrator still on ADMIN_EMAILS): live sockets opened by the others are closed.
export async function findLiveSessions({
  db,
  sessionIds,
  idleTimeoutMinutes,
  adminEmails,
  now = new Date(),
}: {
  db: Database;
  sessionIds: string[];
  idleTimeoutMinutes: number;
  adminEmails: readonly string[];
  now?: Date;
}) {
  if (sessionIds.length === 0) return new Set<string>();
  const activeSince = new Date(now.getTime() - idleTimeoutMinutes * 60_000);
  const rows = await db
    .select({ id: sessions.id, role: users.role, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, activeSince),
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.filter((row) => !isUnlistedAdmin(row, adminEmails)).map((row) => row.id));
}

// Ends every live session of these people (a suspension): expired now, kept so their open tabs learn why
// (resolveSession). Returns how many sessions ended, and whose.
export async function endSessionsOf({
  db,
  userIds,
  now = new Date(),
}: {
  db: Database;
  userIds: readonly string[];
  now?: Date;
}): Promise<{ sessionsEnded: number; userIds: string[] }> {
  if (userIds.length === 0) return { sessionsEnded: 0, userIds: [] };
  const ended = await db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(inArray(sessions.userId, [...userIds]), gt(sessions.expiresAt, now)))
    .returning({ userId: sessions.userId });
  return { sessionsEnded: ended.length, userIds: [...new Set(ended.map((row) => row.userId))] };
}

export async function revokeSession({ db, sessionId }: { db: Database; sessionId: string }) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

// Signs a user out everywhere, or everywhere but the session given.
export async function revokeUserSessions({
  db,
  userId,
  exceptSessionId,
}: {
  db: Database;
  userId: string;
  exceptSessionId?: string;
}): Promise<number> {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  const removed = await db.delete(sessions).where(condition).returning({ id: sessions.id });
  return removed.length;
}

export async function listUserSessions({ db, userId }: { db: Database; userId: string }) {
  return db
    .select({
      id: sessions.id,
      ipAddress: sql<string | null>`host(${sessions.ipAddress})`,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}
