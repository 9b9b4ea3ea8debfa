import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type AdminTestDetail, type adminCreateTestSchema, adminTestTexts, PLATFORM_OWNER } from '~/shared/admin-tests';
import type { Database } from '../db/client';
import { companies, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { createTest } from './create-test';
import { getAdminTest } from './get-admin-test';
import { ensurePlatformOrganisation } from './platform-organisation';

async function findCompanyOwner(db: Database, companyId: string): Promise<string> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw new AppError('not_found', adminTestTexts.ownerNotFound, { owner: adminTestTexts.ownerNotFound });
  return company.id;
}

// Create New Test on /admin/tests: the company builder's createTest (its rules, draft defaults, audit row)
// for the owner the administrator picks. A platform test is public to every company, as the platform's
// assessments are.
export async function createAdminTest({
  db,
  actorId,
  input,
  ipAddress,
}: {
  db: Database;
  actorId: string;
  input: z.output<typeof adminCreateTestSchema>;
  ipAddress?: string;
}): Promise<AdminTestDetail> {
  const { owner, ...fields } = input;
  const isPlatform = owner === PLATFORM_OWNER;
  return db.transaction(async (transaction) => {
    const companyId = isPlatform
      ? await ensurePlatformOrganisation(transaction)
      : await findCompanyOwner(transaction, owner);
    const test = await createTest({
      db: transaction,
      companyId,
      actorId,
      fields: { ...fields, is_public: false },
      ipAddress,
    });
    if (isPlatform) await transaction.update(tests).set({ isPublic: true }).where(eq(tests.id, test.id));
    return getAdminTest({ db: transaction, testId: test.id, actorId });
  });
}
