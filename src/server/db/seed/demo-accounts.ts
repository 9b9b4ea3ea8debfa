import { eq } from 'drizzle-orm';
import { DEMO_ADMIN_EMAIL } from '../../config';
import { users } from '../schema';
import type { DemoSeeder } from './demo-seeder';
import { buildAccount } from './factories';

export const DEMO_PASSWORD = 'tandem-demo-2026';

export const demoAccounts = [
  {
    role: 'company',
    email: 'company@tandem.test',
    name: 'Maya Chen',
    companyName: 'Northwind Outfitters',
    timeZone: 'America/New_York',
  },
  { role: 'applicant', email: 'talent@tandem.test', name: 'Jonas Reyes' },
  { role: 'admin', email: DEMO_ADMIN_EMAIL, name: 'Ada Okafor' },
  // Looks after the demo company (demo-account-manager.ts).
  { role: 'account_manager', email: 'manager@tandem.test', name: 'Priya Sharma', timeZone: 'Europe/London' },
] as const;

// One account per role to sign in with. The demo administrator alone skips the second factor, so the
// demo can be tried without an authenticator app; the platform setting stays as it is for everyone else.
export const demoAccountsSeeder: DemoSeeder = {
  name: 'demo accounts',
  async seed({ db }) {
    let created = 0;
    for (const account of demoAccounts) {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      if (existing) continue;
      await buildAccount(db, {
        role: account.role,
        email: account.email,
        name: account.name,
        password: DEMO_PASSWORD,
        companyName: 'companyName' in account ? account.companyName : undefined,
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
