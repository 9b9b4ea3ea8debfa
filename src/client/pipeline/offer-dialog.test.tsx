import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '~/client/components/date-picker';
import { toIsoDay } from '~/client/lib/iso-day';
import { dayButtonIn, openCalendarWith, pickDayWith } from '~/client/testing/calendar';
import { companyUser, fakeId, jobFromInput } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationStatuses } from '~/shared/applications';
import { agreementsContract } from '~/shared/contracts/agreements';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import { milestoneTexts } from '~/shared/milestones';
import { type ApplicationDetail, pipelineTexts } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';

// Make Offer on the job page's pipeline: the rules of an offer (rate, weekly hours, a start date not
// in the past, from the calendar the job form uses; for a fixed-price job a total and its milestones) next
// to their fields before anything is sent, what is sent, and what a refusal says.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A fixed-price job: its budget in cents (decision 035), or null for an hourly job; and what the applicant
// proposed for it, when they did (an hourly job's applicant proposed $48.50/hr).
type FixedProposal = Pick<ApplicationDetail, 'proposal_price_cents' | 'proposal_milestones'>;
function seed(jobStart: string | null, fixedBudgetCents: number | null = null, proposal?: FixedProposal) {
  const isFixed = fixedBudgetCents !== null;
  const proposed = {
    proposal_rate: isFixed ? null : 48.5,
    proposal_price_cents: proposal?.proposal_price_cents ?? null,
    currency: 'USD' as const,
  };
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
    ...proposed,
    created_at: new Date().toISOString(),
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
      engagement_type: isFixed ? 'fixed' : 'hourly',
      budget_total_cents: fixedBudgetCents,
      weekly_hours: 30,
      start_date: jobStart,
      company_name: 'Acme',
      interview_stages: [],
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
      cv: null,
      ...emptyProfileBackground,
    },
    cover_letter: 'I would love to lead your support team.',
    ...proposed,
    proposal_milestones: proposal?.proposal_milestones ?? null,
    screening_answers: [],
    attachments: [],
    created_at: item.created_at,
    updated_at: item.created_at,
    source: 'tandem',
    referrer_name: null,
    history: [{ status: 'submitted', at: item.created_at, by_name: null, note: null, interview_stage: null }],
    rejection_reason: null,
    offer: null,
    hired_at: null,
    assignment_id: null,
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
  {
    jobStart = inDays(10),
    fixedBudgetCents = null,
    proposal,
  }: { jobStart?: string | null; fixedBudgetCents?: number | null; proposal?: FixedProposal } = {},
) {
  const { job, item, detail, counts } = seed(jobStart, fixedBudgetCents, proposal);
  const server = createFakeServer();
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
  server.on(pipelineContract.offer, ({ body: offer }) => {
    current = {
      ...detail,
      status: 'offered',
      offer: { ...offer, offered_at: new Date().toISOString(), total_cents: null, milestones: [] },
    };
    return current;
  });
  server.on(pipelineContract.fixedPriceOffer, ({ body: offer }) => {
    current = {
      ...detail,
      status: 'offered',
      offer: {
        rate: null,
        weekly_hours: null,
        start_date: offer.start_date,
        offered_at: new Date().toISOString(),
        total_cents: offer.total_cents,
        milestones: offer.milestones.map((milestone) => ({ ...milestone, description: milestone.description ?? '' })),
      },
    };
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
const openCalendar = (events: UserEvent, dialog: HTMLElement) =>
  openCalendarWith(events, within(dialog).getByLabelText('Start date'));

// Chooses the start date from its calendar.
const pickDay = (events: UserEvent, dialog: HTMLElement, day: Date) =>
  pickDayWith(events, within(dialog).getByLabelText('Start date'), day);

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
    const dayButton = (day: Date) => dayButtonIn(calendar, day);
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

  it('sends the terms as numbers and a day with the agreements ticked, then says so and closes', async () => {
    // The company's default set starts ticked (an NDA); the person offering adds the offer letter.
    const { dialog, events, server } = await openOffer((fake) => {
      fake.on(agreementsContract.jobAgreements, () => ({ templates: null, effective: ['tandem-nda'] }));
      fake.on(agreementsContract.templates, () => ({
        defaults: (['nda', 'offer_letter'] as const).map((kind) => ({
          id: `tandem-${kind}`,
          kind,
          name: kind === 'nda' ? 'Tandem non-disclosure agreement' : 'Tandem offer letter',
          source: 'tandem' as const,
          version: 1,
          body: 'Text',
          updated_at: null,
          updated_by_name: null,
        })),
        items: [],
        total: 0,
        page: 1,
        page_size: 10,
      }));
    });
    expect(await within(dialog).findByRole('checkbox', { name: 'Tandem non-disclosure agreement' })).toBeChecked();
    await events.click(within(dialog).getByRole('checkbox', { name: 'Tandem offer letter' }));
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
      { rate: 52.25, weekly_hours: 25, start_date: toIsoDay(start), agreements: ['tandem-nda', 'tandem-offer_letter'] },
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

// A fixed-price job (docs/decisions/035): the offer is a total split into milestones that add up to it to
// the cent, in whole cents however the dollars are typed.
describe('Make Offer for a fixed-price job', () => {
  const openFixedOffer = (answer?: (server: FakeServer, detail: ApplicationDetail) => void) =>
    openOffer(answer, { fixedBudgetCents: 500_000 });

  const milestoneGroup = (dialog: HTMLElement, number: number) =>
    within(dialog).getByRole('group', { name: `Milestone ${number}` });

  const fixedOffersSent = (server: FakeServer) =>
    server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/fixed-price-offer'));

  async function fillIn(events: UserEvent, field: HTMLElement, value: string) {
    await events.clear(field);
    if (value) await events.type(field, value);
  }

  async function pasteIn(events: UserEvent, field: HTMLElement, value: string) {
    await events.clear(field);
    if (value) await events.paste(value);
  }

  const daysFromNow = (days: number) => {
    const day = new Date();
    day.setHours(0, 0, 0, 0);
    day.setDate(day.getDate() + days);
    return day;
  };

  async function fillMilestone(
    events: UserEvent,
    group: HTMLElement,
    { title, description = '', amount, due }: { title: string; description?: string; amount: string; due: Date },
  ) {
    // The words pasted (a keystroke re-renders the dialog: 25 ms each in jsdom), the amount typed.
    await pasteIn(events, within(group).getByLabelText('Title'), title);
    await pasteIn(events, within(group).getByLabelText('Description (optional)'), description);
    await fillIn(events, within(group).getByLabelText('Amount (USD)'), amount);
    await pickDayWith(events, within(group).getByRole('button', { name: /^Due date:/ }), due);
  }

  it('starts from the job’s budget and start date, with one milestone and no hourly terms', async () => {
    const { dialog } = await openFixedOffer();
    expect(within(dialog).getByLabelText('Total price (USD)')).toHaveValue('5000.00');
    expect(within(dialog).getByLabelText('Start date')).toHaveAccessibleName(startDateLabel(inDays(10)));
    expect(within(dialog).queryByLabelText('Hourly rate (USD)')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Weekly hours')).not.toBeInTheDocument();
    expect(milestoneGroup(dialog, 1)).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Milestone 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove milestone 1' })).toBeDisabled();
    expect(within(dialog).getByText('Milestones add up to $0.00 of $5,000.00')).toBeInTheDocument();
  });

  it('starts from the total and milestones the applicant proposed', async () => {
    const { dialog } = await openOffer(undefined, {
      fixedBudgetCents: 500_000,
      proposal: {
        proposal_price_cents: 450_000,
        proposal_milestones: [
          { title: 'Wireframes', description: 'Five screens', amount_cents: 200_000, due_date: inDays(12) },
          { title: 'Final designs', description: '', amount_cents: 250_000, due_date: inDays(20) },
        ],
      },
    });
    expect(within(dialog).getByLabelText('Total price (USD)')).toHaveValue('4500.00');
    expect(within(milestoneGroup(dialog, 1)).getByLabelText('Title')).toHaveValue('Wireframes');
    expect(within(milestoneGroup(dialog, 1)).getByLabelText('Description (optional)')).toHaveValue('Five screens');
    expect(within(milestoneGroup(dialog, 2)).getByLabelText('Amount (USD)')).toHaveValue('2500.00');
    expect(within(dialog).getByText('Milestones add up to $4,500.00 of $4,500.00')).toBeInTheDocument();
  });

  it('adds and removes milestones, and adds up their amounts as they are typed', async () => {
    const { dialog, events } = await openFixedOffer();
    await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await fillIn(events, within(milestoneGroup(dialog, 1)).getByLabelText('Amount (USD)'), '2,000');
    await fillIn(events, within(milestoneGroup(dialog, 2)).getByLabelText('Amount (USD)'), '2999.99');
    expect(within(dialog).getByText('Milestones add up to $4,999.99 of $5,000.00')).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    expect(milestoneGroup(dialog, 3)).toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Remove milestone 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Milestone 3' })).not.toBeInTheDocument();
    expect(within(milestoneGroup(dialog, 1)).getByLabelText('Amount (USD)')).toHaveValue('2999.99');
    expect(within(dialog).getByText('Milestones add up to $2,999.99 of $5,000.00')).toBeInTheDocument();
  });

  it('names each missing term next to its field and milestone, and the mismatch on the total', async () => {
    const { dialog, events, server } = await openFixedOffer();
    await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    const first = milestoneGroup(dialog, 1);
    expect(await within(first).findByText(milestoneTexts.titleRequired)).toBeInTheDocument();
    expect(within(first).getByText(milestoneTexts.amount)).toBeInTheDocument();
    expect(within(first).getByText(milestoneTexts.dueDateRequired)).toBeInTheDocument();
    expect(within(first).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(first).getByLabelText('Title')).toHaveFocus();
    expect(within(milestoneGroup(dialog, 2)).getByText(milestoneTexts.titleRequired)).toBeInTheDocument();

    await fillMilestone(events, first, { title: 'Wireframes', amount: '2000', due: daysFromNow(12) });
    await fillMilestone(events, milestoneGroup(dialog, 2), {
      title: 'Final designs',
      amount: '2999.99',
      due: daysFromNow(20),
    });
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    const mismatch = milestoneTexts.totalMismatch(499_999, 500_000);
    expect(await within(dialog).findByText(mismatch)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Total price (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Total price (USD)')).toHaveAccessibleDescription(
      expect.stringContaining(mismatch),
    );
    // A third of a cent is not an amount.
    await fillIn(events, within(milestoneGroup(dialog, 2)).getByLabelText('Amount (USD)'), '3000.001');
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(milestoneGroup(dialog, 2)).findByText(milestoneTexts.amount)).toBeInTheDocument();
    expect(fixedOffersSent(server)).toHaveLength(0);
    expect(offersSent(server)).toHaveLength(0);
  });

  it('sends the total and each milestone in whole cents, then shows the offer in the drawer', async () => {
    const { dialog, events, server } = await openFixedOffer();
    await fillIn(events, within(dialog).getByLabelText('Total price (USD)'), '4,321.09');
    await fillMilestone(events, milestoneGroup(dialog, 1), {
      title: 'Wireframes',
      description: 'Five screens',
      amount: '1,234.56',
      due: daysFromNow(12),
    });
    await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await fillMilestone(events, milestoneGroup(dialog, 2), {
      title: 'Final designs',
      amount: '3086.53',
      due: daysFromNow(20),
    });
    expect(within(dialog).getByText('Milestones add up to $4,321.09 of $4,321.09')).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Make Offer' })).not.toBeInTheDocument();
    expect(fixedOffersSent(server).map((request) => request.body)).toEqual([
      {
        // None ticked by default (the company has no default set).
        agreements: [],
        total_cents: 432_109,
        start_date: inDays(10),
        milestones: [
          {
            title: 'Wireframes',
            description: 'Five screens',
            amount_cents: 123_456,
            due_date: toIsoDay(daysFromNow(12)),
          },
          { title: 'Final designs', description: '', amount_cents: 308_653, due_date: toIsoDay(daysFromNow(20)) },
        ],
      },
    ]);
    expect(offersSent(server)).toHaveLength(0);
    const drawer = screen.getByRole('dialog', { name: 'Application from Grace Hopper' });
    const offered = await within(drawer).findByRole('list', { name: 'Offered milestones' });
    expect(within(drawer).getByText('$4,321.09')).toBeInTheDocument();
    expect(within(offered).getByText('1. Wireframes')).toBeInTheDocument();
    expect(within(offered).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(offered).getByText('2. Final designs')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a milestone’s amount next to that amount', async () => {
    const { dialog, events } = await openFixedOffer((server) =>
      server.on(pipelineContract.fixedPriceOffer, () =>
        replyError(400, 'validation', `milestones.0.amount_cents: ${milestoneTexts.amount}`, {
          'milestones.0.amount_cents': milestoneTexts.amount,
        }),
      ),
    );
    await fillMilestone(events, milestoneGroup(dialog, 1), {
      title: 'Everything',
      amount: '5000',
      due: daysFromNow(12),
    });
    await events.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    const first = milestoneGroup(dialog, 1);
    expect(await within(first).findByText(milestoneTexts.amount)).toBeInTheDocument();
    expect(within(first).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Make Offer' })).toBeInTheDocument();
  });
});
