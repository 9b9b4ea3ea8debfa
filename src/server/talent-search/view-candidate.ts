import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import { type CandidateProfile, talentTexts } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { testAttempts, tests } from '../db/schema';
import { findCandidate } from '../kernels/profiles/candidate-views';
import { loadProfileBackground } from '../kernels/profiles/profile-background';
import { AppError } from '../platform/errors';

// The most a profile lists; a candidate with more shows the latest.
const PASSED_TESTS_SHOWN = 50;

// A candidate's full profile as a company sees it from Talent Search: the card's fields, the background lists, and the tests
// the candidate passed that the company may see, the platform's public ones and its own, latest first.
export async function viewCandidate({
  db,
  companyId,
  applicantId,
}: {
  db: Database;
  companyId: string;
  applicantId: string;
}): Promise<CandidateProfile> {
  const candidate = await findCandidate({ db, companyId, applicantId });
  if (!candidate) throw new AppError('not_found', talentTexts.notFound);
  const [passed, background] = await Promise.all([
    db
      .select({
        id: tests.id,
        name: tests.name,
        type: tests.type,
        score: testAttempts.score,
        gradedAt: testAttempts.gradedAt,
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(
        and(
          eq(testAttempts.applicantId, applicantId),
          eq(testAttempts.status, 'graded'),
          eq(testAttempts.passed, true),
          isNotNull(testAttempts.gradedAt),
          or(eq(tests.isPublic, true), eq(tests.companyId, companyId)),
        ),
      )
      .orderBy(desc(testAttempts.gradedAt))
      .limit(PASSED_TESTS_SHOWN),
    loadProfileBackground({ db, applicantId }),
  ]);
  return {
    ...candidate,
    ...background,
    passed_tests: passed.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      score: row.score ?? 0,
      passed_at: (row.gradedAt ?? new Date(0)).toISOString(),
    })),
  };
}
