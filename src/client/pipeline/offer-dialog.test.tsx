import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '~/client/components/date-picker';
import { toIsoDay } from '~/client/lib/iso-day';
import { companyUser, fakeId, jobFromInput } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationStatuses } from '~/shared/applications';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import { type ApplicationDetail, pipelineTexts } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';

// Make Offer on the job page's pipeline: the rules of an offer (rate, weekly hours, a start date not
// in the past, from the calendar the job form uses) next to their fields before anything is sent, what is
// sent, and what a refusal says.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function seed(jobStart: string | null) {
  const job = jobFromInput(
    { title: 'Support Lead', status: 'open', weekly_hours: 30, start_date: jobStart },
    { applications_count: 1, openings: 1 },
  );
  const id = fakeId();
  const item: JobApplication = {
    id,
    job_id: job.id,
    job_title: job.title,
    applicant_id: fakeId(),
    applicant_name: 'Grace Hopper',
    applicant_headline: 'Support Engineer',
    status: 'interviewing',
    proposal_rate: 48.5,
    created_at: new Date().toISOString(),
    is_new: false,
    average_rating: null,
    rating_count: 0,
    test_state: 'none',
  };
  const detail: ApplicationDetail = {
    id,
    status: 'interviewing',
    job: {
      id: job.id,
      title: job.title,
      status: 'open',
      openings: 1,
      weekly_hours: 30,
      start_date: jobStart,
      company_name: 'Acme',
    },
    applicant: {
      id: item.applicant_id,
      name: 'Grace Hopper',
      email: 'grace@example.test',
      headline: 'Support Engineer',
      summary: null,
      hourly_rate: null,
      skills: [],
      experience_level: null,
      availability: null,
      region: null,
      location: null,
      timezone: null,
      photo_url: null,
      ...emptyProfileBackground,
    },
    cover_letter: 'I would love to lead your support team.',
    proposal_rate: 48.5,
    created_at: item.created_at,
    updated_at: item.created_at,
    history: [{ status: 'submitted', at: item.created_at, by_name: null, note: null }],
    rejection_reason: null,
    offer: null,
    hired_at: null,
    notes: [],
    rating: { mine: null, average: null, count: 0 },
    test_results: [],
  };
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
  counts.interviewing = 1;
  return { job, item, detail, counts };
}

