import { eq } from 'drizzle-orm';
import type { CompanyRole, Role } from '~/shared/permissions';
import { DEMO_ADMIN_EMAIL } from '../config';
import type { Database } from '../db/client';
import { companyMembers, users } from '../db/schema';
import type { DemoSeeder } from './demo-seeder';
import { buildAccount } from './factories';

export const DEMO_PASSWORD = 'tandem-demo-2026';

// The demo company is a team of three (docs/decisions/032): its owner founds it, the other two join it,
// each in a role of their own, so each role's view of the portal can be tried.
export const demoAccounts = [
  {
    role: 'company',
    email: 'company@tandem.test',
    name: 'Maya Chen',
    companyName: 'Northwind Outfitters',
    timeZone: 'America/New_York',
    label: 'company owner',
  },
  {
    role: 'company',
    email: 'hiring@tandem.test',
    name: 'Leo Martins',
    joinsAs: 'hiring_manager',
    timeZone: 'America/Chicago',
    label: 'company hiring manager',
  },
  {
    role: 'company',
    email: 'billing@tandem.test',
    name: 'Grace Kim',
    joinsAs: 'billing',
    timeZone: 'America/New_York',
    label: 'company billing',
  },
  { role: 'applicant', email: 'talent@tandem.test', name: 'Jonas Reyes', label: 'applicant' },
  { role: 'admin', email: DEMO_ADMIN_EMAIL, name: 'Ada Okafor', label: 'admin' },
  // Looks after the demo company (demo-account-manager.ts).
  {
    role: 'account_manager',
    email: 'manager@tandem.test',
    name: 'Priya Sharma',
    timeZone: 'Europe/London',
    label: 'account manager',
  },
] as const satisfies ReadonlyArray<{
  role: Role;
  email: string;
  name: string;
  label: string;
  companyName?: string;
  joinsAs?: CompanyRole;
  timeZone?: string;
}>;

// The demo company's owner: the other members join the company they founded.
const demoOwnerEmail = demoAccounts[0].email;

async function companyOf(db: Database, email: string): Promise<string> {
  const [membership] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(users.email, email));
  if (!membership) throw new Error(`The demo account ${email} has no company.`);
  return membership.companyId;
}

// One account per role to sign in with (three for the company, one per role in it). The demo administrator alone skips the second factor, so the
// demo can be tried without an authenticator app; the platform setting stays as it is for everyone else.
export const demoAccountsSeeder: DemoSeeder = {
  name: 'demo accounts',
  async seed({ db }) {
    let created = 0;
    for (const account of demoAccounts) {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      if (existing) continue;
      const joinsAs = 'joinsAs' in account ? account.joinsAs : undefined;
      await buildAccount(db, {
        role: account.role,
        email: account.email,
        name: account.name,
        password: DEMO_PASSWORD,
        companyName: 'companyName' in account ? account.companyName : undefined,
        company: joinsAs && { id: await companyOf(db, demoOwnerEmail), role: joinsAs },
        // The zones they chose (the demo applicant's is in their profile, demo-talent.ts).
        timeZone: 'timeZone' in account ? account.timeZone : undefined,
        emailVerified: true,
        twoFactorExempt: account.role === 'admin',
      });
      created++;
    }
    return { created };
  },
};
