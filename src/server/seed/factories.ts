import { eq } from 'drizzle-orm';
import type { CompanyRole, Role } from '~/shared/permissions';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createAccount } from '../kernels/identity/create-account';
import { writeOwnTimeZone } from '../kernels/identity/own-time-zones';
import { hashPassword } from '../kernels/identity/passwords';
import { createSession } from '../kernels/identity/sessions';

// Builders for accounts and sessions, shared by the tests, the browser-test endpoints and the demo data.

let sequence = 0;
const nextNumber = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

const DEFAULT_TEST_PASSWORD = 'correct-horse-battery-staple';

export interface AccountOverrides {
  role?: Role;
  email?: string;
  name?: string;
  password?: string | null;
  companyName?: string;
  // A company user: joins this company with this role, instead of founding one of their own.
  company?: { id: string; role: CompanyRole };
  // A company user's role in the company they found (owner unless told).
  companyRole?: CompanyRole;
  emailVerified?: boolean;
  totpSecret?: string;
  twoFactorExempt?: boolean;
  // The IANA zone the person chose (an applicant's goes to their profile, docs/decisions/022).
  timeZone?: string;
}

// Test and demo accounts share one hash per password: argon2 costs ~50 ms an account by design, which
// the demo's 200 applicants and every test's accounts paid again and again. Verification is unchanged.
const fixturePasswordHashes = new Map<string, Promise<string>>();

function fixturePasswordHash(password: string): Promise<string> {
  let passwordHash = fixturePasswordHashes.get(password);
  if (!passwordHash) {
    passwordHash = hashPassword(password);
    fixturePasswordHashes.set(password, passwordHash);
  }
  return passwordHash;
}

export async function buildAccount(db: Database, overrides: AccountOverrides = {}) {
  const role = overrides.role ?? 'applicant';
  const number = nextNumber();
  const password = overrides.password === undefined ? DEFAULT_TEST_PASSWORD : overrides.password;
  const user = await createAccount({
    db,
    accountType: role,
    email: (overrides.email ?? `${role}-${number}@example.test`).toLowerCase(),
    name: overrides.name ?? `Test ${role.replace('_', ' ')} ${number}`,
    passwordHash: password === null ? null : await fixturePasswordHash(password),
    companyName: overrides.companyName ?? (role === 'company' ? `Test Company ${number}` : undefined),
    emailVerified: overrides.emailVerified ?? true,
    joinCompany: overrides.company && { companyId: overrides.company.id, role: overrides.company.role },
    ownRole: overrides.companyRole,
  });
  if (overrides.timeZone) {
    await writeOwnTimeZone({ db, userId: user.id, role, timeZone: overrides.timeZone });
  }
  if (overrides.totpSecret || overrides.twoFactorExempt) {
    const [updated] = await db
      .update(users)
      .set({
        ...(overrides.totpSecret && { totpSecret: overrides.totpSecret, totpEnabledAt: new Date() }),
        ...(overrides.twoFactorExempt && { twoFactorExempt: true }),
      })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated ?? user, password };
  }
  return { user, password };
}

export async function buildSession(db: Database, userId: string) {
  return createSession({ db, userId, ipAddress: '127.0.0.1', userAgent: 'test factory' });
}
