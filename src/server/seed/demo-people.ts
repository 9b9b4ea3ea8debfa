import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyMembers, users } from '../db/schema';
import { demoAccounts } from './demo-accounts';

const demoCompanyEmail = demoAccounts.find((account) => account.role === 'company')?.email ?? '';
const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';

// The demo company (its id, and its owner who acts for it) and the demo talent, as the accounts seeder made
// them; undefined before it ran.
export async function findDemoCompanyAndTalent(
  db: Database,
): Promise<{ company: { companyId: string; userId: string }; talent: { id: string } } | undefined> {
  const [company] = await db
    .select({ companyId: companyMembers.companyId, userId: users.id })
    .from(users)
    .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(users.email, demoCompanyEmail));
  const [talent] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoTalentEmail));
  return company && talent ? { company, talent } : undefined;
}
