import type { ApplicationRating } from '~/shared/pipeline';
import type { Database } from '../db/client';
import { applicationRatings } from '../db/schema';
import { findCompanyApplication } from '../kernels/hiring/application-scope';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadApplicationRating } from './get-application';

// A reviewer's 1–5 stars for an application: one rating per reviewer, which they may change. Answers
// with their rating and everyone's average.
export async function rateApplication({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  rating,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  rating: number;
  now?: Date;
}): Promise<ApplicationRating> {
  const application = await findCompanyApplication({ db, companyId, id });
  await db.transaction(async (tx) => {
    await tx
      .insert(applicationRatings)
      .values({ applicationId: application.id, reviewerId: actorId, rating, updatedAt: now })
      .onConflictDoUpdate({
        target: [applicationRatings.applicationId, applicationRatings.reviewerId],
        set: { rating, updatedAt: now },
      });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'application.rated',
        targetType: 'application',
        targetId: application.id,
        details: { rating, job_id: application.jobId },
        ipAddress,
      },
    });
  });
  return loadApplicationRating({ db, applicationId: application.id, viewerId: actorId });
}
