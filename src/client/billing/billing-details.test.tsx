import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import { type BillingDetails, billingDetailsTexts } from '~/shared/billing-details';
import type { CompanyRole } from '~/shared/company-roles';
import { paymentsContract } from '~/shared/contracts/payments';
import { paths } from '~/shared/routes';

// Billing's "Billing details" card (decision 044): who the company's invoices are made out to, which the
// roles that pay may change, and the tax rate and terms Tandem sets, which nobody in the company may.

const stored: Partial<BillingDetails> = {
  legal_name: 'Acme Trading Lda',
  address_line1: 'Rua Augusta 100',
  address_line2: '2º andar',
  city: 'Lisboa',
  region: '',
  postal_code: '1100-053',
  country: 'PT',
  tax_id: 'PT123456789',
  tax_rate_basis_points: 2300,
  payment_terms_days: 30,
};

async function openBilling(
  role: CompanyRole = 'owner',
  answer?: (server: FakeServer) => void,
  details: Partial<typeof stored> = {},
) {
  const server = createFakeServer();
  const store = fakeBillingApi(server, { details: { ...stored, ...details } });
  answer?.(server);
  const user = companyUser({ company: { id: fakeId(), name: 'Acme', role, currency: 'USD' } });
  const view = await renderRoute(paths.companyBilling.getHref(), { user, server });
  const card = await screen.findByRole('region', { name: 'Billing details' });
  return { ...view, store, card };
}

const saves = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'PUT' && request.path === '/api/company/billing-details');

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

beforeAll(() => preloadPages(paths.companyBilling.getHref()));

