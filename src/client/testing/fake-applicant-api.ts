import { fakeId } from '~/client/testing/data-generators';
import { fakeApplicantTestsApi } from '~/client/testing/fake-applicant-tests-api';
import { type FakeServer, replyError } from '~/client/testing/fake-server';
import {
  applicantApplicationActions,
  canMoveApplication,
  illegalApplicationMoveMessage,
} from '~/shared/application-statuses';
import { applicationTexts } from '~/shared/application-texts';
import type { ApplicantApplication, ApplicantStats, RecommendedJob } from '~/shared/applications';
import { applicationMoves, applicationsContract } from '~/shared/contracts/applications';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { talentContract } from '~/shared/contracts/talent';
import type { JobListing } from '~/shared/job-board';
import { type ApplicantProfileView, profileCompleteness } from '~/shared/talent';
import { emptyProfileBackground } from '~/shared/talent-background';
import type { ApplicantAttempt } from '~/shared/test-attempts';

// The applicant's side of the API for component tests (/api/applicant/*), answered from memory with the
// same rules as the server: a move the state machine refuses is a 409 with its sentence.

export function applicantApplication(overrides: Partial<ApplicantApplication> = {}): ApplicantApplication {
  const at = new Date().toISOString();
  return {
    id: fakeId(),
    job_id: fakeId(),
    job_title: 'Support Engineer',
    company_name: 'Acme',
    status: 'submitted',
    created_at: at,
    updated_at: at,
    proposal_rate: 40,
    proposal_price_cents: null,
    proposal_milestones: null,
    screening_answers: [],
    attachments: [],
    history: [{ status: 'submitted', at, by: 'applicant', note: null }],
    offer: null,
    rejection_reason: null,
    assignment: null,
    currency: 'USD',
    ...overrides,
  };
}

const moves = {
  withdraw: { to: 'withdrawn', note: null },
  'accept-offer': { to: 'hired', note: null },
  'decline-offer': { to: 'withdrawn', note: applicationTexts.declinedOffer },
} as const;

export function fakeApplicantApi(
  server: FakeServer,
  {
    applications = [],
    savedJobs = [],
    stats,
    recommended = [],
    tests = [],
  }: {
    applications?: ApplicantApplication[];
    savedJobs?: JobListing[];
    stats?: ApplicantStats;
    recommended?: RecommendedJob[];
    // Skills tests (/api/applicant/tests/*), for the dashboard and the Tests tab.
    tests?: ApplicantAttempt[];
  } = {},
) {
  const store = [...applications];
  server.on(applicationsContract.list, ({ query }) => {
    const statuses = (query.get('status') ?? '').split(',').filter(Boolean);
    const items = store.filter((application) => statuses.length === 0 || statuses.includes(application.status));
    const pageSize = Number(query.get('page_size') ?? 20);
    return { items: items.slice(0, pageSize), total: items.length, page: 1, page_size: pageSize };
  });
  for (const action of applicantApplicationActions) {
    server.on(applicationMoves[action], ({ params }) => {
      const application = store.find((candidate) => candidate.id === params.id);
      const move = moves[action];
      if (!application) return replyError(404, 'not_found', applicationTexts.notFound);
      if (!canMoveApplication(application.status, move.to, 'applicant')) {
        return replyError(409, 'conflict', illegalApplicationMoveMessage(application.status, move.to));
      }
      const at = new Date().toISOString();
      application.status = move.to;
      application.history = [...application.history, { status: move.to, at, by: 'applicant', note: move.note }];
      if (move.to === 'hired' && application.offer) {
        const { rate, weekly_hours, start_date } = application.offer;
        application.assignment = {
          id: fakeId(),
          role: application.job_title,
          status: 'pending',
          // A fixed-price offer (a total and milestones) hires for a fixed price.
          engagement_type: rate === null ? 'fixed' : 'hourly',
          rate,
          weekly_hours,
          start_date,
        };
      }
      return application;
    });
  }
  server.on(jobBoardContract.savedJobs, ({ query }) => ({
    items: savedJobs,
    total: savedJobs.length,
    page: 1,
    page_size: Number(query.get('page_size') ?? 20),
  }));
  server.on(applicationsContract.stats, () => ({
    applications: store.length,
    interviews: store.filter((application) => application.status === 'interviewing').length,
    offers: store.filter((application) => application.status === 'offered').length,
    saved_jobs: savedJobs.length,
    active_hours: 0,
    active_assignments: 0,
    ...stats,
  }));
  server.on(applicationsContract.recommendedJobs, () => ({ items: recommended }));
  const emptyPage = () => ({ items: [], total: 0, page: 1, page_size: 5 });
  // The dashboard's Skills & Learning card reads the applicant's own profile.
  server.on(talentContract.ownProfile, () => {
    const view = {
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Ada Lovelace',
      headline: 'React Developer',
      summary: null,
      hourly_rate: 60,
      skills: ['React', 'TypeScript'],
      experience_level: null,
      availability: null,
      region: null,
      location: null,
      timezone: null,
      photo_url: null,
      ...emptyProfileBackground,
    } satisfies ApplicantProfileView;
    return { ...view, completeness: profileCompleteness(view), updated_at: new Date().toISOString() };
  });
  server.on(applicationsContract.messages, emptyPage);
  server.on(applicationsContract.meetings, emptyPage);
  fakeApplicantTestsApi(server, tests);
  return store;
}
