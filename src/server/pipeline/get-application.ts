import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { cvDownloadUrlOf } from '~/shared/applicant-cv';
import { applicationTexts } from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import type { OfferedMilestone } from '~/shared/offered-milestones';
import type { ApplicationDetail, ApplicationRating } from '~/shared/pipeline';
import type { Database } from '../db/client';
import {
  applicantProfiles,
  applicationNotes,
  applicationRatings,
  applications,
  assignments,
  companies,
  jobs,
  jobTests,
  testAttempts,
  tests,
  users,
} from '../db/schema';
import { type ApplicationReader, readerCondition } from '../kernels/hiring/application-scope';
import { loadOfferMilestones, offerViewOf } from '../kernels/hiring/offer-milestones';
import { loadProposalFiles } from '../kernels/hiring/proposal-files';
import { loadProfileBackground } from '../kernels/profiles/profile-background';
import { photoUrlOf } from '../kernels/profiles/profile-views';
import { AppError } from '../platform/errors';
import { findNoteMentions } from './note-mentions';

const centsToDollars = (cents: number | null) => (cents == null ? null : cents / 100);

// The reviewers' ratings of an application: the viewer's own, and everyone's mean and count.
export async function loadApplicationRating({
  db,
  applicationId,
  viewerId,
}: {
  db: Database;
  applicationId: string;
  viewerId: string;
}): Promise<ApplicationRating> {
  const [row] = await db
    .select({
      mine: sql<
        number | null
      >`max(${applicationRatings.rating}) filter (where ${applicationRatings.reviewerId} = ${viewerId})`,
      average: sql<string | null>`round(avg(${applicationRatings.rating}), 1)`,
      count: sql<number>`count(*)::int`,
    })
    .from(applicationRatings)
    .where(eq(applicationRatings.applicationId, applicationId));
  return {
    mine: row?.mine == null ? null : Number(row.mine),
    average: row?.average == null ? null : Number(row.average),
    count: row?.count ?? 0,
  };
}

