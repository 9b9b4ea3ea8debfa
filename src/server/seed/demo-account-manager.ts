import { and, eq, isNull } from 'drizzle-orm';
import { accountManagerProfiles, companies, companyMembers, users } from '../db/schema';
import { demoAccounts } from './demo-accounts';
import type { DemoSeeder } from './demo-seeder';

const demoManagerEmail = demoAccounts.find((account) => account.role === 'account_manager')?.email ?? '';
const demoCompanyEmail = demoAccounts.find((account) => account.role === 'company')?.email ?? '';

// The demo account manager's profile, and the demo company assigned to them, so signing in as
// manager@tandem.test shows a company with its people.
export const demoAccountManagerSeeder: DemoSeeder = {
  name: 'demo account manager',
  async seed({ db }) {
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoManagerEmail));
    if (!manager) return { created: 0 };
    const [profile] = await db
      .select({ userId: accountManagerProfiles.userId })
      .from(accountManagerProfiles)
      .where(eq(accountManagerProfiles.userId, manager.id));
    if (profile) return { created: 0 };
    await db.insert(accountManagerProfiles).values({
      userId: manager.id,
      status: 'active',
      specialties: ['Retail', 'E-commerce', 'Customer Support'],
      bio: 'Helps growing retail brands build and run their remote support teams.',
    });
    const [company] = await db
      .select({ id: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(users.email, demoCompanyEmail));
    if (company) {
      await db
        .update(companies)
        .set({ accountManagerId: manager.id })
        .where(and(eq(companies.id, company.id), isNull(companies.accountManagerId)));
    }
    return { created: 1 };
  },
};
