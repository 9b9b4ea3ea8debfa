import { eq } from 'drizzle-orm';
import type { JobAgreements } from '~/shared/agreements';
import type { Database } from '../db/client';
import { jobAgreementSets } from '../db/schema';
import { resolveAgreementTemplates } from '../kernels/agreements/send-offer-agreements';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findJobAgreements, requireCompanyJob } from './find-job-agreements';

// A job's own set of agreements, or (null) back to the company's default set.
export async function updateJobAgreements({
  db,
  companyId,
  actorId,
  ipAddress,
  jobId,
  templates,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  jobId: string;
  templates: string[] | null;
  now?: Date;
}): Promise<JobAgreements> {
  await db.transaction(async (tx) => {
    await requireCompanyJob(tx, companyId, jobId);
    if (templates === null) {
      await tx.delete(jobAgreementSets).where(eq(jobAgreementSets.jobId, jobId));
    } else {
      await resolveAgreementTemplates(tx, companyId, templates, 'templates');
      const values = { templates: [...new Set(templates)], updatedAt: now };
      await tx
        .insert(jobAgreementSets)
        .values({ jobId, ...values })
        .onConflictDoUpdate({ target: jobAgreementSets.jobId, set: values });
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'agreement_settings.updated',
        targetType: 'job',
        targetId: jobId,
        details: { templates },
        ipAddress,
      },
    });
  });
  return findJobAgreements({ db, companyId, jobId });
}
