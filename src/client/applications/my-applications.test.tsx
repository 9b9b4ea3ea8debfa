import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantUser, fakeId } from '~/client/testing/data-generators';
import { applicantApplication, fakeApplicantApi } from '~/client/testing/fake-applicant-api';
import { applicantAttempt } from '~/client/testing/fake-applicant-tests-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type ApplicantApplication, applicantTexts, applicationTexts } from '~/shared/applications';
import { pathOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { payoutsContract } from '~/shared/contracts/payouts';
import { proposalFileTexts } from '~/shared/proposal-files';
import { paths } from '~/shared/routes';
import { screeningTexts } from '~/shared/screening-questions';
import type { ApplicantAttempt } from '~/shared/test-attempts';

// My Applications: the list with its stages, the offer's terms, and each move asked
// first in a confirm dialog, then made on the server, then said in a toast.

const offer = { rate: 65.5, weekly_hours: 30, start_date: '2031-03-02', total_cents: null, milestones: [] };

async function openMyApplications(
  applications: ApplicantApplication[],
  answer?: (server: FakeServer) => void,
  path = paths.applicantApplications.getHref(),
  tests: ApplicantAttempt[] = [],
) {
  const server = createFakeServer();
  const store = fakeApplicantApi(server, { applications, tests });
  answer?.(server);
  const view = await renderRoute(path, { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.applicantApplications.title });
  return { ...view, store };
}

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

// The Stage column of a row (the third cell).
const stageCell = (row: HTMLElement) => within(row).getAllByRole('cell')[2];

const posts = (server: FakeServer) => server.requests.filter((request) => request.method === 'POST');

describe('My Applications', () => {
  it('shows each application’s stage, the offer’s terms and the neutral reason of a rejection', async () => {
    await openMyApplications([
      applicantApplication({ job_title: 'Data Entry Clerk', status: 'offered', offer }),
      applicantApplication({ job_title: 'Bookkeeper', status: 'rejected', rejection_reason: 'We hired locally.' }),
    ]);
    const table = await screen.findByRole('table', { name: 'My applications' });
    const offered = within(table).getByRole('row', { name: /Data Entry Clerk/ });
    expect(within(offered).getByText('Offer')).toBeInTheDocument();
    expect(within(offered).getByText('$65.50/hr · 30 hrs/week · Starts Mar 2, 2031')).toBeInTheDocument();
    const rejected = within(table).getByRole('row', { name: /Bookkeeper/ });
    expect(within(rejected).getByText('Not selected')).toBeInTheDocument();
    expect(within(rejected).getByText('We hired locally.')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('keeps what was sent with an application folded away: the answers and the files, each a download', async () => {
    const id = fakeId();
    const fileId = fakeId();
    const { events } = await openMyApplications([
      applicantApplication({
        id,
        job_title: 'Support Lead',
        screening_answers: [
          { question_id: fakeId(), question: 'How large a team have you led?', answer: 'Eight people.' },
          { question_id: fakeId(), question: 'Which help desks do you know?', answer: '' },
        ],
        attachments: [
          {
            id: fileId,
            name: 'Playbook.pdf',
            content_type: 'application/pdf',
            size: 2048,
            download_url: `/api/applicant/applications/${id}/files/${fileId}`,
          },
        ],
      }),
      applicantApplication({ job_title: 'Bookkeeper' }),
    ]);
    const table = await screen.findByRole('table', { name: 'My applications' });
    const row = within(table).getByRole('row', { name: /Support Lead/ });
    const sent = within(row).getByText('What you sent');
    expect(within(row).getByText('Eight people.')).not.toBeVisible();
    await events.click(sent);
    const answers = await within(row).findByRole('region', { name: screeningTexts.heading });
    expect(within(answers).getByText('Eight people.')).toBeVisible();
    expect(within(answers).getByText(screeningTexts.noAnswer)).toBeVisible();
    const files = within(row).getByRole('region', { name: proposalFileTexts.heading });
    expect(within(files).getByRole('link', { name: 'Playbook.pdf' })).toHaveAttribute(
      'href',
      `/api/applicant/applications/${id}/files/${fileId}`,
    );
    // Nothing sent besides the letter: nothing to unfold.
    const plain = within(table).getByRole('row', { name: /Bookkeeper/ });
    expect(within(plain).queryByText('What you sent')).not.toBeInTheDocument();
  });

  it('links an active assignment to its timesheet', async () => {
    const assignment = {
      id: fakeId(),
      role: 'Data Entry Clerk',
      engagement_type: 'hourly' as const,
      rate: 65.5,
      weekly_hours: 30,
      start_date: '2026-11-02',
    };
    await openMyApplications([
      applicantApplication({
        job_title: 'Data Entry Clerk',
        status: 'hired',
        assignment: { ...assignment, status: 'active' },
      }),
      applicantApplication({
        job_title: 'Bookkeeper',
        status: 'hired',
        assignment: { ...assignment, id: fakeId(), status: 'pending' },
      }),
    ]);
    const link = await screen.findByRole('link', { name: 'Log time: Data Entry Clerk' });
    expect(link).toHaveAttribute('href', `${paths.applicantTimesheets.getHref()}?assignment=${assignment.id}`);
    expect(screen.queryByRole('link', { name: 'Log time: Bookkeeper' })).not.toBeInTheDocument();
  });

  // docs/decisions/035: a fixed price is a total split into milestones, each with its amount and due date.
  it('shows a euro offer in the talent’s pesos at today’s rate, less the FX margin, with the rate it assumes', async () => {
    const offer = { rate: 40, weekly_hours: 20, start_date: '2031-03-02', total_cents: null, milestones: [] };
    await openMyApplications(
      [applicantApplication({ job_title: 'Bookkeeper', status: 'offered', offer, currency: 'EUR' })],
      (server) =>
        server.on(payoutsContract.conversionRates, () => ({
          payout_currency: 'PHP' as const,
          margin_basis_points: 50,
          rates: [
            {
              base: 'EUR' as const,
              quote: 'PHP' as const,
              rate: '61.2345',
              date: '2031-02-27',
              source: 'ecb' as const,
            },
          ],
        })),
    );
    const row = within(await screen.findByRole('table', { name: 'My applications' })).getByRole('row', {
      name: /Bookkeeper/,
    });
    expect(row).toHaveTextContent('Offer: €40/hr · 20 hrs/week · Starts Mar 2, 2031');
    // €40.00 × 61.2345 = ₱2,449.38; 0.50% of it (₱12.25) kept: ₱2,437.13.
    const estimate = await within(row).findByText(/^≈ ₱2,437\.13/);
    expect(estimate).toHaveTextContent(
      '≈ ₱2,437.13/h to you, at 1 EUR = 61.2345 PHP (ECB rate of 2031-02-27, FX margin 0.5%); the rate is fixed when the payout is approved',
    );
  });

  it('shows a fixed-price offer with its milestones, and links the hire to its contract', async () => {
    const milestones = [
      { title: 'Wireframes', description: '', amount_cents: 150_000, due_date: '2031-03-20' },
      { title: 'Final designs', description: 'Every screen, in Figma.', amount_cents: 350_000, due_date: '2031-04-15' },
    ];
    const fixedOffer = { rate: null, weekly_hours: null, start_date: '2031-03-02', total_cents: 500_000, milestones };
    const assignmentId = fakeId();
    await openMyApplications([
      applicantApplication({ job_title: 'Mobile App Designer', status: 'offered', offer: fixedOffer }),
      applicantApplication({
        job_title: 'Logo Designer',
        status: 'hired',
        offer: { ...fixedOffer, total_cents: 150_000, milestones: milestones.slice(0, 1) },
        assignment: {
          id: assignmentId,
          role: 'Logo Designer',
          engagement_type: 'fixed',
          rate: null,
          weekly_hours: null,
          start_date: '2031-03-02',
          status: 'pending',
        },
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'My applications' });
    const offered = within(table).getByRole('row', { name: /Mobile App Designer/ });
    expect(within(offered).getByText('Fixed price $5,000.00 · 2 milestones · Starts Mar 2, 2031')).toBeInTheDocument();
    const list = within(offered).getByRole('list', { name: 'Milestones: Mobile App Designer' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Wireframes · $1,500.00 · Due Mar 20, 2031',
      'Final designs · $3,500.00 · Due Apr 15, 2031Every screen, in Figma.',
    ]);

    const hired = within(table).getByRole('row', { name: /Logo Designer/ });
    expect(hired).toHaveTextContent('Hired: Fixed price $1,500.00 · 1 milestone · Starts Mar 2, 2031 · View contract');
    expect(within(hired).getByRole('link', { name: 'View contract: Logo Designer' })).toHaveAttribute(
      'href',
      paths.applicantContract.getHref({ id: assignmentId }),
    );
    expect(within(hired).queryByRole('link', { name: /Log time/ })).not.toBeInTheDocument();
  });

  it('accepts an offer only after the confirm dialog, then shows the hire', async () => {
    const application = applicantApplication({ job_title: 'Data Entry Clerk', status: 'offered', offer });
    const { events, server, store } = await openMyApplications([application]);

    await events.click(await screen.findByRole('button', { name: 'Accept Offer: Data Entry Clerk' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent('$65.50/hr · 30 hrs/week · Starts Mar 2, 2031');
    expect(posts(server)).toHaveLength(0);
    await events.click(within(dialog).getByRole('button', { name: 'Accept Offer' }));

    expect(await findNotification(applicantTexts.offerAccepted)).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([
      pathOf(applicationsContract.acceptOffer.path, { id: application.id }),
    ]);
    expect(store[0]?.status).toBe('hired');
    await waitFor(() =>
      expect(stageCell(screen.getByRole('row', { name: /Data Entry Clerk/ }))).toHaveTextContent('Hired'),
    );
    const row = screen.getByRole('row', { name: /Data Entry Clerk/ });
    expect(within(row).queryByRole('button', { name: /Accept Offer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('declines an offer after the confirm dialog, and Cancel changes nothing', async () => {
    const application = applicantApplication({ job_title: 'Data Entry Clerk', status: 'offered', offer });
    const { events, server, store } = await openMyApplications([application]);

    await events.click(await screen.findByRole('button', { name: 'Decline: Data Entry Clerk' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' });
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(server)).toHaveLength(0);
    expect(store[0]?.status).toBe('offered');

    await events.click(screen.getByRole('button', { name: 'Decline: Data Entry Clerk' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' });
    await events.click(within(dialog).getByRole('button', { name: 'Decline Offer' }));
    expect(await findNotification(applicantTexts.offerDeclined)).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([
      pathOf(applicationsContract.declineOffer.path, { id: application.id }),
    ]);
    await waitFor(() =>
      expect(stageCell(screen.getByRole('row', { name: /Data Entry Clerk/ }))).toHaveTextContent('Withdrawn'),
    );
    const row = screen.getByRole('row', { name: /Data Entry Clerk/ });
    expect(within(row).queryByRole('button', { name: /Decline/ })).not.toBeInTheDocument();
    await events.click(within(row).getByText(/Stage history/));
    expect(within(row).getByText(applicationTexts.declinedOffer)).toBeInTheDocument();
  });

  it('says the server’s reason when it refuses a move', async () => {
    const refusal = 'This application changed while you were looking at it. Reload and try again.';
    const { events } = await openMyApplications(
      [applicantApplication({ job_title: 'Support Engineer', status: 'interviewing' })],
      (server) => server.on(applicationsContract.withdraw, () => replyError(409, 'conflict', refusal)),
    );
    await events.click(await screen.findByRole('button', { name: 'Withdraw: Support Engineer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this application?' });
    await events.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await findNotification(applicantTexts.withdrawErrorTitle)).toBeInTheDocument();
    expect(await findNotification(refusal)).toBeInTheDocument();
  });

  it('filters by stage through the URL', async () => {
    const { events, server, router } = await openMyApplications([
      applicantApplication({ job_title: 'Support Engineer', status: 'interviewing' }),
      applicantApplication({ job_title: 'Bookkeeper', status: 'submitted' }),
    ]);
    await screen.findByRole('row', { name: /Bookkeeper/ });
    await events.selectOptions(screen.getByLabelText('Stage'), 'Interviewing');
    expect(router.state.location.search).toBe('?status=interviewing');
    await screen.findByRole('row', { name: /Support Engineer/ });
    expect(screen.queryByRole('row', { name: /Bookkeeper/ })).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.query.get('status') === 'interviewing')).toBe(true);
  });

  it('sends someone with no applications to Find Jobs', async () => {
    await openMyApplications([]);
    const empty = (await screen.findByText('No applications yet')).parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Find Jobs' })).toHaveAttribute(
      'href',
      paths.applicantJobs.getHref(),
    );
  });

  it('lists the skills tests of every application with their status, result and the way into each', async () => {
    const deadline = new Date(2031, 2, 2, 14, 5).toISOString();
    const toTake = applicantAttempt({ test: { ...applicantAttempt().test, name: 'Excel Basics' } });
    const inProgress = applicantAttempt({
      status: 'started',
      deadline_at: deadline,
      test: { ...applicantAttempt().test, name: 'Writing Sample' },
    });
    const graded = applicantAttempt({
      status: 'graded',
      result: { score: 82, passed: true, pass_rate: 70, points_earned: 8, points_possible: 10 },
      test: { ...applicantAttempt().test, name: 'Support Quiz' },
    });
    const waiting = applicantAttempt({ status: 'submitted', test: { ...applicantAttempt().test, name: 'Essay' } });
    const { events, server, router } = await openMyApplications(
      [],
      undefined,
      `${paths.applicantApplications.getHref()}?tab=tests`,
      [toTake, inProgress, graded, waiting],
    );
    const table = await screen.findByRole('table', { name: 'My skills tests' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    await within(table).findByText('Excel Basics');
    expect(row('Excel Basics')).toHaveTextContent('Not started');
    expect(row('Excel Basics')).toHaveTextContent('Acme · Support Engineer');
    expect(within(row('Excel Basics')).getByRole('link', { name: 'Start: Excel Basics' })).toHaveAttribute(
      'href',
      paths.applicantTest.getHref({ id: toTake.id }),
    );
    expect(row('Writing Sample')).toHaveTextContent('In progress — ends at 14:05');
    expect(within(row('Writing Sample')).getByRole('link', { name: 'Continue: Writing Sample' })).toBeInTheDocument();
    expect(row('Support Quiz')).toHaveTextContent('82% · Passed');
    expect(within(row('Support Quiz')).getByRole('link', { name: 'View: Support Quiz' })).toBeInTheDocument();
    expect(row('Essay')).toHaveTextContent('Being graded');

    await events.selectOptions(screen.getByLabelText('Show'), 'Done');
    expect(router.state.location.search).toBe('?tab=tests&tests_state=done');
    await waitFor(() => expect(within(table).queryByText('Excel Basics')).not.toBeInTheDocument());
    expect(server.requests.some((request) => request.query.get('state') === 'done')).toBe(true);
  });
});
