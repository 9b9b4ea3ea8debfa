import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AllowedProvider } from '~/client/lib/allowed';
import { queryClient } from '~/client/lib/query-client';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { billingDetailsOf } from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import type { AdminCompanyDetail } from '~/shared/admin-companies';
import { adminUpdateBillingDetailsSchema, type BillingDetails, billingDetailsTexts } from '~/shared/billing-details';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { paths } from '~/shared/routes';
import { CompanyBillingSection } from './company-billing-section';

// Company Management's drawer, Billing (decision 044): an administrator sets what the company writes and the
// tax rate and payment terms only an administrator may, the rate typed as a percentage and sent in basis points.

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

const company: AdminCompanyDetail = {
  id: fakeId(),
  name: 'Harbor Goods',
  contact_email: 'ops@harbor.test',
  status: 'active',
  account_manager_id: null,
  account_manager_name: null,
  workers: 2,
  active_jobs: 1,
  monthly_revenue_cents: 250_000,
  currency: 'USD',
  created_at: '2026-10-01T12:00:00.000Z',
  jobs: 3,
  members: 0,
  team: [],
  outstanding_invoices: 0,
};

function fakeCompaniesApi(server: FakeServer, stored: BillingDetails) {
  const store = { details: stored };
  const { team: _team, jobs: _jobs, members: _members, outstanding_invoices: _outstanding, ...row } = company;
  server.on(adminCompaniesContract.list, () => ({ items: [row], total: 1, page: 1, page_size: 20 }));
  server.on(adminCompaniesContract.accountManagerOptions, () => ({ items: [] }));
  server.on(adminCompaniesContract.get, () => company);
  server.on(adminCompaniesContract.billingDetails, () => store.details);
  server.on(adminCompaniesContract.updateBillingDetails, ({ body }) => {
    const checked = adminUpdateBillingDetailsSchema.safeParse(body);
    if (!checked.success) {
      const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      return replyError(400, 'validation', checked.error.issues[0]?.message ?? '', fields);
    }
    store.details = { ...store.details, ...checked.data, currency: checked.data.currency ?? store.details.currency };
    return store.details;
  });
  return store;
}

const stored = billingDetailsOf({
  legal_name: 'Harbor Goods LLC',
  address_line1: '1 Pier Road',
  city: 'Portland',
  region: 'ME',
  postal_code: '04101',
  country: 'US',
  tax_id: '12-3456789',
  tax_rate_basis_points: 550,
  payment_terms_days: 14,
});

async function openDrawer(answer?: (server: FakeServer) => void) {
  const server = createFakeServer();
  const store = fakeCompaniesApi(server, stored);
  answer?.(server);
  const view = await renderRoute(paths.adminCompanies.getHref(), { user: admin(), server });
  await view.events.click(await screen.findByRole('button', { name: 'View details of Harbor Goods' }));
  const drawer = await screen.findByRole('dialog', { name: 'Harbor Goods' });
  const billing = await within(drawer).findByRole('region', { name: 'Billing' });
  return { ...view, store, billing };
}

const saves = (server: FakeServer) => server.requests.filter((request) => request.method === 'PUT');

// By its text, then checked to be in the notification area: a role query over the open drawer's whole tree,
// hidden nodes included, polled past findBy's 5 s on a busy run of the project.
async function findNotification(text: string) {
  const found = await screen.findByText(text);
  expect(found.closest('[role="region"][aria-label="Notifications (F8)"]')).not.toBeNull();
  return found;
}

beforeAll(() => preloadPages(paths.adminCompanies.getHref()));

