import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CurrentUser, SignedOutReason } from '~/shared/auth';
import { isBillingCurrency } from '~/shared/currencies';
import type { CompanyRole, Role } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import { companies, companyMembers, sessions, users } from '../../db/schema';
import type { AuthContext } from '../../platform/auth-context';
import { generateToken, hashToken } from '../../platform/secure-tokens';
import { markApplicantActive } from './mark-applicant-active';

// However active, a session ends after 30 days; the idle timeout (admin setting) usually ends it first.
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// last_seen_at is written at most this often, not on every request.
export const TOUCH_INTERVAL_MS = 60_000;

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
  companyCurrency: companies.billingCurrency,
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
  companyCurrency: string | null;
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
        ? {
            id: row.companyId,
            name: row.companyName,
            role: row.companyRole,
            currency: row.companyCurrency && isBillingCurrency(row.companyCurrency) ? row.companyCurrency : 'USD',
          }
        : null,
  };
}

// Every signed-in request reads its session: built and parsed once (db/prepared-statements.ts).
export const sessionByTokenHash = preparedStatement((db) =>
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
export const isUnlistedAdmin = (row: Pick<SignedInRow, 'role' | 'email'>, adminEmails: readonly string[]) =>
  row.role === 'admin' && !adminEmails.includes(row.email.toLowerCase());

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
