import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AllowedProvider } from '~/client/lib/allowed';
import { queryClient } from '~/client/lib/query-client';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type AccountCodes, accountingTexts, defaultAccountCodes } from '~/shared/accounting';
import { billingDetailsTexts, type InvoiceSeller } from '~/shared/billing-details';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { settingsContract } from '~/shared/contracts/settings';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { taxRatesContract } from '~/shared/contracts/tax-rates';
import { paths } from '~/shared/routes';
import { defaultPlatformSettings, type PlatformSettings, systemSettingsTexts } from '~/shared/settings';
import { taxTexts } from '~/shared/tax';
import { taxFormTexts } from '~/shared/tax-forms';
import type { TaxRate } from '~/shared/tax-rates';
import { InvoiceSellerCard } from './invoice-seller-card';

// System Settings' Payouts tab: whether earnings wait for the company's payment, the security period in days
// and the payout minimum, shown in dollars and stored in cents.

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

const securityDaysMessage = 'The security period must be a whole number of days from 0 to 30.';
const payoutMinimumMessage = 'The payout minimum must be from $1 to $1000, in whole cents.';

const storedSeller: InvoiceSeller = {
  legal_name: 'Tandem Outsourcing Ltd',
  address: '10 Market Street\nManchester M1 1AA\nUnited Kingdom',
  tax_id: 'GB123456789',
  country: 'GB',
  email: 'billing@tandem.test',
  us_ein: '',
  phone: '',
};

const taxRates: TaxRate[] = [
  {
    id: 'rate-ie-2027',
    country: 'IE',
    name: 'VAT',
    rate_basis_points: 2400,
    effective_from: '2027-01-01',
    is_current: false,
    is_scheduled: true,
  },
  {
    id: 'rate-ie',
    country: 'IE',
    name: 'VAT',
    rate_basis_points: 2300,
    effective_from: '2000-01-01',
    is_current: true,
    is_scheduled: false,
  },
];

// The seller on invoices, answered as the server does: the whole seller, stored as sent.
function fakeInvoiceSeller(server: FakeServer) {
  let seller = storedSeller;
  server.on(settingsContract.invoiceSeller, () => seller);
  server.on(settingsContract.updateInvoiceSeller, ({ body }) => {
    seller = {
      ...body,
      country: body.country ?? seller.country,
      email: body.email ?? seller.email,
      us_ein: body.us_ein ?? seller.us_ein,
      phone: body.phone ?? seller.phone,
    };
    return seller;
  });
}

// The settings page with `stored` in force; a save answers what was sent over what is stored.
async function openSettings(stored: Partial<PlatformSettings> = {}) {
  const server = createFakeServer();
  let settings: PlatformSettings = { ...defaultPlatformSettings, ...stored };
  server.on(settingsContract.read, () => ({ settings }));
  server.on(settingsContract.update, ({ body }) => {
    settings = { ...settings, ...body };
    return { settings };
  });
  server.on(settingsContract.reset, () => {
    settings = defaultPlatformSettings;
    return { settings };
  });
  let codes: AccountCodes = defaultAccountCodes;
  server.on(settingsContract.accountCodes, () => ({ codes }));
  server.on(settingsContract.updateAccountCodes, ({ body }) => {
    if (body.accounts.escrow.code === '9999') {
      return replyError(400, 'validation', accountingTexts.nameDiffers('9999'), {
        'accounts.escrow.name': accountingTexts.nameDiffers('9999'),
      });
    }
    codes = body;
    return { codes };
  });
  fakeInvoiceSeller(server);
  // The Exchange rates card (exchange-rates-card.test.tsx has its own tests): no rates yet.
  server.on(fxRatesContract.list, () => ({
    items: [],
    total: 0,
    page: 1,
    page_size: 50,
    max_rate_age_days: 3,
    latest_date: null,
  }));
  server.on(fxRatesContract.settings, () => ({
    settings: { margin_basis_points: 0, max_rate_age_days: 3, reporting_currency: 'USD' as const },
  }));
  // The Tax rates card: Ireland's rate in effect, and one scheduled.
  server.on(taxRatesContract.list, () => ({ items: taxRates, total: taxRates.length, page: 1, page_size: 50 }));
  server.fallback(taxFormsContract.readers, () => ({ items: taxDataReaders }));
  const view = await renderRoute(paths.adminSettings.getHref(), { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'System Settings' });
  await screen.findByRole('tab', { name: 'Payouts' });
  return { ...view, server };
}

