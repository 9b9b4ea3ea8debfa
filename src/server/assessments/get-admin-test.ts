import { eq } from 'drizzle-orm';
import type { AdminTestDetail } from '~/shared/admin-tests';
import { testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { companies, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { getTest } from './get-test';
import { isPlatformCompany } from './platform-organisation';

// Whose test it is: the administrator acts through the company's own test functions, scoped by it.
async function findTestOwner({ db, testId }: { db: Database; testId: string }) {
  const [owner] = await db
    .select({
      companyId: tests.companyId,
      companyName: companies.name,
      isPlatform: isPlatformCompany,
      name: tests.name,
    })
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .where(eq(tests.id, testId));
  if (!owner) throw new AppError('not_found', testTexts.notFound);
  return { ...owner, isPlatform: Boolean(owner.isPlatform) };
}

// One test with its questions, as the read-only view shows it.
export async function getAdminTest({
  db,
  testId,
  actorId,
}: {
  db: Database;
  testId: string;
  actorId: string;
}): Promise<AdminTestDetail> {
  const owner = await findTestOwner({ db, testId });
  const test = await getTest({ db, companyId: owner.companyId, userId: actorId, testId });
  return { ...test, company_id: owner.companyId, company_name: owner.companyName, is_platform: owner.isPlatform };
}
