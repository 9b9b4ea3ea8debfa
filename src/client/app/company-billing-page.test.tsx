import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi, invoice } from '~/client/testing/fake-billing-api';
import { createFakeServer } from '~/client/testing/fake-server';
import { fakeWorkApi, workAssignment, workTimesheet } from '~/client/testing/fake-work-api';
import { renderRoute } from '~/client/testing/render-route';
import { paths } from '~/shared/routes';

// /company/billing composes the billing feature with the timesheets feature's panels as tabs:
// Invoices | Timesheets | Assignments, the tab in the URL (?tab=), Invoices by default.

async function openBilling(path: string) {
  const server = createFakeServer();
  fakeBillingApi(server, { invoices: [invoice({ invoice_number: 'INV-TABS', status: 'overdue' })] });
  const assignment = workAssignment({ applicant_name: 'Grace Hopper', role: 'Data Analyst' });
  fakeWorkApi(server, {
    assignments: [assignment],
    timesheets: [workTimesheet(assignment, '2026-11-15', [0, 480, 480, 0, 0, 0, 0], { status: 'submitted' })],
  });
  const view = await renderRoute(path, { user: companyUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.companyBilling.title });
  return view;
}

describe('Billing & Invoices tabs', () => {
  it('opens on Invoices, and each tab’s list comes and goes with ?tab=', async () => {
    const { events, router } = await openBilling(`${paths.companyBilling.getHref()}?status=overdue`);
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Billing summary' })).toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Timesheets' }));
    // The invoice filters stay behind: the Timesheets tab opens unfiltered.
    expect(router.state.location.search).toBe('?tab=timesheets');
    expect(await screen.findByRole('table', { name: 'Timesheets' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Invoices' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Assignments' }));
    expect(router.state.location.search).toBe('?tab=assignments');
    expect(await screen.findByRole('table', { name: 'Assignments' })).toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Invoices' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
  });

  it('opens the tab a link names', async () => {
    await openBilling(`${paths.companyBilling.getHref()}?tab=assignments`);
    expect(await screen.findByRole('table', { name: 'Assignments' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Assignments' })).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to Invoices for an unknown tab', async () => {
    await openBilling(`${paths.companyBilling.getHref()}?tab=nonsense`);
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
  });
});
