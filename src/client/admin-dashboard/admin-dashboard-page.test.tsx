import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import type { AdminDashboard } from '~/shared/admin-dashboard';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { paths } from '~/shared/routes';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });
const figure = (value: number) => ({ value, previous: value, growth_label: 'No change from last month' });

function dashboard(monthlyRevenue: AdminDashboard['monthly_revenue']): AdminDashboard {
  return {
    total_workers: figure(3),
    total_companies: figure(2),
    monthly_revenue: monthlyRevenue,
    gross_margin_percent: { value: null, previous: null, growth_label: 'Nothing invoiced this month' },
    new_signups_7d: figure(0),
    open_abuse_reports: figure(0),
    new_contact_messages: figure(0),
    system_health: { percent: 100, checks: [] },
    recent_actions: [],
    generated_at: '2026-11-29T10:00:00.000Z',
  };
}

const euroRow = {
  currency: 'EUR' as const,
  value: 22_000,
  previous: 0,
  growth_label: '+22,000 from last month',
  converted: 26_400,
  rate: { base: 'EUR' as const, quote: 'USD' as const, rate: '1.2', date: '2026-11-27', source: 'ecb' as const },
};
const dollarRow = {
  currency: 'USD' as const,
  value: 1_240_000,
  previous: 1_240_000,
  growth_label: 'No change from last month',
  converted: 1_240_000,
  rate: null,
};

async function openDashboard(monthlyRevenue: AdminDashboard['monthly_revenue']) {
  const server = createFakeServer();
  server.on(adminDashboardContract.dashboard, () => dashboard(monthlyRevenue));
  await renderRoute(paths.adminDashboard.getHref(), { user: admin(), server });
}

// Monthly Revenue a currency at a time, and their total in the reporting currency at the recorded rates
// (docs/decisions/052): the card shows the total, the table each currency and what it converted to at which rate.
describe('the admin dashboard’s Monthly Revenue', () => {
  beforeAll(async () => {
    await preloadPages(paths.adminDashboard.getHref());
  });

  it('shows the total in the reporting currency and each currency’s row with its rate', async () => {
    await openDashboard({
      reporting_currency: 'USD',
      total: { value: 1_266_400, previous: 1_240_000, growth_label: '+2.1% from last month' },
      currencies: [euroRow, dollarRow],
    });
    const figures = await screen.findByRole('region', { name: 'Platform figures' });
    const card = within(figures).getByRole('heading', { name: 'Monthly Revenue' }).parentElement as HTMLElement;
    expect(card).toHaveTextContent('$12.7K');
    expect(card).toHaveTextContent('Invoiced this month, before tax, in USD');
    const table = screen.getByRole('table', { name: 'Monthly Revenue by currency' });
    expect(within(table).getByRole('row', { name: /^EUR €220\.00/ })).toHaveTextContent(
      '$264.00at 1 EUR = 1.2 USD (ECB (scheduled), 2026-11-27)',
    );
    expect(within(table).getByRole('row', { name: /^USD \$12,400\.00/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$12,664.00');
  });

  it('says a currency has no recorded rate, and shows no total without one', async () => {
    await openDashboard({
      reporting_currency: 'USD',
      total: { value: null, previous: 1_240_000, growth_label: 'No GBP → USD rate recorded on or before 2026-11-30.' },
      currencies: [
        {
          currency: 'GBP',
          value: 11_000,
          previous: 0,
          growth_label: '+11,000 from last month',
          converted: null,
          rate: null,
        },
        dollarRow,
      ],
    });
    const figures = await screen.findByRole('region', { name: 'Platform figures' });
    const card = within(figures).getByRole('heading', { name: 'Monthly Revenue' }).parentElement as HTMLElement;
    expect(card).toHaveTextContent('—');
    expect(card).toHaveTextContent('No GBP → USD rate recorded on or before 2026-11-30.');
    const table = screen.getByRole('table', { name: 'Monthly Revenue by currency' });
    expect(within(table).getByRole('row', { name: /^GBP £110\.00/ })).toHaveTextContent('—No rate recorded');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('—');
  });
});
