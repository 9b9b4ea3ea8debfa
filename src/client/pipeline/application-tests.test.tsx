import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId, jobFromInput, testFromInput, testSummaryOf } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationStatuses } from '~/shared/applications';
import { testsContract } from '~/shared/contracts/assessments';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import type { ApplicationDetail } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';
import { attemptTexts } from '~/shared/test-attempts';

// An application's skills tests in the pipeline's drawer: each leads to its review once
// taken, says when answers wait for a grade, and the company assigns another test or a retake.

const typing = testFromInput({ name: 'Typing Speed', type: 'mcq', is_active: true });
const excel = testFromInput({ name: 'Excel Basics', type: 'mixed', is_active: true });
const attemptId = fakeId();

function seed(): { job: ReturnType<typeof jobFromInput>; item: JobApplication; detail: ApplicationDetail } {
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
    status: 'shortlisted',
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
    status: 'shortlisted',
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
      company_name: 'Acme',
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
    test_results: [
      {
        test_id: typing.id,
        test_name: typing.name,
        test_type: typing.type,
        pass_rate: typing.pass_rate,
        attempt: {
          id: attemptId,
          status: 'submitted',
          score: null,
          passed: null,
          submitted_at: now,
          pending_reviews: 2,
        },
      },
    ],
  };
  return { job, item, detail };
}

async function openDrawer(answer?: (server: FakeServer, detail: ApplicationDetail) => void) {
  const { job, item, detail } = seed();
  const server = createFakeServer();
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
  counts.shortlisted = 1;
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
  let current = detail;
  server.on(pipelineContract.get, () => current);
  server.on(testsContract.list, ({ query }) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const items = [typing, excel].filter((test) => test.name.toLowerCase().includes(q)).map(testSummaryOf);
    return { items, total: items.length, page: 1, page_size: 100 };
  });
  server.on(pipelineContract.assignTest, ({ body }) => {
    const testId = body.test_id;
    const test = [typing, excel].find((candidate) => candidate.id === testId);
    if (!test) return replyError(400, 'validation', attemptTexts.testNotAssignable);
    const assigned = { id: fakeId(), status: 'assigned' as const, score: null, passed: null, submitted_at: null };
    current = {
      ...current,
      test_results: [
        ...current.test_results.filter((result) => result.test_id !== testId),
        {
          test_id: test.id,
          test_name: test.name,
          test_type: test.type,
          pass_rate: test.pass_rate,
          attempt: { ...assigned, pending_reviews: 0 },
        },
      ],
    };
    return reply(201, { id: assigned.id });
  });
  answer?.(server, detail);
  const view = await renderRoute(`${paths.companyJob.getHref({ id: job.id })}?application=${detail.id}`, {
    user: companyUser(),
    server,
  });
  const drawer = await screen.findByRole('dialog', { name: 'Application from Grace Hopper' });
  return { ...view, drawer: within(drawer) };
}

const assignments = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/tests'));

describe('An application’s skills tests', () => {
  it('lead to the attempt’s review and say when answers wait for a grade', async () => {
    const { drawer } = await openDrawer();
    expect(await drawer.findByRole('link', { name: 'Typing Speed' })).toHaveAttribute(
      'href',
      paths.companyTestAttempt.getHref({ id: attemptId }),
    );
    expect(drawer.getByText('Needs grading')).toBeInTheDocument();
    expect(drawer.getByText('Waiting for grading')).toBeInTheDocument();
  });

  it('Assign test sends the test chosen, and shows the server’s refusal in the dialog', async () => {
    const { drawer, events, server } = await openDrawer((fake) => {
      let calls = 0;
      fake.on(pipelineContract.assignTest, () => {
        calls += 1;
        return calls === 1 ? replyError(409, 'conflict', attemptTexts.alreadyAssigned) : reply(201, { id: fakeId() });
      });
    });
    await events.click(await drawer.findByRole('button', { name: 'Assign test' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Test' }));

    // Nothing chosen yet: the contract's sentence, and nothing sent.
    await events.click(dialog.getByRole('button', { name: 'Assign Test' }));
    expect(await dialog.findByText('Choose a test to assign.')).toBeInTheDocument();
    expect(assignments(server)).toHaveLength(0);

    // The search narrows the list (debounced).
    await events.type(dialog.getByRole('searchbox', { name: 'Search tests' }), 'excel');
    await expect.poll(() => dialog.queryByRole('radio', { name: 'Typing Speed' })).toBeNull();
    await events.click(dialog.getByRole('radio', { name: 'Excel Basics' }));
    await events.click(dialog.getByRole('button', { name: 'Assign Test' }));
    expect(await dialog.findByText(attemptTexts.alreadyAssigned)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assign Test' })).toBeInTheDocument();
    expect(assignments(server).map((request) => request.body)).toEqual([{ test_id: excel.id }]);
  });

  it('after assigning, says so and shows the test on the application', async () => {
    const { drawer, events, server } = await openDrawer();
    await events.click(await drawer.findByRole('button', { name: 'Assign test' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Test' }));
    await events.click(await dialog.findByRole('radio', { name: 'Excel Basics' }));
    await events.click(dialog.getByRole('button', { name: 'Assign Test' }));

    expect(await screen.findByText(attemptTexts.assigned)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Assign Test' })).not.toBeInTheDocument();
    expect(await drawer.findByRole('link', { name: 'Excel Basics' })).toBeInTheDocument();
    expect(drawer.getByText('Assigned')).toBeInTheDocument();
    expect(assignments(server).map((request) => request.body)).toEqual([{ test_id: excel.id }]);
  });

  it('Allow retake assigns a finished test again', async () => {
    const { drawer, events, server } = await openDrawer();
    await events.click(await drawer.findByRole('button', { name: 'Allow retake of Typing Speed' }));
    expect(await screen.findByText(attemptTexts.assigned)).toBeInTheDocument();
    expect(assignments(server).map((request) => request.body)).toEqual([{ test_id: typing.id }]);
    // The new attempt replaces the finished one on the application.
    expect(await drawer.findByText('Assigned')).toBeInTheDocument();
    expect(drawer.queryByText('Needs grading')).not.toBeInTheDocument();
  });
});
