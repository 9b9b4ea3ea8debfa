import { eq } from 'drizzle-orm';
import { isBillingCurrency } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { companies, companyMembers } from '../../db/schema';

// The company a user belongs to (one at most, docs/decisions/032), and their role in it.
export async function findUserCompany({ db, userId }: { db: Database; userId: string }) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, role: companyMembers.role, currency: companies.billingCurrency })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return company ? { ...company, currency: isBillingCurrency(company.currency) ? company.currency : 'USD' } : null;
}