// Two administrators: the one signed in, and another who holds no grant yet (issue 56).
const taxDataReaders = [
  { id: fakeId(), name: 'Ada Admin', email: 'ada@tandem.test', granted_at: null, granted_by: null, is_you: true },
  { id: fakeId(), name: 'Otto Other', email: 'otto@tandem.test', granted_at: null, granted_by: null, is_you: false },
];

const saves = (server: Awaited<ReturnType<typeof openSettings>>['server']) =>
  server.requests.filter((request) => request.method === 'PUT' && request.path === '/api/admin/settings');

const payoutFields = () => ({
  hold: screen.getByRole('switch', { name: 'Hold earnings until the company pays' }),
  days: screen.getByLabelText('Security period (days)'),
  minimum: screen.getByLabelText('Payout minimum ($)'),
});

describe('System Settings: Payouts', () => {
  it('loads the stored payout settings, the minimum in dollars', async () => {
    const { events } = await openSettings({
      payouts_wait_for_payment: false,
      payout_security_days: 7,
      payout_minimum_cents: 2550,
    });
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    const panel = screen.getByRole('tabpanel', { name: 'Payouts' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Payouts' })).toBeInTheDocument();
    const { hold, days, minimum } = payoutFields();
    expect(hold).not.toBeChecked();
    expect(hold).toHaveAccessibleDescription(
      'The earnings of an hourly week wait until the company has paid its invoice.',
    );
    expect(days).toHaveValue(7);
    expect(days).toHaveAccessibleDescription(/refunds and chargebacks come in this time/);
    expect(minimum).toHaveValue(25.5);
    expect(minimum).toHaveAccessibleDescription(/The smallest available balance a payout run pays/);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('refuses 31 days and a minimum under $1 under their fields, opening the Payouts tab, and sends nothing', async () => {
    const { events, server } = await openSettings();
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    const { days, minimum } = payoutFields();
    await events.clear(days);
    await events.type(days, '31');
    await events.clear(minimum);
    await events.type(minimum, '0.5');
    // Saved from another tab: the one with the first problem opens.
    await events.click(screen.getByRole('tab', { name: 'General' }));
    await events.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText(securityDaysMessage)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription(expect.stringContaining(securityDaysMessage));
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(minimum).toHaveAccessibleDescription(expect.stringContaining(payoutMinimumMessage));
    // What was typed stays, and nothing went to the server.
    expect(days).toHaveValue(31);
    expect(minimum).toHaveValue(0.5);
    expect(saves(server)).toHaveLength(0);
  });

  it('refuses a minimum in fractions of a cent and an empty security period', async () => {
    const { events, server } = await openSettings();
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    const { days, minimum } = payoutFields();
    await events.clear(days);
    await events.clear(minimum);
    await events.type(minimum, '20.005');
    await events.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription(expect.stringContaining(securityDaysMessage)));
    expect(minimum).toHaveAccessibleDescription(expect.stringContaining(payoutMinimumMessage));
    expect(saves(server)).toHaveLength(0);
  });

  it('saves only the changed payout settings, the minimum in whole cents', async () => {
    const { events, server } = await openSettings();
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    const { hold, days, minimum } = payoutFields();
    expect(hold).toBeChecked();
    expect(days).toHaveValue(5);
    expect(minimum).toHaveValue(20);

    await events.click(hold);
    await events.clear(days);
    await events.type(days, '10');
    await events.clear(minimum);
    await events.type(minimum, '19.99');
    await events.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(systemSettingsTexts.savedTitle)).toBeInTheDocument();
    expect(saves(server).map((request) => request.body)).toEqual([
      { payouts_wait_for_payment: false, payout_security_days: 10, payout_minimum_cents: 1999 },
    ]);
    // The form now holds what is stored: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled());
    expect(hold).not.toBeChecked();
    expect(days).toHaveValue(10);
    expect(minimum).toHaveValue(19.99);
  });

  it('shows the server’s refusal of the minimum in cents under the dollars field', async () => {
    const { events, server } = await openSettings();
    server.on(settingsContract.update, () =>
      replyError(422, 'validation', 'Some fields need attention.', { payout_minimum_cents: payoutMinimumMessage }),
    );
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    const { minimum } = payoutFields();
    await events.clear(minimum);
    await events.type(minimum, '50');
    await events.click(screen.getByRole('tab', { name: 'Security' }));
    await events.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(minimum).toHaveAccessibleDescription(expect.stringContaining(payoutMinimumMessage)));
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    expect(saves(server).map((request) => request.body)).toEqual([{ payout_minimum_cents: 5000 }]);
    expect(minimum).toHaveValue(50);
  });

  it('Reset restores the payout defaults: held until paid, 5 days, $20', async () => {
    const { events } = await openSettings({
      payouts_wait_for_payment: false,
      payout_security_days: 12,
      payout_minimum_cents: 5000,
    });
    await events.click(screen.getByRole('tab', { name: 'Payouts' }));
    await events.click(screen.getByRole('button', { name: 'Reset' }));
    const confirm = await screen.findByRole('alertdialog', { name: systemSettingsTexts.resetConfirmTitle });
    await events.click(within(confirm).getByRole('button', { name: 'Reset to Defaults' }));

    expect(await screen.findByText(systemSettingsTexts.resetTitle)).toBeInTheDocument();
    const { hold, days, minimum } = payoutFields();
    await waitFor(() => expect(days).toHaveValue(5));
    expect(hold).toBeChecked();
    expect(minimum).toHaveValue(20);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });
});

// Accounting codes (decision 046): each ledger account's code and name in the accountant's chart, saved apart.
describe('System Settings: Accounting codes', () => {
  const codeSaves = (server: Awaited<ReturnType<typeof openSettings>>['server']) =>
    server.requests.filter(
      (request) => request.method === 'PUT' && request.path === '/api/admin/settings/account-codes',
    );

  it('loads the codes, refuses a bad one under its field, and saves the corrected ones', async () => {
    const { events, server } = await openSettings();
    const code = await screen.findByLabelText('Escrow: code');
    expect(code).toHaveValue('2300');
    expect(screen.getByLabelText('Company receivable: name')).toHaveValue('Accounts Receivable (A/R)');

    await events.clear(code);
    await events.type(code, '23 00');
    await events.click(screen.getByRole('button', { name: 'Save Account Codes' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(accountingTexts.code)));
    expect(codeSaves(server)).toEqual([]);

    await events.clear(code);
    await events.type(code, '9999');
    await events.click(screen.getByRole('button', { name: 'Save Account Codes' }));
    const name = screen.getByLabelText('Escrow: name');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining(accountingTexts.nameDiffers('9999'))),
    );

    await events.clear(code);
    await events.type(code, '2350');
    await events.click(screen.getByRole('button', { name: 'Save Account Codes' }));
    expect(await screen.findByText(accountingTexts.codesSaved)).toBeInTheDocument();
    const last = codeSaves(server).at(-1)?.body as AccountCodes;
    expect(last.accounts.escrow).toEqual({ code: '2350', name: 'Client escrow held' });
    expect(last.accounts.company_receivable).toEqual(defaultAccountCodes.accounts.company_receivable);
  });
});

