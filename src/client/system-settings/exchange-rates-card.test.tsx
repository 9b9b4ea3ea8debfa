import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '~/client/lib/query-client';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import type { FxRateRow, FxSettings } from '~/shared/fx-rates';
import { ExchangeRatesCard } from './exchange-rates-card';

// The Exchange rates card of System Settings: the latest rates with their age, the FX settings, an ECB
// file imported and a rate entered, each refusal shown where it belongs.

const row = (overrides: Partial<FxRateRow>): FxRateRow => ({
  base: 'EUR',
  quote: 'PHP',
  rate: '56.882',
  rate_date: '2022-07-08',
  source: 'ecb',
  imported_by: null,
  created_at: '2022-07-08T15:00:00.000Z',
  per_eur: '56.882',
  per_usd: '55.969693988',
  age_days: 10,
  is_stale: true,
  ...overrides,
});

// The list fails its first `listFailures` loads (a load and its two retries: lib/query-client.ts).
function fakeServer({ rows = [row({})], listFailures = 0 }: { rows?: FxRateRow[]; listFailures?: number } = {}) {
  const server = createFakeServer();
  let settings: FxSettings = { margin_basis_points: 0, max_rate_age_days: 3, reporting_currency: 'USD' };
  let failures = listFailures;
  server.on(fxRatesContract.list, () =>
    failures-- > 0
      ? replyError(503, 'unavailable', 'Please try again in a moment.')
      : {
          items: rows,
          total: rows.length,
          page: 1,
          page_size: 50,
          max_rate_age_days: settings.max_rate_age_days,
          latest_date: rows[0]?.rate_date ?? null,
        },
  );
  server.on(fxRatesContract.settings, () => ({ settings }));
  server.on(fxRatesContract.updateSettings, ({ body }) => {
    settings = body;
    return { settings };
  });
  return server;
}

function renderCard(server: FakeServer) {
  queryClient.clear();
  vi.stubGlobal('fetch', server.fetch);
  const events = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <ExchangeRatesCard />
    </QueryClientProvider>,
  );
  return { events };
}

describe('the Exchange rates card', () => {
  it('lists the latest rates against the euro and the dollar, flagging one past the maximum age', async () => {
    renderCard(
      fakeServer({
        rows: [
          row({}),
          row({ quote: 'USD', rate: '1.0163', per_eur: '1.0163', per_usd: '1', age_days: 1, is_stale: false }),
        ],
      }),
    );
    const table = await screen.findByRole('table');
    const [, php, usd] = within(table).getAllByRole('row');
    expect(php).toHaveTextContent('1 EUR = 56.882 PHP');
    expect(php).toHaveTextContent('55.969693988');
    expect(php).toHaveTextContent('ECB (scheduled)');
    expect(within(php as HTMLElement).getByText('Older than 3 days')).toBeInTheDocument();
    expect(usd).toHaveTextContent('1 day');
    expect(within(usd as HTMLElement).queryByText(/Older than/)).not.toBeInTheDocument();
    expect(screen.getByText(/the newest is of 2022-07-08/)).toBeInTheDocument();
  });

  it('says when there are no rates yet', async () => {
    renderCard(fakeServer({ rows: [] }));
    expect(await screen.findByText(/No exchange rates yet/)).toBeInTheDocument();
  });

  it('offers Try Again when the rates cannot be loaded', async () => {
    const { events } = renderCard(fakeServer({ listFailures: 3 }));
    expect(await screen.findByText('Please try again in a moment.')).toBeInTheDocument();
    await events.click(screen.getAllByRole('button', { name: 'Try Again' })[0] as HTMLElement);
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('shows the margin and saves it in basis points, with the server’s refusal under the field', async () => {
    const server = fakeServer();
    const { events } = renderCard(server);
    const margin = await screen.findByLabelText('FX margin (%)');
    expect(margin).toHaveValue('0');
    await events.clear(margin);
    await events.type(margin, '1.5');
    await events.click(screen.getByRole('button', { name: 'Save FX Settings' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        margin_basis_points: 150,
        max_rate_age_days: 3,
        reporting_currency: 'USD',
      }),
    );
    const refusal = 'The maximum rate age must be a whole number of days from 1 to 90.';
    server.on(fxRatesContract.updateSettings, () =>
      replyError(400, 'validation', refusal, { max_rate_age_days: refusal }),
    );
    const age = screen.getByLabelText('Maximum rate age (days)');
    await events.clear(age);
    await events.type(age, '0');
    await events.click(screen.getByRole('button', { name: 'Save FX Settings' }));
    await waitFor(() => expect(age).toHaveAccessibleDescription(expect.stringContaining(refusal)));
  });

  it('chooses the reporting currency among the billing currencies, with the server’s refusal under it', async () => {
    const server = fakeServer();
    const { events } = renderCard(server);
    const reporting = await screen.findByLabelText('Reporting currency');
    expect(reporting).toHaveValue('USD');
    expect(
      within(reporting)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USD', 'EUR', 'GBP', 'CAD', 'AUD']);
    await events.selectOptions(reporting, 'EUR');
    await events.click(screen.getByRole('button', { name: 'Save FX Settings' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        margin_basis_points: 0,
        max_rate_age_days: 3,
        reporting_currency: 'EUR',
      }),
    );
    const refusal = 'Choose the reporting currency from USD, EUR, GBP, CAD, AUD.';
    server.on(fxRatesContract.updateSettings, () =>
      replyError(400, 'validation', refusal, { reporting_currency: refusal }),
    );
    await events.click(screen.getByRole('button', { name: 'Save FX Settings' }));
    await waitFor(() => expect(reporting).toHaveAccessibleDescription(expect.stringContaining(refusal)));
  });

  it('enters a rate by keyboard and shows each refused field under it', async () => {
    const server = fakeServer();
    const rateRefusal =
      'Enter the rate as a positive decimal number with at most 10 digits before the point and 10 after it (1.0163).';
    server.on(fxRatesContract.enter, () =>
      replyError(400, 'validation', rateRefusal, { rate: rateRefusal, quote: 'Choose two different currencies.' }),
    );
    const { events } = renderCard(server);
    const form = await screen.findByRole('form', { name: 'Enter a rate' });
    await events.click(within(form).getByLabelText('Rate'));
    await events.keyboard('-3');
    await events.keyboard('{Enter}');
    const rate = within(form).getByLabelText('Rate');
    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining(rateRefusal)));
    expect(within(form).getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining('Choose two different currencies.'),
    );
  });

  it('imports an ECB file and shows a refusal of a bad one under the file field', async () => {
    const server = fakeServer();
    server.on(fxRatesContract.importFile, () => ({ rates: 31, stored: 31, dates: ['2022-07-08'] }));
    const { events } = renderCard(server);
    const form = await screen.findByRole('form', { name: 'Import an ECB file' });
    await events.click(within(form).getByRole('button', { name: 'Import Rates' }));
    const field = within(form).getByLabelText('Reference rates file (XML)');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Choose the ECB’s reference rates file'));
    await events.upload(field, new File(['<gesmes:Envelope/>'], 'eurofxref-daily.xml', { type: 'text/xml' }));
    await events.click(within(form).getByRole('button', { name: 'Import Rates' }));
    expect(await screen.findByText('31 rates of 2022-07-08 read; 31 new stored.')).toBeInTheDocument();

    const refusal = 'This is not an ECB reference rates file: upload the XML the European Central Bank publishes.';
    server.on(fxRatesContract.importFile, () => replyError(400, 'validation', refusal));
    await events.click(within(form).getByRole('button', { name: 'Import Rates' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal)));
  });
});