// One application as the company's reviewers see it (GET /api/applications/:id): the applicant and
// their profile, the cover letter and proposed rate, its history with who moved it, the offer, the
// private notes, the ratings and the results of the job's required tests.
export async function getApplication({
  db,
  reader,
  viewerId,
  id,
}: {
  db: Database;
  reader: ApplicationReader;
  viewerId: string;
  id: string;
}): Promise<ApplicationDetail> {
  const [row] = await db
    .select({
      application: applications,
      job: {
        id: jobs.id,
        title: jobs.title,
        status: jobs.status,
        openings: jobs.openings,
        engagement_type: jobs.engagementType,
        budget_total_cents: jobs.budgetTotalCents,
        weekly_hours: jobs.weeklyHours,
        start_date: jobs.startDate,
        company_name: companies.name,
        interview_stages: jobs.interviewStages,
      },
      currency: companies.billingCurrency,
      applicant: { id: users.id, name: users.name, email: users.email },
      profile: applicantProfiles,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.applicantId))
    .where(and(eq(applications.id, id), readerCondition(reader)));
  if (!row) throw new AppError('not_found', applicationTexts.notFound);
  const { application, job, applicant, profile } = row;

  // Who moved it, and the member whose referral link brought the applicant: named together.
  const actorIds = [
    ...new Set([
      ...application.history.flatMap((entry) => (entry.by ? [entry.by] : [])),
      ...(application.referrerId ? [application.referrerId] : []),
    ]),
  ];
  const [background, actors, notes, rating, required, offerMilestones, [assignment], attachments] = await Promise.all([
    loadProfileBackground({ db, applicantId: applicant.id }),
    actorIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds)),
    db
      .select({
        id: applicationNotes.id,
        body: applicationNotes.body,
        authorId: applicationNotes.authorId,
        authorName: users.name,
        createdAt: applicationNotes.createdAt,
      })
      .from(applicationNotes)
      .innerJoin(users, eq(users.id, applicationNotes.authorId))
      .where(eq(applicationNotes.applicationId, id))
      .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id)),
    loadApplicationRating({ db, applicationId: id, viewerId }),
    db
      .select({ id: tests.id, name: tests.name, type: tests.type, passRate: tests.passRate })
      .from(jobTests)
      .innerJoin(tests, eq(tests.id, jobTests.testId))
      .where(eq(jobTests.jobId, job.id))
      .orderBy(asc(tests.name), asc(tests.id)),
    application.offerStartDate != null && application.offerRateCents == null
      ? loadOfferMilestones(db, [application.id])
      : new Map<string, OfferedMilestone[]>(),
    db.select({ id: assignments.id }).from(assignments).where(eq(assignments.applicationId, application.id)),
    loadProposalFiles(db, [application.id], 'company'),
  ]);
  // Tests the company assigned on this application besides the job's required ones.
  const assignedHere = await db
    .selectDistinct({ id: tests.id, name: tests.name, type: tests.type, passRate: tests.passRate })
    .from(testAttempts)
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .where(eq(testAttempts.applicationId, id));
  const listed = [
    ...required,
    ...assignedHere
      .filter((test) => !required.some((requiredTest) => requiredTest.id === test.id))
      .sort((left, right) => left.name.localeCompare(right.name)),
  ];
  // The applicant's latest attempt at each of those tests, whichever job it was taken for.
  const attempts =
    listed.length === 0
      ? []
      : await db
          .selectDistinctOn([testAttempts.testId], {
            testId: testAttempts.testId,
            id: testAttempts.id,
            status: testAttempts.status,
            score: testAttempts.score,
            passed: testAttempts.passed,
            submittedAt: testAttempts.submittedAt,
            pendingReviews: testAttempts.pendingReviews,
          })
          .from(testAttempts)
          .where(
            and(
              eq(testAttempts.applicantId, applicant.id),
              inArray(
                testAttempts.testId,
                listed.map((test) => test.id),
              ),
            ),
          )
          .orderBy(testAttempts.testId, desc(testAttempts.assignedAt), desc(testAttempts.id));
  const mentionsByNote = await findNoteMentions(
    db,
    notes.map((note) => note.id),
  );
  const attemptByTest = new Map(attempts.map((attempt) => [attempt.testId, attempt]));
  const nameById = new Map(actors.map((actor) => [actor.id, actor.name]));

  const offerTerms = offerViewOf(application, offerMilestones.get(application.id));
  const offer = offerTerms && { ...offerTerms, offered_at: application.offeredAt?.toISOString() ?? null };

  return {
    id: application.id,
    status: application.status,
    interview_stage_id: application.interviewStageId,
    job,
    applicant: {
      id: applicant.id,
      name: applicant.name,
      email: applicant.email,
      headline: profile?.headline ?? null,
      summary: profile?.summary ?? null,
      hourly_rate: centsToDollars(profile?.hourlyRateCents ?? null),
      skills: profile?.skills ?? [],
      experience_level: profile?.experienceLevel ?? null,
      availability: profile?.availability ?? null,
      region: profile?.region ?? null,
      location: profile?.location ?? null,
      timezone: profile?.timezone ?? null,
      photo_url: photoUrlOf(applicant.id, profile?.photoFileId ?? null),
      cv: profile?.cvFileId ? { can_download: true, download_url: cvDownloadUrlOf(applicant.id) } : null,
      ...background,
    },
    cover_letter: application.coverLetter,
    proposal_rate: centsToDollars(application.proposalRateCents),
    proposal_price_cents: application.proposalPriceCents,
    proposal_milestones: application.proposalMilestones,
    currency: currencyOf(row.currency),
    screening_answers: application.screeningAnswers,
    attachments: attachments.get(application.id) ?? [],
    created_at: application.createdAt.toISOString(),
    updated_at: application.updatedAt.toISOString(),
    source: application.source,
    referrer_name: application.referrerId ? (nameById.get(application.referrerId) ?? null) : null,
    history: application.history.map((entry) => ({
      status: entry.status,
      interview_stage: entry.interview_stage ?? null,
      at: entry.at,
      by_name: entry.by ? (nameById.get(entry.by) ?? null) : null,
      note: entry.note ?? null,
    })),
    rejection_reason: application.status === 'rejected' ? application.rejectionReason : null,
    offer,
    hired_at: application.hiredAt?.toISOString() ?? null,
    assignment_id: assignment?.id ?? null,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author_id: note.authorId,
      author_name: note.authorName,
      created_at: note.createdAt.toISOString(),
      mentions: mentionsByNote.get(note.id) ?? [],
    })),
    rating,
    test_results: listed.map((test) => {
      const attempt = attemptByTest.get(test.id);
      return {
        test_id: test.id,
        test_name: test.name,
        test_type: test.type,
        pass_rate: test.passRate,
        attempt: attempt
          ? {
              id: attempt.id,
              status: attempt.status,
              score: attempt.score,
              passed: attempt.passed,
              submitted_at: attempt.submittedAt?.toISOString() ?? null,
              pending_reviews: attempt.pendingReviews,
            }
          : null,
      };
    }),
  };
}