// VAT and GST rates (decision 053): each country's by the day it takes effect; one added, one scheduled removed.
describe('System Settings: Tax rates', () => {
  it('lists the rates with the one in effect, adds one from a day on, and shows a refusal under its field', async () => {
    const { events, server } = await openSettings();
    const card = await screen.findByRole('region', { name: 'Tax rates' });
    const table = await within(card).findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ireland IEVAT 24%2027-01-01 Scheduled');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Ireland IEVAT 23%2000-01-01 In effect');
    expect(within(card).getAllByRole('button', { name: /Remove/ })).toHaveLength(1);

    server.on(taxRatesContract.add, ({ body }) =>
      body.country === 'DE' && body.effective_from < '2026-01-01'
        ? replyError(400, 'validation', taxTexts.rateFromToday, { effective_from: taxTexts.rateFromToday })
        : { ...body, id: 'rate-de', is_current: false, is_scheduled: true },
    );
    const form = within(card).getByRole('form', { name: 'Add a tax rate' });
    await events.selectOptions(within(form).getByLabelText('Country'), 'Germany');
    await events.type(within(form).getByLabelText('Rate (%)'), '19');
    await events.clear(within(form).getByLabelText('From'));
    await events.type(within(form).getByLabelText('From'), '2025-01-01');
    await events.click(within(form).getByRole('button', { name: 'Add Rate' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('From')).toHaveAccessibleDescription(
        expect.stringContaining(taxTexts.rateFromToday),
      ),
    );
    await events.clear(within(form).getByLabelText('From'));
    await events.type(within(form).getByLabelText('From'), '2027-07-01');
    await events.click(within(form).getByRole('button', { name: 'Add Rate' }));
    expect(await screen.findByText(taxTexts.rateAdded)).toBeInTheDocument();
    expect(
      server.requests.filter((request) => request.method === 'POST' && request.path === '/api/admin/tax-rates').at(-1)
        ?.body,
    ).toEqual({ country: 'DE', name: 'VAT', rate_basis_points: 1900, effective_from: '2027-07-01' });
  });
});

