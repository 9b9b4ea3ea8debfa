import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyUser, fakeId, jobFromInput } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import {
  type ApplicationStatus,
  applicationStatuses,
  canMoveApplication,
  illegalApplicationMoveMessage,
} from '~/shared/applications';
import type { CurrentUser } from '~/shared/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { InterviewStage } from '~/shared/interview-stages';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import type { ApplicationDetail } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';

// The job page's board (issue 32 item 4): a column per stage with the server's count, pages of cards with
// Show more, a keyboard move through the move API, a refused move put back with the server's sentence,
// a Viewer's board without handles, and a message to a whole column.

// jsdom lays nothing out: each column stands 300px right of the one before, its cards inside it, so
// dnd-kit's keyboard sensor and collision detection find the columns as a browser would.
function layOutBoard() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const column = this.closest('[data-board-column]');
    const index = Number(column?.getAttribute('data-board-column') ?? 0);
    const [left, top, width, height] = this === column ? [index * 300, 0, 280, 800] : [index * 300 + 10, 60, 260, 80];
    return {
      x: left,
      y: top,
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

function card(jobId: string, name: string, status: ApplicationStatus, overrides: Partial<JobApplication> = {}) {
  return {
    id: fakeId(),
    job_id: jobId,
    job_title: 'Support Lead',
    applicant_id: fakeId(),
    applicant_name: name,
    applicant_headline: null,
    status,
    interview_stage_id: null,
    proposal_rate: null,
    proposal_price_cents: null,
    currency: 'USD',
    created_at: new Date().toISOString(),
    is_new: false,
    average_rating: null,
    rating_count: 0,
    test_state: 'none',
    source: 'tandem',
    referrer_name: null,
    ...overrides,
  } satisfies JobApplication;
}

function detailOf(item: JobApplication): ApplicationDetail {
  return {
    id: item.id,
    status: item.status,
    interview_stage_id: item.interview_stage_id,
    job: {
      id: item.job_id,
      title: item.job_title,
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
      name: item.applicant_name,
      email: 'someone@example.test',
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
    cover_letter: 'Hello',
    proposal_rate: null,
    proposal_price_cents: null,
    currency: 'USD',
    proposal_milestones: null,
    screening_answers: [],
    attachments: [],
    created_at: item.created_at,
    updated_at: item.created_at,
    source: 'tandem',
    referrer_name: null,
    history: [],
    rejection_reason: null,
    offer: null,
    hired_at: null,
    assignment_id: null,
    notes: [],
    rating: { mine: null, average: null, count: 0 },
    test_results: [],
  };
}

// A fake pipeline that keeps its applications and judges moves by the shared rule, as the server does.
function seedBoard(interviewStages: InterviewStage[] = []) {
  const job = jobFromInput(
    { title: 'Support Lead', status: 'open' },
    { applications_count: 14, interview_stages: interviewStages },
  );
  const applications: JobApplication[] = [
    card(job.id, 'Ada Lovelace', 'submitted', { average_rating: 4.5, rating_count: 2, test_state: 'passed' }),
    ...Array.from({ length: 11 }, (_, index) => card(job.id, `Shortlisted ${index + 1}`, 'shortlisted')),
    card(job.id, 'Hedy Hired', 'hired'),
    card(job.id, 'Ivy Interviewing', 'interviewing', { interview_stage_id: interviewStages[0]?.id ?? null }),
  ];
  const server = createFakeServer();
  server.on(jobsContract.get, () => job);
  server.on(jobsContract.markApplicationsSeen, () => ({ applications_seen_at: new Date().toISOString() }));
  server.on(jobsContract.applications, ({ query }) => {
    const stages = (query.get('status') ?? '').split(',').filter(Boolean);
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const q = (query.get('q') ?? '').toLowerCase();
    const interviewStage = query.get('interview_stage');
    const matching = applications.filter((item) => item.applicant_name.toLowerCase().includes(q));
    const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
    const interviewStageCounts: Record<string, number> = {};
    for (const item of matching) {
      counts[item.status] += 1;
      if (item.status === 'interviewing' && item.interview_stage_id) {
        interviewStageCounts[item.interview_stage_id] = (interviewStageCounts[item.interview_stage_id] ?? 0) + 1;
      }
    }
    const shown = matching.filter(
      (item) =>
        (stages.length === 0 || stages.includes(item.status)) &&
        (!interviewStage || item.interview_stage_id === interviewStage),
    );
    return {
      items: shown.slice((page - 1) * pageSize, page * pageSize),
      total: shown.length,
      page,
      page_size: pageSize,
      counts,
      interview_stage_counts: interviewStageCounts,
      new_count: 0,
    };
  });
  server.on(pipelineContract.move, ({ params, body }) => {
    const item = applications.find((application) => application.id === params.id);
    if (!item) return replyError(404, 'not_found', 'This application does not exist.');
    const withinInterviewing = item.status === 'interviewing' && body.to === 'interviewing' && body.stage_id;
    if (!withinInterviewing && !canMoveApplication(item.status, body.to, 'company')) {
      return replyError(409, 'conflict', illegalApplicationMoveMessage(item.status, body.to));
    }
    item.status = body.to;
    item.interview_stage_id = body.to === 'interviewing' ? (body.stage_id ?? interviewStages[0]?.id ?? null) : null;
    return detailOf(item);
  });
  return { job, applications, server };
}

async function openBoard(server: FakeServer, jobId: string, user: CurrentUser = companyUser()) {
  const view = await renderRoute(`${paths.companyJob.getHref({ id: jobId })}?view=board`, { user, server });
  const pipeline = await screen.findByRole('region', { name: 'Applications' });
  const column = (label: string) => within(pipeline).getByRole('region', { name: label });
  await within(column('Submitted')).findByText('Ada Lovelace');
  return { ...view, pipeline, column };
}

const moves = (server: FakeServer) => server.requests.filter((request) => request.path.endsWith('/move'));

describe('the pipeline board', () => {
  let layout: ReturnType<typeof layOutBoard>;
  beforeEach(() => {
    layout = layOutBoard();
  });
  afterEach(() => {
    layout.mockRestore();
  });

  it('shows a column per stage with the server’s count, a page of cards, Show more and empty columns', async () => {
    const { job, server } = seedBoard();
    const { pipeline, column, events } = await openBoard(server, job.id);

    expect(
      within(pipeline)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Submitted', 'Shortlisted', 'Interviewing', 'Offer', 'Hired', 'Not selected', 'Withdrawn']);
    expect(within(column('Submitted')).getByText('1 application')).toBeVisible();
    const ada = within(column('Submitted')).getByRole('link', { name: 'Ada Lovelace' });
    expect(ada.getAttribute('href')).toContain(`application=`);
    expect(within(column('Submitted')).getByText('Tests passed')).toBeVisible();
    expect(within(column('Submitted')).getByText('Rated 4.5 out of 5 by 2 reviewers')).toBeInTheDocument();

    const shortlisted = column('Shortlisted');
    expect(await within(shortlisted).findByText('11 applications')).toBeVisible();
    expect(within(shortlisted).getAllByRole('listitem')).toHaveLength(10);
    await events.click(within(shortlisted).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(shortlisted).getAllByRole('listitem')).toHaveLength(11));
    expect(within(shortlisted).queryByRole('button', { name: 'Show more' })).toBeNull();

    expect(await within(column('Offer')).findByText('No applications')).toBeVisible();
    expect(within(column('Offer')).getByText('0 applications')).toBeInTheDocument();
  });

  it('moves a card with the keyboard through the move API, and the counts follow', async () => {
    const { job, server } = seedBoard();
    const { column, events } = await openBoard(server, job.id);

    within(column('Submitted')).getByRole('button', { name: 'Move Ada Lovelace' }).focus();
    await events.keyboard(' ');
    await screen.findByText('Picked up Ada Lovelace from Submitted.');
    await events.keyboard('{ArrowRight}');
    await screen.findByText('Ada Lovelace is over Shortlisted.');
    await events.keyboard(' ');

    await waitFor(() => expect(moves(server)).toHaveLength(1));
    expect(moves(server)[0]?.body).toEqual({ to: 'shortlisted' });
    expect(await within(column('Shortlisted')).findByText('Ada Lovelace')).toBeVisible();
    expect(await within(column('Shortlisted')).findByText('12 applications')).toBeVisible();
    expect(within(column('Submitted')).getByText('0 applications')).toBeInTheDocument();
    expect(within(column('Submitted')).queryByText('Ada Lovelace')).toBeNull();
    expect(screen.getByText('Ada Lovelace moved to Shortlisted.')).toBeVisible();

    // The stage email: written here, previewed for Ada, sent to her application.
    server.on(messageTemplatesContract.list, () => ({ items: [], total: 0, page: 1, page_size: 100 }));
    server.on(messageTemplatesContract.messageApplication, () => ({ conversation_id: fakeId() }));
    await events.click(screen.getByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Ada Lovelace' });
    await events.type(within(dialog).getByLabelText('Message'), 'Welcome to the shortlist, {{{{first_name}}!');
    expect(within(dialog).getByRole('region', { name: 'Preview for Ada Lovelace' })).toHaveTextContent(
      'Welcome to the shortlist, Ada!',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = server.requests.find((request) => request.path.endsWith('/message'));
    expect(sent?.body).toMatchObject({ body: 'Welcome to the shortlist, {{first_name}}!' });
  });

  it('puts a refused move back and says the server’s sentence', async () => {
    const { job, server } = seedBoard();
    const { column, events } = await openBoard(server, job.id);

    // Hired is the end of the road: the move goes to the server all the same (no offer to write for a move
    // that cannot be), which refuses it, and the card goes back where it was.
    within(column('Hired')).getByRole('button', { name: 'Move Hedy Hired' }).focus();
    await events.keyboard(' ');
    await screen.findByText('Picked up Hedy Hired from Hired.');
    await events.keyboard('{ArrowRight}');
    await screen.findByText('Hedy Hired is over Not selected.');
    await events.keyboard('{ArrowLeft}');
    await screen.findByText('Hedy Hired is over Hired.');
    await events.keyboard('{ArrowLeft}');
    await screen.findByText('Hedy Hired is over Offer.');
    await events.keyboard(' ');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(illegalApplicationMoveMessage('hired', 'offered'));
    expect(moves(server)[0]?.body).toEqual({ to: 'offered' });
    expect(within(column('Hired')).getByText('Hedy Hired')).toBeVisible();
    expect(within(column('Offer')).queryByText('Hedy Hired')).toBeNull();
    expect(within(column('Hired')).getByText('1 application')).toBeInTheDocument();
  });

  it('opens the rejection’s reason for a drop on Not selected, and moves once it is given', async () => {
    const { job, server } = seedBoard();
    const template = 'Thank you, {{first_name}}. We hired internally for {{job_title}}.';
    server.on(messageTemplatesContract.list, () => ({
      items: [
        {
          id: fakeId(),
          name: 'Hired internally',
          body: template,
          created_by_name: 'Ada Hiring',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      ],
      total: 1,
      page: 1,
      page_size: 100,
    }));
    const { column, events } = await openBoard(server, job.id);

    within(column('Interviewing')).getByRole('button', { name: 'Move Ivy Interviewing' }).focus();
    await events.keyboard(' ');
    for (const label of ['Offer', 'Hired', 'Not selected']) {
      await events.keyboard('{ArrowRight}');
      await screen.findByText(`Ivy Interviewing is over ${label}.`);
    }
    await events.keyboard(' ');

    const dialog = await screen.findByRole('dialog', { name: 'Reject Ivy Interviewing?' });
    expect(moves(server)).toHaveLength(0);
    // A template fills the reason, placeholders and all: the server fills them for each applicant.
    await events.selectOptions(
      within(dialog).getByLabelText('Start from a template'),
      await within(dialog).findByRole('option', { name: 'Hired internally' }),
    );
    expect(within(dialog).getByLabelText('Reason for the applicant (optional)')).toHaveValue(template);
    await events.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(moves(server)[0]?.body).toEqual({ to: 'rejected', reason: template }));
    expect(await within(column('Not selected')).findByText('Ivy Interviewing')).toBeVisible();
  });

  it('opens the offer’s terms for a drop on Offer, and moves nothing before they are sent', async () => {
    const { job, applications, server } = seedBoard();
    server.on(pipelineContract.get, ({ params }) => {
      const item = applications.find((application) => application.id === params.id);
      return item ? detailOf(item) : replyError(404, 'not_found', 'This application does not exist.');
    });
    const { column, events } = await openBoard(server, job.id);

    within(column('Interviewing')).getByRole('button', { name: 'Move Ivy Interviewing' }).focus();
    await events.keyboard(' ');
    await events.keyboard('{ArrowRight}');
    await screen.findByText('Ivy Interviewing is over Offer.');
    await events.keyboard(' ');

    const dialog = await screen.findByRole('dialog', { name: 'Make Offer' });
    expect(within(dialog).getByLabelText('Weekly hours')).toHaveValue(40);
    expect(moves(server)).toHaveLength(0);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(column('Interviewing')).getByText('Ivy Interviewing')).toBeVisible();
    expect(server.requests.filter((request) => request.path.endsWith('/offer'))).toHaveLength(0);
  });

  it('gives a Viewer the board to read, without handles or messages', async () => {
    const { job, server } = seedBoard();
    const { column } = await openBoard(
      server,
      job.id,
      companyUser({ company: { id: fakeId(), name: 'Acme', role: 'viewer', currency: 'USD' } }),
    );
    expect(within(column('Submitted')).queryByRole('button', { name: 'Move Ada Lovelace' })).toBeNull();
    expect(within(column('Submitted')).queryByRole('button', { name: 'Message everyone in Submitted' })).toBeNull();
    expect(within(column('Submitted')).getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it('writes to everyone in a column with a template, previewed for its first candidate', async () => {
    const { job, server } = seedBoard();
    server.on(messageTemplatesContract.list, () => ({
      items: [
        {
          id: fakeId(),
          name: 'Next steps',
          body: 'Hi {{first_name}}, next steps for {{job_title}} at {{company_name}}.',
          created_by_name: 'Ada Hiring',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      ],
      total: 1,
      page: 1,
      page_size: 100,
    }));
    server.on(messageTemplatesContract.messageColumn, () => ({ sent: 11, skipped: 0 }));
    const { column, events } = await openBoard(server, job.id);

    await events.click(
      await within(column('Shortlisted')).findByRole('button', { name: 'Message everyone in Shortlisted' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Message everyone in Shortlisted' });
    await events.selectOptions(await within(dialog).findByLabelText('Template'), 'Next steps');
    expect(within(dialog).getByRole('region', { name: 'Preview for Shortlisted 1' })).toHaveTextContent(
      'Hi Shortlisted, next steps for Support Lead at Acme.',
    );

    await events.clear(within(dialog).getByLabelText('Message'));
    await events.type(within(dialog).getByLabelText('Message'), 'Hello {{{{nickname}}');
    await events.click(within(dialog).getByRole('button', { name: 'Send to everyone' }));
    expect(await within(dialog).findByText(/Unknown placeholder \{\{nickname\}\}/)).toBeVisible();

    await events.selectOptions(within(dialog).getByLabelText('Template'), 'Next steps');
    await events.click(within(dialog).getByRole('button', { name: 'Send to everyone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = server.requests.find((request) => request.path.endsWith('/applications/message'));
    expect(sent?.body).toMatchObject({
      status: 'shortlisted',
      body: 'Hi {{first_name}}, next steps for {{job_title}} at {{company_name}}.',
    });
  });

  it('splits Interviewing into the job’s interview stages, and moves a card between them', async () => {
    const stages = [
      { id: fakeId(), name: 'Phone screen', test_id: null },
      { id: fakeId(), name: 'Technical interview', test_id: null },
    ];
    const { job, server } = seedBoard(stages);
    const { pipeline, column, events } = await openBoard(server, job.id);

    expect(
      within(pipeline)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Submitted',
      'Shortlisted',
      'Phone screen',
      'Technical interview',
      'Offer',
      'Hired',
      'Not selected',
      'Withdrawn',
    ]);
    expect(await within(column('Phone screen')).findByText('Ivy Interviewing')).toBeVisible();
    expect(await within(column('Technical interview')).findByText('No applications')).toBeVisible();

    within(column('Phone screen')).getByRole('button', { name: 'Move Ivy Interviewing' }).focus();
    await events.keyboard(' ');
    await screen.findByText('Picked up Ivy Interviewing from Phone screen.');
    await events.keyboard('{ArrowRight}');
    await screen.findByText('Ivy Interviewing is over Technical interview.');
    await events.keyboard(' ');

    await waitFor(() => expect(moves(server)).toHaveLength(1));
    expect(moves(server)[0]?.body).toEqual({ to: 'interviewing', stage_id: stages[1]?.id });
    expect(await within(column('Technical interview')).findByText('Ivy Interviewing')).toBeVisible();
    expect(within(column('Phone screen')).queryByText('Ivy Interviewing')).toBeNull();
    expect(screen.getByText('Ivy Interviewing moved to Technical interview.')).toBeVisible();

    // From Submitted, a drop on the first stage is a move to Interviewing in that stage.
    within(column('Submitted')).getByRole('button', { name: 'Move Ada Lovelace' }).focus();
    await events.keyboard(' ');
    for (const label of ['Shortlisted', 'Phone screen']) {
      await events.keyboard('{ArrowRight}');
      await screen.findByText(`Ada Lovelace is over ${label}.`);
    }
    await events.keyboard(' ');
    await waitFor(() => expect(moves(server)).toHaveLength(2));
    expect(moves(server)[1]?.body).toEqual({ to: 'interviewing', stage_id: stages[0]?.id });
    expect(await within(column('Phone screen')).findByText('Ada Lovelace')).toBeVisible();
  });
});
