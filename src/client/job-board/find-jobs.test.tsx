import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toIsoDay } from '~/client/lib/iso-day';
import { pickDayWith } from '~/client/testing/calendar';
import { applicantUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationsContract } from '~/shared/contracts/applications';
import { jobBoardContract } from '~/shared/contracts/job-board';
import {
  type JobListing,
  type JobPosting,
  jobBoardTexts,
  type SubmittedApplication,
  type WaitingTest,
} from '~/shared/job-board';
import { milestoneTexts } from '~/shared/milestones';
import { proposalFileTexts } from '~/shared/proposal-files';
import { paths } from '~/shared/routes';
import { screeningTexts } from '~/shared/screening-questions';

// Find Jobs and the apply dialog (docs/spec/portal-and-public-site.md §2, §4, §5, §8, §9): the cover letter
// rule in the spec's words, the rate, what success and each kind of failure say, the card turning to Applied,
// the save heart, and the debounced search.

function listing(overrides: Partial<JobListing> = {}): JobListing {
  return {
    id: fakeId(),
    title: 'Support Engineer',
    company_name: 'Northwind',
    excerpt: 'Answer customer tickets.',
    engagement_type: 'hourly',
    budget_min: 30,
    budget_max: 45,
    budget_total: null,
    currency: 'USD',
    weekly_hours: 30,
    skill_tags: ['Zendesk', 'English'],
    timezone: 'UTC-05:00',
    status: 'open',
    visibility: 'public',
    published_at: new Date().toISOString(),
    screening_questions: [],
    is_saved: false,
    application: null,
    ...overrides,
  };
}

