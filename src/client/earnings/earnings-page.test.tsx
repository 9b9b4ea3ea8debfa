import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { earningsContract } from '~/shared/contracts/earnings';
import type { EarningsSummary, EarningsWeek } from '~/shared/earnings';
import { paths } from '~/shared/routes';

// Earnings (docs/decisions/024): the talent's approved weeks with what each earns them, when approved and
// whether invoiced, a page at a time from the server, under the totals; and its empty and error states.

function earningsWeek(overrides: Partial<EarningsWeek> = {}): EarningsWeek {
  return {
    kind: 'week',
    timesheet_id: fakeId(),
    milestone_id: null,
    milestone_title: null,
    assignment_id: fakeId(),
    company_name: 'Harbor Goods',
    role: 'Support Specialist',
    week_start: '2026-11-15',
    earned_on: overrides.week_start ?? '2026-11-15',
    total_minutes: 2265,
    amount_cents: 120_800,
    approved_at: '2026-11-23T15:00:00.000Z',
    stage: 'approved',
    invoiced_on: null,
    ...overrides,
  };
}

const summary: EarningsSummary = {
  weeks: 2,
  milestones: 0,
  total_minutes: 4665,
  approved_cents: 248_800,
  invoiced_cents: 128_000,
  awaiting_invoice_cents: 120_800,
};

async function openEarnings(weeks: EarningsWeek[], total = weeks.length, path = paths.applicantEarnings.getHref()) {
  const server = createFakeServer();
  server.on(earningsContract.summary, () => summary);
  server.on(earningsContract.weeks, ({ query }) => ({
    items: weeks,
    total,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));
  const view = await renderRoute(path, { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: 'Earnings' });
  return { ...view, server };
}

describe('Earnings', () => {
  it('shows the totals and each approved week with its hours, earnings, approval and invoice', async () => {
    await openEarnings([
      earningsWeek(),
      earningsWeek({
        week_start: '2026-11-08',
        total_minutes: 2400,
        amount_cents: 128_000,
        approved_at: '2026-11-16T15:00:00.000Z',
        stage: 'invoiced',
        invoiced_on: '2026-11-22',
      }),
    ]);
    const cards = await screen.findByRole('region', { name: 'Earnings summary' });
    expect(within(cards).getByText('$2,488.00')).toBeInTheDocument();
    expect(within(cards).getByText('2 approved weeks, 77.75 h')).toBeInTheDocument();
    expect(within(cards).getByText('$1,280.00')).toBeInTheDocument();
    expect(within(cards).getByText('$1,208.00')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Earnings by week' });
    const awaiting = within(table).getByRole('row', { name: /Nov 15 – 21, 2026/ });
    expect(awaiting).toHaveTextContent('Support Specialist at Harbor Goods');
    expect(awaiting).toHaveTextContent('37.75 h');
    expect(awaiting).toHaveTextContent('$1,208.00');
    expect(awaiting).toHaveTextContent('Nov 23, 2026');
    expect(awaiting).toHaveTextContent('Awaiting invoice');
    const invoiced = within(table).getByRole('row', { name: /Nov 8 – 14, 2026/ });
    expect(invoiced).toHaveTextContent('$1,280.00');
    expect(invoiced).toHaveTextContent('Invoiced Nov 22, 2026');
  });

  it('asks the server for the page in the URL', async () => {
    const { server } = await openEarnings([earningsWeek()], 45, `${paths.applicantEarnings.getHref()}?page=3`);
    await screen.findByRole('table', { name: 'Earnings by week' });
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/applicant/earnings')?.query.get('page')).toBe(
        '3',
      ),
    );
    expect(screen.getByText(/41–45 of 45 weeks/)).toBeInTheDocument();
  });

  it('says there are no earnings yet and points to the timesheets', async () => {
    await openEarnings([]);
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Timesheets' })).toHaveAttribute(
      'href',
      paths.applicantTimesheets.getHref(),
    );
  });

  it('shows the server’s sentence and Try Again when the weeks cannot be loaded', async () => {
    const server = createFakeServer();
    server.on(earningsContract.summary, () => summary);
    server.on(earningsContract.weeks, () => replyError(400, 'validation', 'The page must be a whole number.'));
    await renderRoute(paths.applicantEarnings.getHref(), { user: applicantUser(), server });
    expect(await screen.findByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The page must be a whole number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
