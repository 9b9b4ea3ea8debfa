import { applicationStatuses } from '~/shared/application-statuses';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import type { ApplicationDetail } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';
import { fakeId, jobFromInput } from './data-generators';
import type { FakeServer } from './fake-server';

// One interviewing application on one job, answered by the fake server: the job page with its drawer open
// at `path`. The drawer's own parts (notes, scorecards) are the tests' to answer.
export function seedApplicationDrawer(server: FakeServer, overrides: Partial<ApplicationDetail> = {}) {
  const job = jobFromInput({ title: 'Support Lead', status: 'open' }, { applications_count: 1 });
  const id = fakeId();
  const now = new Date().toISOString();
  const item: JobApplication = {
    id,
    job_id: job.id,
    job_title: job.title,
    applicant_id: fakeId(),
    applicant_name: 'Grace Hopper',
    applicant_headline: null,
    status: 'interviewing',
    proposal_rate: null,
    proposal_price_cents: null,
    currency: 'USD',
    created_at: now,
    is_new: false,
    average_rating: null,
    rating_count: 0,
    test_state: 'none',
    source: 'tandem',
    referrer_name: null,
    interview_stage_id: null,
  };
  const detail: ApplicationDetail = {
    id,
    status: 'interviewing',
    interview_stage_id: null,
    job: {
      id: job.id,
      title: job.title,
      status: 'open',
      openings: 1,
      engagement_type: 'hourly',
      budget_total_cents: null,
      weekly_hours: 40,
      start_date: null,
      company_name: job.company_name,
      interview_stages: [],
    },
    applicant: {
      id: item.applicant_id,
      name: 'Grace Hopper',
      email: 'grace@example.test',
      headline: null,
      summary: null,
      hourly_rate: null,
      skills: [],
      experience_level: null,
      availability: null,
      region: null,
      location: null,
      timezone: null,
      photo_url: null,
      cv: null,
      ...emptyProfileBackground,
    },
    cover_letter: 'Hello.',
    proposal_rate: null,
    proposal_price_cents: null,
    currency: 'USD',
    proposal_milestones: null,
    screening_answers: [],
    attachments: [],
    created_at: now,
    updated_at: now,
    source: 'tandem',
    referrer_name: null,
    history: [{ status: 'submitted', at: now, by_name: null, note: null, interview_stage: null }],
    rejection_reason: null,
    offer: null,
    hired_at: null,
    assignment_id: null,
    notes: [],
    rating: { mine: null, average: null, count: 0 },
    test_results: [],
    ...overrides,
  };
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
  counts.interviewing = 1;
  server.on(jobsContract.get, () => job);
  server.on(jobsContract.applications, () => ({
    items: [item],
    total: 1,
    page: 1,
    page_size: 20,
    counts,
    interview_stage_counts: {},
    new_count: 0,
  }));
  server.on(pipelineContract.get, () => detail);
  return { job, detail, path: `${paths.companyJob.getHref({ id: job.id })}?application=${detail.id}` };
}
