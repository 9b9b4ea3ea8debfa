import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '~/client/lib/query-client';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { adminTestsContract } from '~/shared/contracts/admin-tests';
import { authContract } from '~/shared/contracts/auth';
import { invoicesContract } from '~/shared/contracts/billing';
import { settingsContract } from '~/shared/contracts/settings';
import { paths } from '~/shared/routes';
import { defaultPlatformSettings, maintenanceTexts } from '~/shared/settings';

// Maintenance mode in the portal: a signed-in person who is not an administrator sees the maintenance
// message from the server's first 503 'maintenance' (no retries, no seconds of skeletons); an
// administrator, who may still use the site, sees a banner that it is down for everyone else.

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });
const maintenance = () => replyError(503, 'maintenance', maintenanceTexts.apiMessage);

describe('maintenance mode in the portal', () => {
  it('shows the maintenance screen from who-am-I’s first answer, without asking again', async () => {
    const server = createFakeServer();
    server.on(authContract.me, maintenance);
    await renderRoute(paths.companyDashboard.getHref(), { user: companyUser(), server });
    expect(await screen.findByRole('heading', { level: 1, name: maintenanceTexts.title })).toBeInTheDocument();
    expect(screen.getByText(maintenanceTexts.body)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(document.title).toBe(`${maintenanceTexts.title} · Tandem`);
    // Nothing of the portal, and one question only: a retry could not change the answer.
    expect(screen.queryByTestId('portal-sidebar')).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.path === '/api/auth/me')).toHaveLength(1);
  });

  it('replaces an open page at the first refused read', async () => {
    const server = createFakeServer();
    fakeBillingApi(server);
    await renderRoute(paths.companyBilling.getHref(), { user: companyUser(), server });
    await screen.findByRole('heading', { level: 1, name: 'Billing & Invoices' });

    // An administrator turns maintenance mode on; the page reads again.
    server.on(invoicesContract.list, maintenance);
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    expect(await screen.findByRole('heading', { level: 1, name: maintenanceTexts.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Billing & Invoices' })).not.toBeInTheDocument();
    // The list read twice, once answered and once refused: no retry. (Billing's overdue notice reads the
    // overdue invoices apart, and is left out here.)
    const listReads = server.requests.filter(
      (request) => request.path === '/api/company/invoices' && request.query.get('status') !== 'overdue',
    );
    expect(listReads).toHaveLength(2);
  });

  it('tells administrators, across their portal, that the site is down for everyone else', async () => {
    const server = createFakeServer();
    server.on(adminTestsContract.list, () => ({ items: [], total: 0, page: 1, page_size: 20 }));
    server.on(settingsContract.read, () => ({ settings: { ...defaultPlatformSettings, maintenance_mode: true } }));
    await renderRoute(paths.adminTests.getHref(), { user: admin(), server });
    await screen.findByRole('heading', { level: 1, name: 'Tests & Content Management' });
    const banner = await screen.findByRole('region', { name: 'Maintenance mode' });
    expect(banner).toHaveTextContent('Maintenance mode is on: Tandem is down for everyone but administrators.');
    expect(within(banner).getByRole('link', { name: 'System Settings' })).toHaveAttribute(
      'href',
      paths.adminSettings.getHref(),
    );
  });

  it('shows administrators no banner while the site is up', async () => {
    const server = createFakeServer();
    server.on(adminTestsContract.list, () => ({ items: [], total: 0, page: 1, page_size: 20 }));
    await renderRoute(paths.adminTests.getHref(), { user: admin(), server });
    await screen.findByRole('heading', { level: 1, name: 'Tests & Content Management' });
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/admin/settings')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Maintenance mode' })).not.toBeInTheDocument();
  });
});