describe('Billing details', () => {
  it('shows who the invoices are made out to, and the rate and terms Tandem sets, read-only', async () => {
    const { card } = await openBilling();
    await within(card).findByText('Acme Trading Lda');
    const fact = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    // One line each, as the invoice prints them.
    expect(fact('Address')?.textContent).toBe('Rua Augusta 100\n2º andar\nLisboa 1100-053\nPortugal');
    expect(fact('Tax ID')).toHaveTextContent('PT123456789');
    expect(fact('Tax rate')).toHaveTextContent('23%');
    expect(fact('Payment terms')).toHaveTextContent('Due 30 days after issue');
    expect(card).toHaveTextContent(billingDetailsTexts.setByTandem);
    expect(card).toHaveTextContent(billingDetailsTexts.fromNowOn);
    // The rates are never a field, even for the owner.
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a billing currency fixed by the first job, and why, without offering to change it', async () => {
    const { events, card } = await openBilling('owner', undefined, { currency: 'GBP', currency_is_fixed: true });
    await events.click(await within(card).findByRole('button', { name: 'Edit Billing Details' }));
    const currency = await within(card).findByLabelText('Billing currency');
    expect(currency).toBeDisabled();
    expect(currency).toHaveAccessibleDescription(billingDetailsTexts.currencyFixed);
  });

  it('saves the edited details whole, as the schema normalises them, and shows them', async () => {
    const { events, server, card, store } = await openBilling();
    const edit = await within(card).findByRole('button', { name: 'Edit Billing Details' });
    await events.click(edit);
    const legalName = await within(card).findByLabelText('Legal name');
    expect(legalName).toHaveFocus();
    expect(legalName).toHaveValue('Acme Trading Lda');
    expect(within(card).getByLabelText('Country')).toHaveValue('PT');
    // The rates stay in view beside the form, never a field of it.
    expect(within(card).getByText('Tax rate', { selector: 'dt' }).nextElementSibling).toHaveTextContent('23%');
    expect(within(card).queryByLabelText(/Tax rate/)).not.toBeInTheDocument();

    await events.clear(legalName);
    await events.type(legalName, '  Acme Trading GmbH ');
    await events.clear(within(card).getByLabelText('Address line 1'));
    await events.type(within(card).getByLabelText('Address line 1'), 'Friedrichstraße 43');
    await events.clear(within(card).getByLabelText('Address line 2'));
    await events.clear(within(card).getByLabelText('City'));
    await events.type(within(card).getByLabelText('City'), 'Berlin');
    await events.type(within(card).getByLabelText('State or region'), 'Berlin');
    await events.clear(within(card).getByLabelText('Postal code'));
    await events.type(within(card).getByLabelText('Postal code'), '10117');
    await events.selectOptions(within(card).getByLabelText('Country'), 'Germany');
    await events.clear(within(card).getByLabelText('Tax ID'));
    await events.type(within(card).getByLabelText('Tax ID'), 'de 123456789');
    // No job posted yet: the currency may still change.
    const currency = within(card).getByLabelText('Billing currency');
    expect(currency).toBeEnabled();
    await events.selectOptions(currency, 'EUR — Euro');
    // The company's accounting reads e-invoices: each invoice email carries it.
    await events.click(within(card).getByRole('checkbox', { name: billingDetailsTexts.emailEInvoiceLabel }));
    await events.click(within(card).getByRole('button', { name: 'Save Billing Details' }));

    expect(await findNotification(billingDetailsTexts.updated)).toBeInTheDocument();
    expect(saves(server).map((request) => request.body)).toEqual([
      {
        legal_name: 'Acme Trading GmbH',
        address_line1: 'Friedrichstraße 43',
        address_line2: '',
        city: 'Berlin',
        region: 'Berlin',
        postal_code: '10117',
        country: 'DE',
        tax_id: 'DE 123456789',
        currency: 'EUR',
        email_e_invoice: true,
      },
    ]);
    expect(within(card).getByText('Billing currency', { selector: 'dt' }).nextElementSibling).toHaveTextContent('EUR');
    // The card reads what was stored, the rates untouched, and Edit has the focus again.
    await within(card).findByText('Acme Trading GmbH');
    expect(within(card).getByText('Address', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Friedrichstraße 43\nBerlin, Berlin 10117\nGermany',
    );
    expect(store.details.tax_rate_basis_points).toBe(2300);
    expect(within(card).getByRole('button', { name: 'Edit Billing Details' })).toHaveFocus();
  });

  it('shows the server’s refusal under its field and keeps what was typed', async () => {
    const refusal = 'This tax ID is not valid for Portugal.';
    const { events, server, card } = await openBilling('billing', (fake) =>
      fake.on(paymentsContract.updateBillingDetails, () => replyError(400, 'validation', refusal, { tax_id: refusal })),
    );
    await events.click(await within(card).findByRole('button', { name: 'Edit Billing Details' }));
    const taxId = await within(card).findByLabelText('Tax ID');
    await events.clear(taxId);
    await events.type(taxId, 'PT999');
    await events.click(within(card).getByRole('button', { name: 'Save Billing Details' }));

    await waitFor(() => expect(taxId).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
    expect(taxId).toHaveFocus();
    expect(taxId).toHaveValue('PT999');
    expect(saves(server)).toHaveLength(1);
    // Every message went to its field: no banner repeats it.
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the country of an address before sending anything, and Cancel leaves the details as they were', async () => {
    const { events, server, card } = await openBilling();
    await events.click(await within(card).findByRole('button', { name: 'Edit Billing Details' }));
    const country = await within(card).findByLabelText('Country');
    await events.selectOptions(country, 'No country');
    await events.click(within(card).getByRole('button', { name: 'Save Billing Details' }));
    await waitFor(() =>
      expect(country).toHaveAccessibleDescription(expect.stringContaining(billingDetailsTexts.addressNeedsCountry)),
    );
    expect(saves(server)).toHaveLength(0);

    await events.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByLabelText('Country')).not.toBeInTheDocument();
    expect(within(card).getByText('Address', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Portugal');
  });

  it('shows a Viewer the details with no way to change them', async () => {
    const { card } = await openBilling('viewer');
    await within(card).findByText('Acme Trading Lda');
    expect(within(card).getByText('PT123456789')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit Billing Details' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers Try Again when the details cannot be loaded', async () => {
    // The first load and its two retries fail (lib/query-client.ts retries a 5xx twice).
    let failures = 3;
    const { events, card } = await openBilling('owner', (fake) =>
      fake.on(paymentsContract.billingDetails, () =>
        failures-- > 0
          ? replyError(503, 'unavailable', 'Please try again in a moment.')
          : { ...(stored as BillingDetails) },
      ),
    );
    expect(await within(card).findByText('Please try again in a moment.')).toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByText('Acme Trading Lda')).toBeInTheDocument();
  });
});
