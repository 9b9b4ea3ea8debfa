import { and, eq } from 'drizzle-orm';
import { talentTexts } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { shortlists, users } from '../db/schema';
import { AppError } from '../platform/errors';

export async function unshortlistCandidate({
  db,
  companyId,
  applicantId,
}: {
  db: Database;
  companyId: string;
  applicantId: string;
}): Promise<{ is_shortlisted: false }> {
  const removed = await db
    .delete(shortlists)
    .where(and(eq(shortlists.companyId, companyId), eq(shortlists.applicantId, applicantId)))
    .returning({ applicantId: shortlists.applicantId });
  if (removed.length === 0) {
    // Nothing to take off: fine for an applicant, but an id naming no applicant is answered as such.
    const [applicant] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
    if (!applicant) throw new AppError('not_found', talentTexts.notFound);
  }
  return { is_shortlisted: false };
}
