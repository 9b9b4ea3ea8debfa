import { and, eq, ne } from 'drizzle-orm';
import { adminCompanyTexts } from '~/shared/admin-companies';
import type { Database } from '../../db/client';
import { companies, companyMembers } from '../../db/schema';
import { AppError } from '../../platform/errors';

// The members of a suspended (or deleted) company cannot sign in: an administrator took the company
// off the platform (Company Management), whatever the state of each member's own account.
export async function assertCompanyActive({ db, userId }: { db: Database; userId: string }) {
  const [suspended] = await db
    .select({ id: companies.id })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), ne(companies.status, 'active')))
    .limit(1);
  if (suspended) throw new AppError('forbidden', adminCompanyTexts.suspendedCompany);
}
