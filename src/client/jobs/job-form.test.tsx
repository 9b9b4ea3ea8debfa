import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { discardChangesTexts } from '~/client/components/discard-changes';
import { companyUser, testFromInput } from '~/client/testing/data-generators';
import { fakeJobsApi, fakeTestsApi } from '~/client/testing/fake-apis';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { jobsContract } from '~/shared/contracts/jobs';
import { interviewStageTexts } from '~/shared/interview-stages';
import { draftJobDefaults, jobTexts } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { screeningTexts } from '~/shared/screening-questions';

// The Create Job Posting form's rules (docs/spec/portal-and-public-site.md §2 "Create Job Posting", §5, §8):
// what Publish Job and Save as Draft ask for, in the spec's order and words, what a refusal from the server
// says, and leaving a changed form.

// `answer` replaces the fake API's answers where a test needs the server to refuse.
async function openCreateJob(answer?: (server: FakeServer) => void) {
  const server = createFakeServer();
  const jobs = fakeJobsApi(server);
  fakeTestsApi(server);
  answer?.(server);
  const view = await renderRoute(paths.companyCreateJob.getHref(), { user: companyUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.companyCreateJob.title });
  return { ...view, jobs };
}

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label);
const postsTo = (server: FakeServer, path: string) =>
  server.requests.filter((request) => request.method === 'POST' && request.path === path);

async function fill(events: UserEvent, label: string, value: string) {
  await events.clear(field(label));
  await events.type(field(label), value);
}