// /api/applicant/jobs and what a card does, answered from memory; `answer` overrides a call. Applying to a
// job of `waitingTestsOf` assigns its tests, which then wait for the applicant.
function fakeJobBoardApi(
  server: FakeServer,
  jobs: JobListing[],
  waitingTestsOf: ReadonlyMap<string, WaitingTest[]> = new Map(),
) {
  const store = jobs.map((job) => ({ ...job }));
  const find = (id: string | undefined) => store.find((job) => job.id === id);
  server.on(jobBoardContract.findJobs, ({ query }) => ({
    items: store,
    total: store.length,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));
  server.on(jobBoardContract.jobPosting, ({ params }) => {
    const job = find(params.id);
    if (!job) return replyError(404, 'not_found', jobBoardTexts.jobNotFound);
    const { excerpt: _excerpt, ...rest } = job;
    const posting: JobPosting = {
      ...rest,
      description: 'Answer customer tickets.',
      start_date: null,
      closes_on: null,
      applicant_locations: [],
      required_certs: [],
      required_tests: [],
      screening_questions: [],
      waiting_tests: job.application ? (waitingTestsOf.get(job.id) ?? []) : [],
    };
    return posting;
  });
  server.on(jobBoardContract.saveJob, ({ params }) => {
    const job = find(params.id);
    if (job) job.is_saved = true;
    return { job_id: params.id, is_saved: true };
  });
  server.on(jobBoardContract.unsaveJob, ({ params }) => {
    const job = find(params.id);
    if (job) job.is_saved = false;
    return { job_id: params.id, is_saved: false };
  });
  server.on(jobBoardContract.apply, ({ params, body }) => {
    const job = find(params.id);
    const application: SubmittedApplication = {
      id: fakeId(),
      job_id: params.id,
      status: 'submitted',
      cover_letter: body.cover_letter,
      proposal_rate: body.proposal_rate ?? null,
      proposal_price_cents: body.proposal_price_cents ?? null,
      proposal_milestones: body.proposal_milestones?.map((milestone) => ({ description: '', ...milestone })) ?? null,
      screening_answers: [],
      attachments: [],
      created_at: new Date().toISOString(),
      waiting_tests: waitingTestsOf.get(params.id) ?? [],
    };
    if (job) job.application = { id: application.id, status: 'submitted', created_at: application.created_at };
    return reply(201, application);
  });
  // Applying and saving refresh the applicant's own lists and figures too.
  server.fallback(applicationsContract.stats, () => ({
    applications: 0,
    interviews: 0,
    offers: 0,
    saved_jobs: 0,
    active_hours: 0,
    active_assignments: 0,
  }));
  return store;
}

async function openFindJobs(jobs: JobListing[], answer?: (server: FakeServer) => void, path = '') {
  const server = createFakeServer();
  const store = fakeJobBoardApi(server, jobs);
  answer?.(server);
  const view = await renderRoute(`${paths.applicantJobs.getHref()}${path}`, { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.applicantJobs.title });
  return { ...view, store };
}

// The notification area. While the modal dialog is open it is hidden from the accessibility tree (which
// is why the dialog repeats a refusal in its own alert), and a hidden element has no accessible name to
// find it by: it is found by its label.
const notificationArea = () =>
  waitFor(() => {
    const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Notifications (F8)"]');
    if (!region) throw new Error('No notification area yet.');
    return region;
  });

async function findNotification(text: string) {
  return within(await notificationArea()).findByText(text);
}

const applications = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/applications'));

async function openApplyDialog(events: Awaited<ReturnType<typeof openFindJobs>>['events'], title: string) {
  await events.click(await screen.findByRole('button', { name: `${jobBoardTexts.applyNow}: ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: `Apply to ${title}` });
  // The form loads as the dialog opens.
  await within(dialog).findByLabelText('Cover letter');
  return dialog;
}

describe('Find Jobs', () => {
  it('shows each job as a card with its count, budget, hours, skills and when it was posted', async () => {
    await openFindJobs([
      listing({ title: 'Support Engineer', skill_tags: ['Zendesk', 'English', 'SQL', 'Excel', 'Jira', 'Slack'] }),
      listing({
        title: 'Logo design',
        engagement_type: 'fixed',
        budget_min: null,
        budget_max: null,
        budget_total: 800,
      }),
    ]);
    expect(await screen.findByText('2 jobs found')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Support Engineer' });
    expect(within(card).getByText('$30–45/hr')).toBeInTheDocument();
    expect(within(card).getByText('30 hrs/week')).toBeInTheDocument();
    expect(within(card).getByText('Northwind')).toBeInTheDocument();
    expect(within(card).getByText('Today')).toBeInTheDocument();
    expect(within(card).getByText('+1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Logo design' })).getByText('$800 fixed price'),
    ).toBeInTheDocument();
  });

  it('asks for a cover letter in the spec’s words and sends nothing without one', async () => {
    const { events, server } = await openFindJobs([listing()]);
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText(jobBoardTexts.coverLetterRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Cover letter')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Cover letter')).toHaveFocus();
    // Spaces are not a cover letter either.
    await events.type(within(dialog).getByLabelText('Cover letter'), '   ');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText(jobBoardTexts.coverLetterRequired)).toBeInTheDocument();
    expect(applications(server)).toHaveLength(0);
  });

  it('refuses a proposal rate below $1, next to the field', async () => {
    const { events, server } = await openFindJobs([listing()]);
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'I have run support desks for years.');
    await events.type(within(dialog).getByLabelText('Proposal rate (USD per hour, optional)'), '0');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText(jobBoardTexts.proposalRate)).toBeInTheDocument();
    expect(applications(server)).toHaveLength(0);
  });

  it('submits the letter and the rate, says so, and turns the card to Applied, disabled', async () => {
    const { events, server } = await openFindJobs([listing()]);
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), '  I have run support desks for years.  ');
    await events.type(within(dialog).getByLabelText('Proposal rate (USD per hour, optional)'), '42.5');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));

    expect(await findNotification(jobBoardTexts.submitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(applications(server).map((request) => request.body)).toEqual([
      { cover_letter: 'I have run support desks for years.', proposal_rate: 42.5 },
    ]);
    const applied = await screen.findByRole('button', { name: 'Applied to Support Engineer' });
    expect(applied).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Apply Now/ })).not.toBeInTheDocument();
  });

  it('sends no rate when the field is left empty', async () => {
    const { events, server } = await openFindJobs([listing()]);
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await findNotification(jobBoardTexts.submitted);
    expect(applications(server)[0]?.body).toEqual({ cover_letter: 'Hello', proposal_rate: null });
  });

  it('asks the job’s screening questions, each required one before sending, and sends the answers', async () => {
    const questions = [
      { id: fakeId(), question: 'How many tickets do you answer in a day?', required: true },
      { id: fakeId(), question: 'Which help desks have you used?', required: false },
    ];
    const { events, server } = await openFindJobs([listing({ screening_questions: questions })]);
    const dialog = await openApplyDialog(events, 'Support Engineer');
    const group = within(dialog).getByRole('group', { name: screeningTexts.heading });
    await events.type(within(dialog).getByLabelText('Cover letter'), 'I have run support desks for years.');
    await events.type(within(group).getByLabelText('Which help desks have you used? (optional)'), 'Zendesk');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    const daily = within(group).getByLabelText('How many tickets do you answer in a day?');
    expect(await within(group).findByText(screeningTexts.answerRequired)).toBeInTheDocument();
    expect(daily).toHaveAttribute('aria-invalid', 'true');
    expect(daily).toHaveFocus();
    expect(applications(server)).toHaveLength(0);

    await events.type(daily, 'About sixty.');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await findNotification(jobBoardTexts.submitted)).toBeInTheDocument();
    expect(applications(server).map((request) => request.body)).toEqual([
      {
        cover_letter: 'I have run support desks for years.',
        proposal_rate: null,
        screening_answers: [
          { question_id: questions[0]?.id, answer: 'About sixty.' },
          { question_id: questions[1]?.id, answer: 'Zendesk' },
        ],
      },
    ]);
  });

  it('uploads each file chosen at once, lets one be removed, and names the rest in the application', async () => {
    const issued = new Map<string, string>();
    const { events, server } = await openFindJobs([listing()], (fake) =>
      fake.on(jobBoardContract.uploadProposalFile, ({ body, headers }) => {
        const type = (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
        const name = decodeURIComponent(headers['x-file-name'] ?? 'file');
        issued.set(name, fakeId());
        return reply(201, { file_id: issued.get(name) ?? '', name, content_type: type, size: body.size });
      }),
    );
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Samples attached.');
    const input = within(dialog).getByLabelText(`${proposalFileTexts.heading} (optional)`);
    await events.upload(input, [
      new File(['%PDF-1.4 case'], 'Case study.pdf', { type: 'application/pdf' }),
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    ]);
    const attached = await within(dialog).findByRole('list', { name: 'Attached files' });
    await waitFor(() => expect(within(attached).getAllByRole('listitem')).toHaveLength(2));
    await events.click(within(attached).getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(attached).getAllByRole('listitem')).toHaveLength(1);

    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await findNotification(jobBoardTexts.submitted)).toBeInTheDocument();
    const uploads = server.requests.filter((request) => request.path === '/api/applicant/proposal-files');
    expect(uploads.map((request) => request.headers['x-file-name'])).toEqual(['Case%20study.pdf', 'notes.txt']);
    expect(applications(server)[0]?.body).toMatchObject({ attachment_ids: [issued.get('Case study.pdf')] });
  });

  it('shows the server’s reason for a refusal, in the notification and the dialog', async () => {
    const refusal =
      'Confirm your email address to apply to jobs. Open the link we sent to ada@talent.test, or ask for a new one.';
    const { events } = await openFindJobs([listing()], (server) =>
      server.on(jobBoardContract.apply, () => replyError(403, 'forbidden', refusal)),
    );
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await findNotification(jobBoardTexts.submitErrorTitle)).toBeInTheDocument();
    expect(within(await notificationArea()).getByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(refusal);
    // What was typed stays, to send again once the address is confirmed.
    expect(within(dialog).getByLabelText('Cover letter')).toHaveValue('Hello');
  });

  it('says the duplicate in the server’s words', async () => {
    const { events } = await openFindJobs([listing()], (server) =>
      server.on(jobBoardContract.apply, () => replyError(409, 'conflict', jobBoardTexts.alreadyApplied)),
    );
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText(jobBoardTexts.alreadyApplied)).toBeInTheDocument();
  });

  it('shows the spec’s error notification when the server fails', async () => {
    const { events } = await openFindJobs([listing()], (server) =>
      server.on(jobBoardContract.apply, () => replyError(500, 'internal', 'Something went wrong on our side.')),
    );
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await findNotification(jobBoardTexts.submitErrorTitle)).toBeInTheDocument();
    const region = await notificationArea();
    expect(within(region).getByText(jobBoardTexts.submitError)).toBeInTheDocument();
    expect(within(region).queryByText('Something went wrong on our side.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(jobBoardTexts.submitError);
  });

  it('places a field message from the server next to its field', async () => {
    const { events } = await openFindJobs([listing()], (server) =>
      server.on(jobBoardContract.apply, () =>
        replyError(400, 'validation', `proposal_rate: ${jobBoardTexts.proposalRate}`, {
          proposal_rate: jobBoardTexts.proposalRate,
        }),
      ),
    );
    const dialog = await openApplyDialog(events, 'Support Engineer');
    await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
    await events.type(within(dialog).getByLabelText('Proposal rate (USD per hour, optional)'), '50');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText(jobBoardTexts.proposalRate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Proposal rate (USD per hour, optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  describe('a fixed-price job', () => {
    const fixedListing = () =>
      listing({
        title: 'Brand Refresh',
        engagement_type: 'fixed',
        budget_min: null,
        budget_max: null,
        budget_total: 5000,
      });
    const milestoneGroup = (dialog: HTMLElement, number: number) =>
      within(dialog).getByRole('group', { name: `Milestone ${number}` });
    const inDays = (days: number) => {
      const day = new Date();
      day.setHours(0, 0, 0, 0);
      day.setDate(day.getDate() + days);
      return day;
    };

    it('asks for a total, not an hourly rate, and sends the cover letter alone when it is left empty', async () => {
      const { events, server } = await openFindJobs([fixedListing()]);
      const dialog = await openApplyDialog(events, 'Brand Refresh');
      expect(within(dialog).queryByLabelText('Proposal rate (USD per hour, optional)')).not.toBeInTheDocument();
      expect(within(dialog).getByLabelText('Proposed price (USD, total, optional)')).toHaveAccessibleDescription(
        'A fixed price for the whole job. Leave empty to go by the job’s budget of $5,000.',
      );
      await events.type(within(dialog).getByLabelText('Cover letter'), 'Hello');
      await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      await findNotification(jobBoardTexts.submitted);
      expect(applications(server)[0]?.body).toEqual({
        cover_letter: 'Hello',
        proposal_price_cents: null,
        proposal_milestones: null,
      });
    });

    it('splits the total into milestones that must add up to it, then sends them in whole cents', async () => {
      const { events, server } = await openFindJobs([fixedListing()]);
      const dialog = await openApplyDialog(events, 'Brand Refresh');
      await events.type(within(dialog).getByLabelText('Cover letter'), 'Three brands last year.');
      await events.type(within(dialog).getByLabelText('Proposed price (USD, total, optional)'), '4,000.50');
      await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
      await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
      const first = milestoneGroup(dialog, 1);
      await events.type(within(first).getByLabelText('Title'), 'Moodboard');
      await events.type(within(first).getByLabelText('Amount (USD)'), '1500');
      await pickDayWith(events, within(first).getByRole('button', { name: /^Due date:/ }), inDays(7));
      const second = milestoneGroup(dialog, 2);
      await events.type(within(second).getByLabelText('Title'), 'Final logo');
      await events.type(within(second).getByLabelText('Amount (USD)'), '2500');
      await pickDayWith(events, within(second).getByRole('button', { name: /^Due date:/ }), inDays(21));
      expect(within(dialog).getByText('Milestones add up to $4,000.00 of $4,000.50')).toBeInTheDocument();

      await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      const mismatch = milestoneTexts.totalMismatch(400_000, 400_050);
      expect(await within(dialog).findByText(mismatch)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Proposed price (USD, total, optional)')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(applications(server)).toHaveLength(0);

      await events.type(within(second).getByLabelText('Amount (USD)'), '.50');
      expect(within(dialog).getByText('Milestones add up to $4,000.50 of $4,000.50')).toBeInTheDocument();
      await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      await findNotification(jobBoardTexts.submitted);
      expect(applications(server)[0]?.body).toEqual({
        cover_letter: 'Three brands last year.',
        proposal_price_cents: 400_050,
        proposal_milestones: [
          { title: 'Moodboard', description: '', amount_cents: 150_000, due_date: toIsoDay(inDays(7)) },
          { title: 'Final logo', description: '', amount_cents: 250_050, due_date: toIsoDay(inDays(21)) },
        ],
      });
    });
  });

  it('shows a job applied to already as Applied, disabled', async () => {
    await openFindJobs([
      listing({ application: { id: fakeId(), status: 'shortlisted', created_at: new Date().toISOString() } }),
    ]);
    expect(await screen.findByRole('button', { name: 'Applied to Support Engineer' })).toBeDisabled();
  });

  it('saves and unsaves with the heart, saying so each time', async () => {
    const { events, server } = await openFindJobs([listing()]);
    const heart = await screen.findByRole('button', { name: 'Save Support Engineer' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await events.click(heart);
    expect(await findNotification(jobBoardTexts.saved)).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await events.click(heart);
    expect(await findNotification(jobBoardTexts.unsaved)).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(
      server.requests
        .filter((request) => request.path.startsWith(jobBoardContract.savedJobs.path))
        .map((r) => r.method),
    ).toEqual(['PUT', 'DELETE']);
  });

  it('searches once the typing pauses, not on every key', async () => {
    const { events, server } = await openFindJobs([listing()]);
    await screen.findByText('1 job found');
    await events.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'react');
    await waitFor(() => expect(server.requests.some((request) => request.query.get('q') === 'react')).toBe(true));
    const searched = server.requests.filter(
      (request) => request.path === jobBoardContract.findJobs.path && request.query.has('q'),
    );
    expect(searched.map((request) => request.query.get('q'))).toEqual(['react']);
  });

  it('sends the filters and sort from the URL, and shows the error state with Try Again', async () => {
    let isFailing = true;
    const { events, server } = await openFindJobs(
      [listing()],
      (fake) =>
        fake.on(jobBoardContract.findJobs, () =>
          isFailing
            ? replyError(500, 'internal', 'Down.')
            : { items: [listing({ title: 'Back again' })], total: 1, page: 1, page_size: 20 },
        ),
      '?engagement_type=hourly&rate_min=20&rate_max=60&skills=React,AWS&timezone=UTC%2B01:00&sort=highest_rate',
    );
    expect(await screen.findByText(jobBoardTexts.loadError)).toBeInTheDocument();
    const query = server.requests.find((request) => request.path === jobBoardContract.findJobs.path)?.query;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      engagement_type: 'hourly',
      rate_min: '20',
      rate_max: '60',
      skills: 'React,AWS',
      timezone: 'UTC+01:00',
      sort: 'highest_rate',
    });
    isFailing = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it('refuses a backwards pay range next to the boxes, and sends nothing for it', async () => {
    const { events, server } = await openFindJobs([listing()]);
    await screen.findByText('1 job found');
    await events.type(screen.getByLabelText('Minimum'), '80');
    await events.type(screen.getByLabelText('Maximum'), '20');
    await events.click(screen.getByRole('button', { name: 'Set range' }));
    expect(await screen.findByText(jobBoardTexts.rateRange)).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((request) => request.query.has('rate_min'))).toBe(false);
  });

  it('shows the empty state with Clear Filters when nothing matches', async () => {
    const { events } = await openFindJobs([], undefined, '?skills=COBOL');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    await events.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0] as HTMLElement);
    expect(await screen.findByText('No open jobs right now')).toBeInTheDocument();
  });
});

describe('a job’s page', () => {
  it('opens the apply dialog at once when asked to (?apply=1)', async () => {
    const job = listing({ title: 'Data Entry Clerk' });
    const server = createFakeServer();
    fakeJobBoardApi(server, [job]);
    await renderRoute(`${paths.applicantJob.getHref({ id: job.id })}?apply=1`, { user: applicantUser(), server });
    expect(await screen.findByRole('dialog', { name: 'Apply to Data Entry Clerk' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: paths.applicantJob.title, hidden: true })).toBeInTheDocument();
    expect(document.title).toBe(`Data Entry Clerk · ${paths.applicantJob.title} · Tandem`);
  });

  it('after applying, says a skills test is waiting, in the notification and on the page, with the way into it', async () => {
    const job = listing({ title: 'Support Writer' });
    const test: WaitingTest = {
      id: fakeId(),
      test_id: fakeId(),
      name: 'Writing Basics',
      time_limit: 30,
      status: 'assigned',
    };
    const server = createFakeServer();
    fakeJobBoardApi(server, [job], new Map([[job.id, [test]]]));
    const { events } = await renderRoute(paths.applicantJob.getHref({ id: job.id }), {
      user: applicantUser(),
      server,
    });
    // Before applying, nothing waits.
    await screen.findByRole('heading', { level: 2, name: 'Support Writer' });
    expect(screen.queryByRole('region', { name: 'A skills test is waiting' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: `${jobBoardTexts.applyNow}: Support Writer` }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Support Writer' });
    await events.type(within(dialog).getByLabelText('Cover letter'), 'I write clear answers.');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Application' }));

    // The spec's words, then what to do next.
    expect(await findNotification(jobBoardTexts.submitted)).toBeInTheDocument();
    const toast = await notificationArea();
    expect(
      within(toast).getByText(
        'A skills test is waiting: Writing Basics. The company sees your result with your application.',
      ),
    ).toBeInTheDocument();
    expect(within(toast).getByRole('link', { name: 'Take the test' })).toHaveAttribute(
      'href',
      paths.applicantTest.getHref({ id: test.id }),
    );

    const callout = await screen.findByRole('region', { name: 'A skills test is waiting' });
    expect(within(callout).getByText('Writing Basics')).toBeInTheDocument();
    expect(within(callout).getByText('· 30 minutes')).toBeInTheDocument();
    expect(within(callout).getByRole('link', { name: 'Take the test: Writing Basics' })).toHaveAttribute(
      'href',
      paths.applicantTest.getHref({ id: test.id }),
    );
  });

  it('leads into a started test until it is submitted, then says nothing more', async () => {
    const applied = () => ({ id: fakeId(), status: 'submitted' as const, created_at: new Date().toISOString() });
    const inProgress = listing({ title: 'Data Clerk', application: applied() });
    const finished = listing({ title: 'Data Auditor', application: applied() });
    const started: WaitingTest = { id: fakeId(), test_id: fakeId(), name: 'Typing', time_limit: 15, status: 'started' };
    const server = createFakeServer();
    // A submitted attempt is not waiting: the server leaves it out.
    fakeJobBoardApi(server, [inProgress, finished], new Map([[inProgress.id, [started]]]));
    const { router } = await renderRoute(paths.applicantJob.getHref({ id: inProgress.id }), {
      user: applicantUser(),
      server,
    });
    const callout = await screen.findByRole('region', { name: 'A skills test is waiting' });
    expect(within(callout).getByText('· in progress')).toBeInTheDocument();
    expect(within(callout).getByRole('link', { name: 'Continue the test: Typing' })).toHaveAttribute(
      'href',
      paths.applicantTest.getHref({ id: started.id }),
    );

    await router.navigate(paths.applicantJob.getHref({ id: finished.id }));
    await screen.findByRole('heading', { level: 2, name: 'Data Auditor' });
    expect(screen.getByText(/You applied on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /skills tests? (is|are) waiting/ })).not.toBeInTheDocument();
  });

  it('says a job that does not exist does not', async () => {
    const server = createFakeServer();
    fakeJobBoardApi(server, []);
    await renderRoute(paths.applicantJob.getHref({ id: fakeId() }), { user: applicantUser(), server });
    expect(await screen.findByText(jobBoardTexts.jobNotFound)).toBeInTheDocument();
  });
});