async function openOffer(
  answer?: (server: FakeServer, detail: ApplicationDetail) => void,
  { jobStart = inDays(10) }: { jobStart?: string | null } = {},
) {
  const { job, item, detail, counts } = seed(jobStart);
  const server = createFakeServer();
  server.on(jobsContract.get, () => job);
  server.on(jobsContract.applications, () => ({
    items: [item],
    total: 1,
    page: 1,
    page_size: 20,
    counts,
    new_count: 0,
  }));
  let current = detail;
  server.on(pipelineContract.get, () => current);
  server.on(pipelineContract.offer, ({ body: offer }) => {
    current = { ...detail, status: 'offered', offer: { ...offer, offered_at: new Date().toISOString() } };
    return current;
  });
  answer?.(server, detail);
  const view = await renderRoute(`${paths.companyJob.getHref({ id: job.id })}?application=${detail.id}`, {
    user: companyUser(),
    server,
  });
  const drawer = await screen.findByRole('dialog', { name: 'Application from Grace Hopper' });
  await view.events.click(within(drawer).getByRole('button', { name: 'Make Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make Offer' });
  return { ...view, dialog, detail };
}

const offersSent = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/offer'));

async function fill(events: UserEvent, dialog: HTMLElement, label: string, value: string) {
  const field = within(dialog).getByLabelText(label);
  await events.clear(field);
  if (value) await events.type(field, value);
}

// The start date's calendar, open.
async function openCalendar(events: UserEvent, dialog: HTMLElement) {
  await events.click(within(dialog).getByLabelText('Start date'));
  return screen.findByRole('grid');
}

// react-day-picker names a day 'Monday, June 15th, 2026' (with 'Today, ' or ', selected' around it).
const dayButton = (day: Date) => screen.queryByRole('button', { name: new RegExp(format(day, 'PPPP')) });

// Chooses a day from the calendar, moving to its month first.
async function pickDay(events: UserEvent, dialog: HTMLElement, day: Date) {
  await openCalendar(events, dialog);
  for (let moves = 0; !dayButton(day) && moves < 2; moves += 1) {
    await events.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
  }
  await events.click(dayButton(day) as HTMLElement);
}

const startDateLabel = (day: string | null) => `Start date: ${day ? formatLongDate(day) : 'not set'}`;

describe('Make Offer', () => {
  it('starts from the proposed rate and the job’s hours and start date', async () => {
    const { dialog } = await openOffer();
    expect(within(dialog).getByLabelText('Hourly rate (USD)')).toHaveValue(48.5);
    expect(within(dialog).getByLabelText('Weekly hours')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Start date')).toHaveAccessibleName(startDateLabel(inDays(10)));
    expect(within(dialog).getByText('They proposed $48.5/hr.')).toBeInTheDocument();
  });

  it('picks the start date from the job form’s calendar: weeks from Sunday, past days disabled', async () => {
    const { dialog, events } = await openOffer(undefined, { jobStart: null });
    const start = within(dialog).getByLabelText('Start date');
    expect(start.tagName).toBe('BUTTON');
    expect(start).toHaveAccessibleName(startDateLabel(null));
    const calendar = await openCalendar(events, dialog);
    // The second week of a month is a full one: it starts on its Sunday.
    const secondWeek = within(calendar)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('gridcell').length > 0)[1] as HTMLElement;
    const firstDay = within(secondWeek).getAllByRole('gridcell')[0] as HTMLElement;
    expect(within(firstDay).getByRole('button')).toHaveAccessibleName(/^(Today, )?Sunday, /);
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    if (yesterday.getMonth() === today.getMonth()) expect(dayButton(yesterday)).toBeDisabled();
    expect(dayButton(today)).toBeEnabled();
    await events.click(dayButton(today) as HTMLElement);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Start date')).toHaveAccessibleName(startDateLabel(toIsoDay(today)));
  });

  it('names every missing or wrong term next to its field and sends nothing', async () => {
    const { dialog, events, server } = await openOffer(undefined, { jobStart: null });
    await fill(events, dialog, 'Hourly rate (USD)', '');
    await fill(events, dialog, 'Weekly hours', '');
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(pipelineTexts.offerRate)).toBeInTheDocument();
    expect(within(dialog).getByText(pipelineTexts.offerHours)).toBeInTheDocument();
    expect(within(dialog).getByText(pipelineTexts.offerStartRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Start date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Hourly rate (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Hourly rate (USD)')).toHaveFocus();

    await fill(events, dialog, 'Hourly rate (USD)', '0');
    await fill(events, dialog, 'Weekly hours', '61');
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(pipelineTexts.offerRate)).toBeInTheDocument();
    expect(within(dialog).getByText(pipelineTexts.offerHours)).toBeInTheDocument();

    await fill(events, dialog, 'Weekly hours', '12.5');
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(pipelineTexts.offerHours)).toBeInTheDocument();
    expect(offersSent(server)).toHaveLength(0);
  });

  it('sends the terms as numbers and a day, then says so and closes', async () => {
    const { dialog, events, server } = await openOffer();
    await fill(events, dialog, 'Hourly rate (USD)', '52.25');
    await fill(events, dialog, 'Weekly hours', '25');
    const start = new Date();
    start.setDate(start.getDate() + 12);
    await pickDay(events, dialog, start);
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    // The drawer stays open on the application, now with the offer's terms.
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Make Offer' })).not.toBeInTheDocument();
    const drawer = screen.getByRole('dialog', { name: 'Application from Grace Hopper' });
    expect(await within(drawer).findByText('$52.25/hr')).toBeInTheDocument();
    expect(within(drawer).getByText('Waiting for Grace Hopper to accept or decline the offer.')).toBeInTheDocument();
    expect(offersSent(server).map((request) => request.body)).toEqual([
      { rate: 52.25, weekly_hours: 25, start_date: toIsoDay(start) },
    ]);
  });

  it('shows the server’s refusal: a field’s next to it, a conflict above the buttons', async () => {
    const { dialog, events } = await openOffer((server) => {
      let calls = 0;
      server.on(pipelineContract.offer, () => {
        calls += 1;
        return calls === 1
          ? replyError(400, 'validation', `start_date: ${pipelineTexts.offerStartPast}`, {
              start_date: pipelineTexts.offerStartPast,
            })
          : replyError(409, 'conflict', 'This application was withdrawn; it cannot move any more.');
      });
    });
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(pipelineTexts.offerStartPast)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Start date')).toHaveAttribute('aria-invalid', 'true');

    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(
      await within(dialog).findByText('This application was withdrawn; it cannot move any more.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Make Offer' })).toBeInTheDocument();
  });
});