// The seller every invoice names (decision 044): Tandem's legal name, address (one line per line) and tax ID.
describe('System Settings: Seller on invoices', () => {
  const sellerSaves = (server: FakeServer) =>
    server.requests.filter(
      (request) => request.method === 'PUT' && request.path === '/api/admin/settings/invoice-seller',
    );
  const findSellerCard = () => screen.findByRole('region', { name: 'Seller on invoices' });

  it('loads the seller, saves the edited one whole with its address lines, and has nothing left to save', async () => {
    const { events, server } = await openSettings();
    const card = await findSellerCard();
    const legalName = await within(card).findByLabelText('Legal name');
    const address = within(card).getByLabelText('Address');
    expect(legalName).toHaveValue('Tandem Outsourcing Ltd');
    expect(address).toHaveValue('10 Market Street\nManchester M1 1AA\nUnited Kingdom');
    expect(within(card).getByLabelText('Tax ID')).toHaveValue('GB123456789');
    expect(within(card).getByRole('button', { name: 'Save Seller' })).toBeDisabled();

    await events.clear(address);
    await events.type(address, '1 Harbour Way{Enter}Dublin D02 XY45{Enter}Ireland');
    await events.clear(within(card).getByLabelText('Tax ID'));
    await events.type(within(card).getByLabelText('Tax ID'), 'ie 1234567t');
    // The payer's number and phone every Form 1099-NEC names, the EIN written as the IRS writes it.
    await events.type(within(card).getByLabelText('US EIN'), '12 3456789');
    await events.type(within(card).getByLabelText('Phone'), '+1 415 555 0100');
    await events.click(within(card).getByRole('button', { name: 'Save Seller' }));

    expect(await screen.findByText(billingDetailsTexts.sellerUpdated)).toBeInTheDocument();
    expect(sellerSaves(server).map((request) => request.body)).toEqual([
      {
        legal_name: 'Tandem Outsourcing Ltd',
        address: '1 Harbour Way\nDublin D02 XY45\nIreland',
        tax_id: 'IE 1234567T',
        country: 'GB',
        email: 'billing@tandem.test',
        us_ein: '12-3456789',
        phone: '+1 415 555 0100',
      },
    ]);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Save Seller' })).toBeDisabled());
  });

  it('refuses a blank legal name before sending, and shows the server’s refusal under its field', async () => {
    const { events, server } = await openSettings();
    const card = await findSellerCard();
    const legalName = await within(card).findByLabelText('Legal name');
    await events.clear(legalName);
    await events.click(within(card).getByRole('button', { name: 'Save Seller' }));
    await waitFor(() =>
      expect(legalName).toHaveAccessibleDescription(expect.stringContaining(billingDetailsTexts.legalName)),
    );
    expect(sellerSaves(server)).toHaveLength(0);

    const refusal = 'Write the address on at most 6 lines.';
    server.on(settingsContract.updateInvoiceSeller, () => replyError(400, 'validation', refusal, { address: refusal }));
    await events.type(legalName, 'Tandem Ltd');
    await events.click(within(card).getByRole('button', { name: 'Save Seller' }));
    const address = within(card).getByLabelText('Address');
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(sellerSaves(server)).toHaveLength(1);
  });

  it('offers Try Again when the seller cannot be loaded', async () => {
    // The first load and its two retries fail (lib/query-client.ts retries a 5xx twice).
    let failures = 3;
    const server = createFakeServer();
    server.on(settingsContract.invoiceSeller, () =>
      failures-- > 0 ? replyError(503, 'unavailable', 'Please try again in a moment.') : storedSeller,
    );
    const { events } = renderCard(server, () => true);
    const card = await findSellerCard();
    expect(await within(card).findByText('Please try again in a moment.')).toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByLabelText('Legal name')).toHaveValue('Tandem Outsourcing Ltd');
  });

  it('shows the seller read-only to someone who may not change settings', async () => {
    // Only administrators read System Settings today, and they may change it; the card follows the
    // permission all the same.
    const server = createFakeServer();
    fakeInvoiceSeller(server);
    renderCard(server, (permission) => permission !== 'update:settings:any');
    const card = await findSellerCard();
    expect(await within(card).findByText('Tandem Outsourcing Ltd')).toBeInTheDocument();
    expect(within(card).getByText('GB123456789')).toBeInTheDocument();
    expect(within(card).getByText('Address', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      storedSeller.address,
    );
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives another administrator the tax data reader grant, and never one’s own', async () => {
    const { events, server } = await openSettings();
    server.on(taxFormsContract.changeReader, () => ({ message: taxFormTexts.grantGiven('Otto Other') }));
    const card = await screen.findByRole('region', { name: 'Tax data readers' });
    const own = await within(card).findByRole('switch', { name: /Ada Admin/ });
    expect(own).toBeDisabled();
    expect(within(card).getByText(taxFormTexts.grantSelf)).toBeInTheDocument();
    await events.click(within(card).getByRole('switch', { name: /Otto Other/ }));
    expect(await screen.findByText(taxFormTexts.grantGiven('Otto Other'))).toBeInTheDocument();
    const [change] = server.requests.filter((request) => request.path.startsWith('/api/admin/tax-data-readers/'));
    expect(change).toMatchObject({
      method: 'PUT',
      path: `/api/admin/tax-data-readers/${taxDataReaders[1]?.id}`,
      body: { granted: true },
    });
  });
});

function renderCard(server: FakeServer, allows: Parameters<typeof AllowedProvider>[0]['allows']) {
  vi.stubGlobal('fetch', server.fetch);
  const events = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <AllowedProvider allows={allows}>
        <InvoiceSellerCard />
      </AllowedProvider>
    </QueryClientProvider>,
  );
  return { events };
}
