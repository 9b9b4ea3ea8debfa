import { and, desc, eq, sql } from 'drizzle-orm';
import { type Shortlist, talentTexts } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { applicantProfiles, shortlists } from '../db/schema';
import { findCandidate, isFindable, selectCandidates, toCandidate } from '../kernels/profiles/candidate-views';
import { AppError } from '../platform/errors';

// A company's shortlist: adding or removing a candidate may be repeated and changes nothing the second
// time. Only candidates a search can find may be added; one who left the search (suspended, or a profile
// emptied) can still be taken off.
export async function shortlistCandidate({
  db,
  companyId,
  actorId,
  applicantId,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  applicantId: string;
}): Promise<{ is_shortlisted: true }> {
  const candidate = await findCandidate({ db, companyId, applicantId });
  if (!candidate) throw new AppError('not_found', talentTexts.notFound);
  await db.insert(shortlists).values({ companyId, applicantId, addedById: actorId }).onConflictDoNothing();
  return { is_shortlisted: true };
}

// The company's shortlisted candidates who can still be found, most recently added first.
export async function findShortlist({
  db,
  companyId,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  page: number;
  pageSize: number;
}): Promise<Shortlist> {
  const onShortlist = and(eq(shortlists.companyId, companyId), isFindable);
  const [rows, [counted]] = await Promise.all([
    selectCandidates(db, companyId)
      .innerJoin(
        shortlists,
        and(eq(shortlists.applicantId, applicantProfiles.userId), eq(shortlists.companyId, companyId)),
      )
      .where(onShortlist)
      .orderBy(desc(shortlists.createdAt), applicantProfiles.userId)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shortlists)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, shortlists.applicantId))
      .where(onShortlist),
  ]);
  return { items: rows.map(toCandidate), total: Number(counted?.total ?? 0), page, page_size: pageSize };
}