describe('Company Management: billing details', () => {
  it('loads the company’s details with its tax rate as a percentage and its terms in days', async () => {
    const { billing } = await openDrawer();
    expect(await within(billing).findByLabelText('Legal name')).toHaveValue('Harbor Goods LLC');
    expect(within(billing).getByLabelText('Address line 1')).toHaveValue('1 Pier Road');
    expect(within(billing).getByLabelText('Country')).toHaveValue('US');
    expect(within(billing).getByLabelText('Tax ID')).toHaveValue('12-3456789');
    expect(within(billing).getByLabelText('Tax rate (%)')).toHaveValue('5.50');
    expect(within(billing).getByLabelText('Payment terms (days)')).toHaveValue('14');
    expect(billing).toHaveTextContent(billingDetailsTexts.fromNowOn);
    expect(within(billing).getByRole('button', { name: 'Save Billing Details' })).toBeDisabled();
  });

  it('saves the rate typed as 8.29 as 829 basis points, and the terms as days', async () => {
    const { events, server, billing, store } = await openDrawer();
    const rate = await within(billing).findByLabelText('Tax rate (%)');
    await events.clear(rate);
    // 8.29 × 100 is 828.9999… in floating point: the form reads the digits instead.
    await events.type(rate, '8.29');
    const terms = within(billing).getByLabelText('Payment terms (days)');
    await events.clear(terms);
    await events.type(terms, '30');
    await events.clear(within(billing).getByLabelText('Legal name'));
    await events.type(within(billing).getByLabelText('Legal name'), 'Harbor Goods Inc.');
    await events.click(within(billing).getByRole('button', { name: 'Save Billing Details' }));

    expect(await findNotification(billingDetailsTexts.updated)).toBeInTheDocument();
    expect(saves(server).map((request) => [request.path, request.body])).toEqual([
      [
        `/api/admin/companies/${company.id}/billing-details`,
        {
          legal_name: 'Harbor Goods Inc.',
          address_line1: '1 Pier Road',
          address_line2: '',
          city: 'Portland',
          region: 'ME',
          postal_code: '04101',
          country: 'US',
          tax_id: '12-3456789',
          currency: 'USD',
          email_e_invoice: false,
          tax_rate_basis_points: 829,
          payment_terms_days: 30,
        },
      ],
    ]);
    expect(store.details.tax_rate_basis_points).toBe(829);
    // The form holds what is stored now: nothing left to save.
    await waitFor(() => expect(within(billing).getByRole('button', { name: 'Save Billing Details' })).toBeDisabled());
    expect(rate).toHaveValue('8.29');
  });

  it('refuses a rate with three decimals and terms past 120 days under their fields, sending nothing', async () => {
    const { events, server, billing } = await openDrawer();
    const rate = await within(billing).findByLabelText('Tax rate (%)');
    await events.clear(rate);
    await events.type(rate, '8.255');
    const terms = within(billing).getByLabelText('Payment terms (days)');
    await events.clear(terms);
    await events.type(terms, '121');
    await events.click(within(billing).getByRole('button', { name: 'Save Billing Details' }));

    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining(billingDetailsTexts.taxRate)));
    expect(terms).toHaveAccessibleDescription(expect.stringContaining(billingDetailsTexts.paymentTerms));
    expect(saves(server)).toHaveLength(0);
  });

  it('shows the server’s refusal of the basis points under the percentage field', async () => {
    const refusal = 'This tax rate is not allowed for this country.';
    const { events, server, billing } = await openDrawer((fake) =>
      fake.on(adminCompaniesContract.updateBillingDetails, () =>
        replyError(400, 'validation', refusal, { tax_rate_basis_points: refusal }),
      ),
    );
    const rate = await within(billing).findByLabelText('Tax rate (%)');
    await events.clear(rate);
    await events.type(rate, '12');
    await events.click(within(billing).getByRole('button', { name: 'Save Billing Details' }));

    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(saves(server).map((request) => (request.body as BillingDetails).tax_rate_basis_points)).toEqual([1200]);
    expect(within(billing).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Try Again when the billing details cannot be loaded', async () => {
    // The first load and its two retries fail (lib/query-client.ts retries a 5xx twice).
    let failures = 3;
    const { events, billing } = await openDrawer((fake) =>
      fake.on(adminCompaniesContract.billingDetails, () =>
        failures-- > 0 ? replyError(503, 'unavailable', 'Please try again in a moment.') : stored,
      ),
    );
    expect(await within(billing).findByText('Please try again in a moment.')).toBeInTheDocument();
    await events.click(within(billing).getByRole('button', { name: 'Try Again' }));
    expect(await within(billing).findByLabelText('Legal name')).toHaveValue('Harbor Goods LLC');
  });

  it('shows the details read-only to someone who may not change companies', async () => {
    // No role reads companies without changing them today; the section follows the permission all the same.
    const server = createFakeServer();
    fakeCompaniesApi(server, stored);
    vi.stubGlobal('fetch', server.fetch);
    render(
      <QueryClientProvider client={queryClient}>
        <AllowedProvider allows={(permission) => permission !== 'update:company:any'}>
          <CompanyBillingSection companyId={company.id} />
        </AllowedProvider>
      </QueryClientProvider>,
    );
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(await within(billing).findByText('Harbor Goods LLC')).toBeInTheDocument();
    expect(within(billing).getByText('5.5%')).toBeInTheDocument();
    expect(within(billing).getByText('Due 14 days after issue')).toBeInTheDocument();
    expect(within(billing).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(billing).queryByRole('button')).not.toBeInTheDocument();
  });
});
