import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type adminCreateJobSchema, adminJobTexts } from '~/shared/admin-jobs';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../platform/errors';
import { createJob } from './create-job';

// Create Job on /admin/jobs: the company's own createJob (its rules, draft defaults, audit row), for
// the company the administrator chose, with the administrator as the actor.
export async function createAdminJob({
  db,
  actor,
  input,
  ipAddress,
  onPublished,
}: {
  db: Database;
  actor: { id: string; email: string; emailVerified: boolean };
  input: z.output<typeof adminCreateJobSchema>;
  ipAddress?: string;
  onPublished?: (transaction: Database, jobId: string) => Promise<void>;
}) {
  const { company_id: companyId, ...fields } = input;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company)
    throw new AppError('not_found', adminJobTexts.companyNotFound, { company_id: adminJobTexts.companyNotFound });
  return createJob({
    db,
    companyId,
    actorId: actor.id,
    actorEmail: actor.email,
    isActorEmailVerified: actor.emailVerified,
    input: fields,
    ipAddress,
    onPublished,
  });
}