describe('Create Job Posting', () => {
  it('asks for a title first, then both hourly rates, then a description, and sends nothing until then', async () => {
    const { events, server } = await openCreateJob();

    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.missingInformation)).toBeInTheDocument();
    expect(field('Job title')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Job title')).toHaveFocus();
    expect(screen.getAllByText(jobTexts.titleRequired).length).toBeGreaterThan(0);

    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '30');
    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.missingBudget)).toBeInTheDocument();
    expect(field('Maximum hourly rate (USD)')).toHaveAttribute('aria-invalid', 'true');

    await fill(events, 'Maximum hourly rate (USD)', '45');
    await events.click(button('Publish Job'));
    expect(field('Job description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(jobTexts.descriptionRequired).length).toBeGreaterThan(0);
    expect(postsTo(server, '/api/jobs')).toHaveLength(0);
  });

  it('refuses a minimum rate above the maximum and weekly hours out of range, next to the fields', async () => {
    const { events, server } = await openCreateJob();
    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '60');
    await fill(events, 'Maximum hourly rate (USD)', '40');
    await fill(events, 'Weekly hours', '90');
    await fill(events, 'Job description', 'Answer tickets.');
    await events.click(button('Publish Job'));

    expect(await screen.findByText(jobTexts.rateOrder)).toBeInTheDocument();
    expect(field('Maximum hourly rate (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(jobTexts.weeklyHoursRange)).toBeInTheDocument();
    expect(postsTo(server, '/api/jobs')).toHaveLength(0);
  });

  it('asks a fixed-price job for its total budget instead of rates', async () => {
    const { events } = await openCreateJob();
    await fill(events, 'Job title', 'Logo redesign');
    await events.click(screen.getByRole('radio', { name: 'Fixed price' }));
    expect(screen.queryByLabelText('Minimum hourly rate (USD)')).not.toBeInTheDocument();
    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.missingBudget)).toBeInTheDocument();
    expect(field('Total budget (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(jobTexts.totalRequired).length).toBeGreaterThan(0);
  });

  it('publishes a complete job and lands on Jobs & Applications', async () => {
    const { events, jobs } = await openCreateJob();
    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '30');
    await fill(events, 'Maximum hourly rate (USD)', '45');
    await fill(events, 'Job description', 'Answer tickets.');
    await events.click(button('Publish Job'));

    expect(await findNotification(jobTexts.published)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: paths.companyJobs.title })).toBeInTheDocument();
    expect(jobs[0]).toMatchObject({ title: 'Support Engineer', status: 'open', budget_min: 30, budget_max: 45 });
  });

  it('asks how many people the job hires: 1 by default, 1 to 100', async () => {
    const { events, jobs, server } = await openCreateJob();
    expect(field('Number of openings')).toHaveValue(1);
    await fill(events, 'Job title', 'Night Shift Agents');
    await fill(events, 'Minimum hourly rate (USD)', '20');
    await fill(events, 'Maximum hourly rate (USD)', '25');
    await fill(events, 'Job description', 'Answer chats overnight.');
    for (const openings of ['0', '101', '2.5', '']) {
      if (openings) await fill(events, 'Number of openings', openings);
      else await events.clear(field('Number of openings'));
      await events.click(button('Publish Job'));
      expect(await screen.findByText(jobTexts.openingsRange)).toBeInTheDocument();
      expect(field('Number of openings')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(postsTo(server, '/api/jobs')).toHaveLength(0);
    await fill(events, 'Number of openings', '3');
    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.published)).toBeInTheDocument();
    expect(postsTo(server, '/api/jobs')[0]?.body).toMatchObject({ openings: 3 });
    expect(jobs[0]).toMatchObject({ openings: 3 });
  });

  it('asks up to five screening questions, each written, required unless unticked', async () => {
    const { events, jobs, server } = await openCreateJob();
    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '30');
    await fill(events, 'Maximum hourly rate (USD)', '45');
    await fill(events, 'Job description', 'Answer tickets.');
    const card = screen.getByRole('region', { name: screeningTexts.heading });
    expect(within(card).getByText(screeningTexts.hint)).toBeInTheDocument();

    await events.click(within(card).getByRole('button', { name: screeningTexts.add }));
    await events.click(within(card).getByRole('button', { name: screeningTexts.add }));
    await events.type(within(card).getByLabelText('Question 1'), 'How many tickets do you answer in a day?');
    await events.click(button('Publish Job'));
    expect(await within(card).findByText(screeningTexts.questionRequired)).toBeInTheDocument();
    expect(within(card).getByLabelText('Question 2')).toHaveAttribute('aria-invalid', 'true');
    expect(postsTo(server, '/api/jobs')).toHaveLength(0);

    await events.type(within(card).getByLabelText('Question 2'), 'Which help desks have you used?');
    const [, secondRequired] = within(card).getAllByRole('checkbox', { name: screeningTexts.required });
    await events.click(secondRequired as HTMLElement);
    for (let count = 3; count <= 5; count += 1) {
      await events.click(within(card).getByRole('button', { name: screeningTexts.add }));
    }
    expect(within(card).getByRole('button', { name: screeningTexts.add })).toBeDisabled();
    expect(within(card).getByText(screeningTexts.tooMany)).toBeInTheDocument();
    for (const position of [5, 4, 3]) {
      await events.click(within(card).getByRole('button', { name: `${screeningTexts.remove} ${position}` }));
    }
    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.published)).toBeInTheDocument();
    expect(postsTo(server, '/api/jobs')[0]?.body).toMatchObject({
      screening_questions: [
        { question: 'How many tickets do you answer in a day?', required: true },
        { question: 'Which help desks have you used?', required: false },
      ],
    });
    expect(jobs[0]?.screening_questions).toHaveLength(2);
  });

  it('splits Interviewing into named stages, in the order chosen, each named once, one sending a test', async () => {
    const takeHome = testFromInput({
      name: 'Support take-home',
      type: 'coding',
      time_limit: 60,
      pass_rate: 70,
      is_active: true,
      questions: [{ type: 'paragraph', question: 'Answer this angry email.' }],
    });
    const { events, jobs, server } = await openCreateJob((fake) => fakeTestsApi(fake, [takeHome]));
    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '30');
    await fill(events, 'Maximum hourly rate (USD)', '45');
    await fill(events, 'Job description', 'Answer tickets.');
    const card = screen.getByRole('region', { name: interviewStageTexts.heading });
    expect(within(card).getByText(interviewStageTexts.hint)).toBeInTheDocument();

    for (let count = 1; count <= 3; count += 1) {
      await events.click(within(card).getByRole('button', { name: interviewStageTexts.add }));
    }
    await events.type(within(card).getByLabelText('Stage 1'), 'Technical interview');
    await events.type(within(card).getByLabelText('Stage 2'), 'Phone screen');
    await events.type(within(card).getByLabelText('Stage 3'), 'phone screen');
    await events.click(button('Publish Job'));
    expect(await within(card).findByText(interviewStageTexts.duplicateName)).toBeInTheDocument();
    expect(within(card).getByLabelText('Stage 3')).toHaveAttribute('aria-invalid', 'true');
    expect(postsTo(server, '/api/jobs')).toHaveLength(0);

    await events.clear(within(card).getByLabelText('Stage 3'));
    await events.type(within(card).getByLabelText('Stage 3'), 'Final interview');
    // The company's tests, once loaded, in every stage's list.
    expect(await within(card).findAllByRole('option', { name: 'Support take-home' })).toHaveLength(3);
    const [technicalTest] = within(card).getAllByLabelText(interviewStageTexts.testLabel);
    await events.selectOptions(technicalTest as HTMLElement, 'Support take-home');
    // The phone screen comes first.
    await events.click(within(card).getByRole('button', { name: `${interviewStageTexts.moveUp} 2` }));
    expect(within(card).getByRole('button', { name: `${interviewStageTexts.moveUp} 1` })).toBeDisabled();
    expect(within(card).getByRole('button', { name: `${interviewStageTexts.moveDown} 3` })).toBeDisabled();
    await events.click(button('Publish Job'));
    expect(await findNotification(jobTexts.published)).toBeInTheDocument();
    expect(postsTo(server, '/api/jobs')[0]?.body).toMatchObject({
      interview_stages: [
        { name: 'Phone screen', test_id: null },
        { name: 'Technical interview', test_id: takeHome.id },
        { name: 'Final interview', test_id: null },
      ],
    });
    expect(jobs[0]?.interview_stages.map((stage) => stage.name)).toEqual([
      'Phone screen',
      'Technical interview',
      'Final interview',
    ]);
  });

  it('saves an empty form as a draft with the spec defaults', async () => {
    const { events, jobs } = await openCreateJob();
    await events.click(button('Save as Draft'));
    expect(await findNotification(jobTexts.draftSaved)).toBeInTheDocument();
    expect(jobs[0]).toMatchObject({ status: 'draft', ...draftJobDefaults });
  });

  it('shows the server’s reason when it refuses to publish, and keeps what was typed', async () => {
    const refusal = 'Confirm your email address (hiring@acme.test) to do this.';
    const { events } = await openCreateJob((server) =>
      server.on(jobsContract.create, () => replyError(403, 'forbidden', refusal)),
    );
    await fill(events, 'Job title', 'Support Engineer');
    await fill(events, 'Minimum hourly rate (USD)', '30');
    await fill(events, 'Maximum hourly rate (USD)', '45');
    await fill(events, 'Job description', 'Answer tickets.');
    await events.click(button('Publish Job'));

    expect(await findNotification(jobTexts.publishErrorTitle)).toBeInTheDocument();
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
    expect(field('Job title')).toHaveValue('Support Engineer');
  });

  it('puts a field the server names next to that field', async () => {
    const { events } = await openCreateJob((server) =>
      server.on(jobsContract.create, () =>
        replyError(422, 'validation', 'Some fields need attention.', { cc_email: jobTexts.ccEmail }),
      ),
    );
    await events.click(button('Save as Draft'));
    expect(await screen.findByText(jobTexts.ccEmail)).toBeInTheDocument();
    expect(field('CC email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before Cancel drops changes, and leaves at once when nothing changed', async () => {
    const { events } = await openCreateJob();
    await fill(events, 'Job title', 'Support Engineer');
    await events.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: discardChangesTexts.title });
    await events.click(within(dialog).getByRole('button', { name: discardChangesTexts.keep }));
    expect(field('Job title')).toHaveValue('Support Engineer');

    await events.click(screen.getByRole('link', { name: 'Cancel' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: discardChangesTexts.confirm }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: paths.companyJobs.title })).toBeInTheDocument();
  });
});
