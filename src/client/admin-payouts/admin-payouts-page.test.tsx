import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import { defaultAccountCodes, type MonthEndFigureKey, monthEndFigureKeys, monthEndFigures } from '~/shared/accounting';
import { accountingContract } from '~/shared/contracts/accounting';
import { payoutsContract } from '~/shared/contracts/payouts';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import {
  type LedgerAccount,
  type LedgerSummary,
  ledgerAccounts,
  type PayoutRun,
  payoutTexts,
  type RunBankFormats,
  type RunLine,
  type TalentBalanceRow,
} from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { NecRecipient } from '~/shared/year-end-forms';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

// A run's lines counted by status: every status, none but those given.
const countsOf = (counts: Partial<PayoutRun['counts']>): PayoutRun['counts'] => ({
  planned: 0,
  exception: 0,
  cancelled: 0,
  sent: 0,
  paid: 0,
  failed: 0,
  ...counts,
});

function payoutRun(overrides: Partial<PayoutRun> = {}): PayoutRun {
  return {
    id: fakeId(),
    scheduled_for: '2026-11-24',
    status: 'draft',
    created_at: '2026-11-24T06:00:00.000Z',
    approved_at: null,
    approved_by_name: null,
    totals: [{ currency: 'USD', amount_cents: 123_456 }],
    payout_count: 3,
    exception_count: 1,
    counts: countsOf({ planned: 3, exception: 1 }),
    bank_file_count: 0,
    remindable_count: 1,
    reminded_at: null,
    rates: [],
    ...overrides,
  };
}

function runLine(overrides: Partial<RunLine> = {}): RunLine {
  return {
    id: fakeId(),
    applicant_id: fakeId(),
    talent_name: 'Grace Hopper',
    talent_email: 'grace@talent.test',
    amount_cents: 41_152,
    currency: 'USD',
    parts: [
      {
        source_currency: 'USD',
        source_cents: 41_152,
        amount_cents: 41_152,
        margin_cents: 0,
        margin_basis_points: 0,
        rate: null,
      },
    ],
    status: 'planned',
    exception: null,
    provider: 'bank_file',
    method_label: 'Bank transfer ending in 6789',
    reference: null,
    failure_reason: null,
    ...overrides,
  };
}

function balanceRow(overrides: Partial<TalentBalanceRow> = {}): TalentBalanceRow {
  return {
    applicant_id: fakeId(),
    name: 'Grace Hopper',
    email: 'grace@talent.test',
    balances: [
      { currency: 'USD', pending_cents: 20_000, available_cents: 41_152, in_transit_cents: 0, paid_out_cents: 150_000 },
    ],
    hold: null,
    ...overrides,
  };
}

const dollarLedger = {
  currency: 'USD',
  accounts: [
    { account: 'talent_available', balance_cents: -41_152 },
    { account: 'provider_clearing', balance_cents: 61_152 },
    { account: 'talent_pending', balance_cents: -20_000 },
  ],
  imbalance_cents: 0,
} satisfies LedgerSummary['currencies'][number];
const balancedLedger: LedgerSummary = { currencies: [dollarLedger] };

// One payout to an IBAN, in dollars; none to a US account.
const oneIbanPayout: RunBankFormats = {
  pain001: [{ currency: 'USD', count: 1, total_cents: 16_000 }],
  nacha: { count: 0, total_cents: 0 },
  skipped: [],
};

const page = <Item,>(items: Item[]) => ({ items, total: items.length, page: 1, page_size: 20 });

// The administrators' payouts answered from memory: approving a draft run plans nothing more and sends each
// planned line, as the server would; the other answers are the rows the test gives.
function fakePayoutsAdmin(
  server: FakeServer,
  {
    runs = [],
    lines = [],
    balances = [],
    ledger = balancedLedger,
    formats = oneIbanPayout,
  }: {
    runs?: PayoutRun[];
    lines?: RunLine[];
    balances?: TalentBalanceRow[];
    ledger?: LedgerSummary;
    formats?: RunBankFormats;
  } = {},
) {
  const store = { runs: [...runs], lines: [...lines] };
  server.on(payoutsContract.ledger, () => ledger);
  server.on(payoutsContract.runs, () => page(store.runs));
  server.on(payoutsContract.run, ({ params }) => {
    const found = store.runs.find((run) => run.id === params.id);
    return found ?? replyError(404, 'not_found', payoutTexts.runNotFound);
  });
  server.on(payoutsContract.runLines, ({ query }) => {
    const status = query.get('status');
    return page(store.lines.filter((line) => !status || line.status === status));
  });
  server.on(payoutsContract.approveRun, ({ params }) => {
    const index = store.runs.findIndex((run) => run.id === params.id);
    const approved: PayoutRun = {
      ...(store.runs[index] as PayoutRun),
      status: 'approved',
      approved_at: '2026-11-24T09:00:00.000Z',
      approved_by_name: 'Ada Admin',
    };
    store.runs[index] = approved;
    store.lines = store.lines.map((line) => (line.status === 'planned' ? { ...line, status: 'sent' } : line));
    return approved;
  });
  server.on(payoutsContract.remindRun, ({ params }) => {
    const index = store.runs.findIndex((run) => run.id === params.id);
    const reminded: PayoutRun = { ...(store.runs[index] as PayoutRun), reminded_at: '2026-11-24T09:30:00.000Z' };
    store.runs[index] = reminded;
    return { reminded: reminded.remindable_count, run: reminded };
  });
  server.on(payoutsContract.bankFormats, () => formats);
  server.on(payoutsContract.balances, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    return page(balances.filter((row) => !q || `${row.name} ${row.email}`.toLowerCase().includes(q)));
  });
  return store;
}

async function openPage(
  options: Parameters<typeof fakePayoutsAdmin>[1] = {},
  path: string = paths.adminPayouts.getHref(),
) {
  const server = createFakeServer();
  const store = fakePayoutsAdmin(server, options);
  const view = await renderRoute(path, { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  return { ...view, server, store };
}

const requestsTo = (server: FakeServer, method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

// The page's modules load once, before the tests (the first test paid for them: 7.8 s of 15 on a busy CI).
beforeAll(() => preloadPages(paths.adminPayouts.getHref()));

describe('Payouts', () => {
  describe('the ledger', () => {
    it('shows each account’s balance and says the ledger is balanced', async () => {
      await openPage();
      const ledger = await screen.findByRole('region', { name: 'Ledger' });
      expect(within(ledger).getByText('Balanced')).toBeInTheDocument();
      const available = within(ledger).getByRole('heading', { name: 'Talent payable — available' }).parentElement;
      expect(available).toHaveTextContent('$411.52');
      expect(available).toHaveTextContent('Credit balance');
      // In the ledger's own order, whatever order the answer gave.
      const accounts = within(ledger)
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
      expect(accounts).toEqual([
        'Ledger',
        'Provider clearing',
        'Talent payable — pending',
        'Talent payable — available',
      ]);
    });

    it('shows each currency on its own line, never added to another, and the side of each', async () => {
      await openPage({
        ledger: {
          currencies: [
            {
              currency: 'EUR',
              accounts: [
                { account: 'talent_available', balance_cents: -31_565 },
                { account: 'fx_conversion', balance_cents: 31_565 },
              ],
              imbalance_cents: 0,
            },
            {
              currency: 'PHP',
              accounts: [
                { account: 'talent_available', balance_cents: 0 },
                { account: 'fx_conversion', balance_cents: -1_900_000 },
              ],
              imbalance_cents: 0,
            },
            dollarLedger,
          ],
        },
      });
      const ledger = await screen.findByRole('region', { name: 'Ledger' });
      expect(within(ledger).getByText('Balanced')).toBeInTheDocument();
      const card = (name: string) => within(ledger).getByRole('heading', { name }).parentElement;
      expect(card('Talent payable — available')).toHaveTextContent('€315.65$411.52');
      expect(card('Talent payable — available')).toHaveTextContent('Credit balance');
      expect(card('Currency conversion')).toHaveTextContent('€315.65₱19,000.00');
      expect(card('Currency conversion')).toHaveTextContent('debit in EUR, credit in PHP');
    });

    it('says by how much the ledger is out of balance', async () => {
      await openPage({ ledger: { currencies: [{ ...dollarLedger, imbalance_cents: -1_234 }] } });
      const ledger = await screen.findByRole('region', { name: 'Ledger' });
      expect(within(ledger).getByText('Out of balance by $12.34')).toBeInTheDocument();
      expect(within(ledger).queryByText('Balanced')).not.toBeInTheDocument();
    });
  });

  describe('payout runs', () => {
    it('lists the runs with their day, status, total and counts', async () => {
      await openPage({
        runs: [
          payoutRun(),
          payoutRun({
            scheduled_for: '2026-11-23',
            status: 'completed',
            totals: [{ currency: 'USD', amount_cents: 5_000 }],
          }),
        ],
      });
      const table = await screen.findByRole('table', { name: 'Payout runs' });
      const draft = within(table).getByRole('row', { name: /Nov 24, 2026/ });
      expect(within(draft).getByText('Awaiting approval')).toBeInTheDocument();
      expect(within(draft).getByText('$1,234.56')).toBeInTheDocument();
      expect(within(draft).getByText('3')).toBeInTheDocument();
      expect(within(draft).getByText('1')).toBeInTheDocument();
      const completed = within(table).getByRole('row', { name: /Nov 23, 2026/ });
      expect(within(completed).getByText('Completed')).toBeInTheDocument();
    });

    it('totals each run a currency at a time, never one sum across currencies', async () => {
      const run = payoutRun({
        totals: [
          { currency: 'EUR', amount_cents: 31_565 },
          { currency: 'PHP', amount_cents: 617_250 },
          { currency: 'USD', amount_cents: 120_000 },
        ],
      });
      const { events } = await openPage({ runs: [run] });
      const table = await screen.findByRole('table', { name: 'Payout runs' });
      expect(within(table).getByRole('row', { name: /Nov 24, 2026/ })).toHaveTextContent(
        '€315.65 · ₱6,172.50 · $1,200.00',
      );
      await events.click(screen.getByRole('button', { name: 'Open the payout run of Nov 24, 2026' }));
      const summary = await screen.findByRole('region', { name: /Payout run of Nov 24, 2026/ });
      expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent(
        '€315.65 · ₱6,172.50 · $1,200.00',
      );
    });

    it('lists the rates approval will lock in the dialog, a stale one flagged, and shows the server’s refusal there', async () => {
      const stale = payoutTexts.staleRate('USD', 'PHP', '2026-11-18', 3);
      const run = payoutRun({
        totals: [
          { currency: 'PHP', amount_cents: 617_250 },
          { currency: 'USD', amount_cents: 120_000 },
        ],
        rates: [
          { from: 'EUR', to: 'PHP', rate: { rate: '61.2345', date: '2026-11-23', source: 'ecb' }, stale: false },
          { from: 'USD', to: 'PHP', rate: { rate: '58.2520547945', date: '2026-11-18', source: 'ecb' }, stale: true },
          { from: 'GBP', to: 'PHP', rate: null, stale: false },
        ],
      });
      const { events, server } = await openPage(
        { runs: [run], lines: [runLine()] },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      server.on(payoutsContract.approveRun, () => replyError(409, 'conflict', stale));
      const summary = await screen.findByRole('region', { name: /Payout run of Nov 24, 2026/ });
      await events.click(within(summary).getByRole('button', { name: 'Approve' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Approve this payout run?' });
      expect(confirm).toHaveTextContent('3 payouts for ₱6,172.50 · $1,200.00 in all');
      expect(confirm).toHaveTextContent('The exchange rates are locked at approval');
      const rates = within(confirm).getByRole('list', { name: 'Exchange rates to lock' });
      expect(
        within(rates)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '1 EUR = 61.2345 PHP, ECB rate of 2026-11-23',
        '1 USD = 58.2520547945 PHP, ECB rate of 2026-11-18Stale',
        'GBP → PHP: no rateMissing',
      ]);
      expect(confirm).toHaveTextContent('A stale or missing rate stops the approval');

      await events.click(within(confirm).getByRole('button', { name: 'Approve' }));
      // Refused: the server's sentence in the dialog, which stays open; the run still awaits approval.
      expect(await within(confirm).findByRole('alert')).toHaveTextContent(stale);
      expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${run.id}/approve`)).toHaveLength(1);
      expect(screen.getByRole('alertdialog', { name: 'Approve this payout run?' })).toBeInTheDocument();
      expect(within(summary).getByText('Awaiting approval')).toBeInTheDocument();
      expect(screen.queryByText('Payout run approved')).not.toBeInTheDocument();
      // Closed and opened again, the refusal is gone.
      await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await events.click(within(summary).getByRole('button', { name: 'Approve' }));
      const again = await screen.findByRole('alertdialog', { name: 'Approve this payout run?' });
      expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows each line in its payout currency with what it converted from, and a line without a rate as not paid', async () => {
      const run = payoutRun();
      await openPage(
        {
          runs: [run],
          lines: [
            runLine({
              talent_name: 'Maria Santos',
              amount_cents: 13_845_314,
              currency: 'PHP',
              parts: [
                {
                  source_currency: 'EUR',
                  source_cents: 203_457,
                  amount_cents: 12_396_295,
                  margin_cents: 62_293,
                  margin_basis_points: 50,
                  rate: { rate: '61.2345', date: '2026-11-27', source: 'ecb' },
                },
                {
                  source_currency: 'PHP',
                  source_cents: 1_449_019,
                  amount_cents: 1_449_019,
                  margin_cents: 0,
                  margin_basis_points: 0,
                  rate: null,
                },
              ],
            }),
            runLine({
              talent_name: 'Vu Tran',
              amount_cents: 0,
              currency: 'VND',
              parts: [],
              status: 'exception',
              exception: 'rate_missing',
            }),
          ],
        },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      const lines = await screen.findByRole('table', { name: 'Payouts and exceptions' });
      const maria = await within(lines).findByRole('row', { name: /Maria Santos/ });
      expect(maria).toHaveTextContent('₱138,453.14');
      expect(
        within(maria)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '€2,034.57 at 1 EUR = 61.2345 PHP, ECB rate of 2026-11-27 (FX margin ₱622.93, 0.50%)',
        '₱14,490.19, no conversion',
      ]);
      const vu = within(lines).getByRole('row', { name: /Vu Tran/ });
      expect(within(vu).getByText('No exchange rate to the payout currency')).toBeInTheDocument();
      expect(within(vu).getByText('Not paid')).toBeInTheDocument();
    });

    it('says when there is no run yet', async () => {
      await openPage();
      expect(await screen.findByText('No payout runs yet')).toBeInTheDocument();
    });

    it('says when the runs fail to load, and loads them again with Try Again', async () => {
      const server = createFakeServer();
      fakePayoutsAdmin(server, { runs: [payoutRun()] });
      let isDown = true;
      // A refusal rather than a 5xx, which the client retries twice before it gives up.
      server.on(payoutsContract.runs, () =>
        isDown ? replyError(403, 'forbidden', 'You cannot see payout runs.') : page([payoutRun()]),
      );
      const { events } = await renderRoute(paths.adminPayouts.getHref(), { user: admin(), server });
      expect(await screen.findByText('Failed to load payout runs')).toBeInTheDocument();
      expect(screen.getByText('You cannot see payout runs.')).toBeInTheDocument();
      isDown = false;
      await events.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('table', { name: 'Payout runs' })).toBeInTheDocument();
    });

    it('prepares today’s run and opens it', async () => {
      const { events, router, server, store } = await openPage();
      const prepared = payoutRun({ id: fakeId() });
      server.on(payoutsContract.prepareRun, () => {
        store.runs.push(prepared);
        return { ...prepared, was_waiting: false };
      });
      await events.click(await screen.findByRole('button', { name: 'Prepare payout run now' }));
      expect(await screen.findByRole('heading', { name: 'Payout run of Nov 24, 2026' })).toBeInTheDocument();
      expect(router.state.location.search).toContain(`run=${prepared.id}`);
      expect(requestsTo(server, 'POST', '/api/admin/payout-runs')).toHaveLength(1);
      expect((await screen.findAllByText('Payout run prepared')).length).toBeGreaterThan(0);
    });

    it('says when a run already awaits approval, and opens that one', async () => {
      const waiting = payoutRun({ id: fakeId() });
      const { events, router, server } = await openPage({ runs: [waiting] });
      server.on(payoutsContract.prepareRun, () => ({ ...waiting, was_waiting: true }));
      await events.click(await screen.findByRole('button', { name: 'Prepare payout run now' }));
      expect((await screen.findAllByText(payoutTexts.runWaitingTitle)).length).toBeGreaterThan(0);
      expect(router.state.location.search).toContain(`run=${waiting.id}`);
    });

    it('shows a draft run’s total, and Approve sends the approval after a confirm and shows it approved', async () => {
      const draft = payoutRun();
      const { events, server } = await openPage({
        runs: [draft],
        lines: [runLine(), runLine({ talent_name: 'Alan Turing', status: 'exception', exception: 'no_method' })],
      });
      await events.click(await screen.findByRole('button', { name: 'Open the payout run of Nov 24, 2026' }));
      const summary = await screen.findByRole('region', { name: /Payout run of Nov 24, 2026/ });
      expect(within(summary).getByText('$1,234.56')).toBeInTheDocument();
      expect(within(summary).getByText('Awaiting approval')).toBeInTheDocument();
      expect(within(summary).getByRole('list', { name: 'Lines by status' })).toHaveTextContent('Planned: 3');

      const lines = await screen.findByRole('table', { name: 'Payouts and exceptions' });
      const excepted = within(lines).getByRole('row', { name: /Alan Turing/ });
      expect(within(excepted).getByText('No payout method')).toBeInTheDocument();
      expect(within(excepted).getByText('Not paid')).toBeInTheDocument();

      await events.click(within(summary).getByRole('button', { name: 'Approve' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Approve this payout run?' });
      expect(confirm).toHaveTextContent('3 payouts for $1,234.56 in all');
      expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${draft.id}/approve`)).toHaveLength(0);
      await events.click(within(confirm).getByRole('button', { name: 'Approve' }));

      await waitFor(() =>
        expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${draft.id}/approve`)).toHaveLength(1),
      );
      expect(await within(summary).findByText('Approved', { selector: 'span' })).toBeInTheDocument();
      expect(within(summary).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      expect((await screen.findAllByText('Payout run approved')).length).toBeGreaterThan(0);
      // The planned payouts are on their way now, each with its own Mark paid and Mark failed.
      expect(await screen.findByRole('button', { name: 'Mark the payout to Grace Hopper failed' })).toBeInTheDocument();
    });

    it('offers to close, not approve, a run that pays nothing, and says nothing is on its way', async () => {
      const empty = payoutRun({
        totals: [],
        payout_count: 0,
        exception_count: 2,
        counts: countsOf({ exception: 2 }),
      });
      const { events, server } = await openPage({
        runs: [empty],
        lines: [
          runLine({ status: 'exception', exception: 'no_method' }),
          runLine({ talent_name: 'Alan Turing', status: 'exception', exception: 'no_method' }),
        ],
      });
      await events.click(await screen.findByRole('button', { name: 'Open the payout run of Nov 24, 2026' }));
      const summary = await screen.findByRole('region', { name: /Payout run of Nov 24, 2026/ });
      expect(within(summary).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      await events.click(within(summary).getByRole('button', { name: 'Close run' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Close this payout run without paying?' });
      expect(confirm).toHaveTextContent('Nothing in it can be paid: 2 talents have something to resolve first');
      await events.click(within(confirm).getByRole('button', { name: 'Close run' }));
      await waitFor(() =>
        expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${empty.id}/approve`)).toHaveLength(1),
      );
      expect((await screen.findAllByText('Payout run closed')).length).toBeGreaterThan(0);
      expect(screen.queryByText('Payout run approved')).not.toBeInTheDocument();
    });

    it('reminds the talents without a payout method once, after a confirm, and says when it did', async () => {
      const run = payoutRun({ remindable_count: 2 });
      const { events, server } = await openPage({ runs: [run], lines: [runLine()] });
      await events.click(await screen.findByRole('button', { name: 'Open the payout run of Nov 24, 2026' }));
      const summary = await screen.findByRole('region', { name: /Payout run of Nov 24, 2026/ });
      await events.click(within(summary).getByRole('button', { name: 'Remind talents without a method' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Remind these talents?' });
      expect(confirm).toHaveTextContent('2 talents are owed money this run cannot pay');
      expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${run.id}/remind`)).toHaveLength(0);
      await events.click(within(confirm).getByRole('button', { name: 'Send reminders' }));
      expect((await screen.findAllByText('Talents reminded')).length).toBeGreaterThan(0);
      expect(requestsTo(server, 'POST', `/api/admin/payout-runs/${run.id}/remind`)).toHaveLength(1);
      await waitFor(() =>
        expect(
          within(summary).queryByRole('button', { name: 'Remind talents without a method' }),
        ).not.toBeInTheDocument(),
      );
    });

    it('filters the run’s lines by status, in the URL and the request', async () => {
      const run = payoutRun();
      const { events, router, server } = await openPage(
        { runs: [run], lines: [runLine(), runLine({ talent_name: 'Alan Turing', status: 'exception' })] },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      await screen.findByRole('table', { name: 'Payouts and exceptions' });
      await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'exception');
      await waitFor(() => expect(router.state.location.search).toContain('lines_status=exception'));
      await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
      const linesRequests = requestsTo(server, 'GET', `/api/admin/payout-runs/${run.id}/lines`);
      expect(linesRequests.at(-1)?.query.get('status')).toBe('exception');
    });

    it('says when the run does not exist', async () => {
      await openPage({}, `${paths.adminPayouts.getHref()}?run=${fakeId()}`);
      expect(await screen.findByText(payoutTexts.runNotFound)).toBeInTheDocument();
    });

    it('says a link that names no run leads nowhere, without asking the server', async () => {
      const { server } = await openPage({}, `${paths.adminPayouts.getHref()}?run=42`);
      expect(await screen.findByText(payoutTexts.runNotFound)).toBeInTheDocument();
      expect(server.requests.filter((request) => request.path.startsWith('/api/admin/payout-runs/'))).toEqual([]);
    });

    it('offers the bank file, Mark all paid and Import results while bank-file payouts wait', async () => {
      const run = payoutRun({ status: 'approved', bank_file_count: 2, counts: countsOf({ sent: 2 }) });
      const { events, server, store } = await openPage(
        { runs: [run], lines: [runLine({ status: 'sent' })] },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      const summary = await screen.findByRole('region', { name: /Payout run of/ });
      expect(within(summary).getByRole('link', { name: 'Download bank file' })).toHaveAttribute(
        'href',
        `/api/admin/payout-runs/${run.id}/bank-file.csv`,
      );
      // The files a bank reads besides the CSV: here one payout to an IBAN, none to a US account.
      expect(await within(summary).findByRole('link', { name: 'Download pain.001 (IBAN)' })).toHaveAttribute(
        'href',
        `/api/admin/payout-runs/${run.id}/bank-file.pain001.xml`,
      );
      expect(within(summary).queryByRole('link', { name: 'Download NACHA (US)' })).not.toBeInTheDocument();

      let marked: unknown;
      server.on(payoutsContract.markRunPaid, ({ body }) => {
        marked = body;
        const completed: PayoutRun = { ...run, status: 'completed', bank_file_count: 0, counts: countsOf({ paid: 2 }) };
        store.runs = [completed];
        return completed;
      });
      await events.click(within(summary).getByRole('button', { name: 'Mark all paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark the bank-file payouts paid' });
      await events.click(within(dialog).getByRole('button', { name: 'Mark all paid' }));
      expect(await within(dialog).findByText(payoutTexts.referenceNeeded)).toBeInTheDocument();
      expect(marked).toBeUndefined();
      await events.type(within(dialog).getByRole('textbox', { name: 'Batch reference' }), ' WISE-BATCH-77 ');
      await events.click(within(dialog).getByRole('button', { name: 'Mark all paid' }));
      await waitFor(() => expect(marked).toEqual({ reference: 'WISE-BATCH-77' }));
      expect((await screen.findAllByText('Payouts marked paid')).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await within(summary).findByText('Completed', { selector: 'span' })).toBeInTheDocument();
    });

    it('offers a pain.001 per currency when the run pays several, and shows the server’s sentence when one is refused', async () => {
      const run = payoutRun({ status: 'approved', bank_file_count: 5, counts: countsOf({ sent: 5 }) });
      const { events, server } = await openPage(
        {
          runs: [run],
          formats: {
            pain001: [
              { currency: 'EUR', count: 2, total_cents: 31_565 },
              { currency: 'PHP', count: 1, total_cents: 617_250 },
              { currency: 'VND', count: 1, total_cents: 2_715_900 },
            ],
            nacha: { count: 0, total_cents: 0 },
            skipped: [
              {
                payout_id: fakeId(),
                talent_name: 'Kim Park',
                amount_cents: 40_001,
                currency: 'EUR',
                reason: 'NACHA pays US dollars only: this EUR payout is paid from the CSV bank file.',
              },
            ],
          },
        },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      const files = await screen.findByRole('region', { name: 'Bank files' });
      for (const currency of ['EUR', 'PHP', 'VND']) {
        expect(within(files).getByRole('link', { name: `Download ${currency} pain.001 (IBAN)` })).toHaveAttribute(
          'href',
          `/api/admin/payout-runs/${run.id}/bank-file.pain001.xml?currency=${currency}`,
        );
      }
      expect(within(files).queryByRole('link', { name: 'Download pain.001 (IBAN)' })).not.toBeInTheDocument();
      expect(within(files).queryByRole('link', { name: 'Download NACHA (US)' })).not.toBeInTheDocument();
      // Each total in its own currency and decimals: the dong has none.
      expect(files).toHaveTextContent('2 payouts, €315.65; 1 payout, ₱6,172.50; 1 payout, ₫2,715,900');
      expect(within(files).getByRole('list', { name: 'Payouts in neither bank file' })).toHaveTextContent(
        'Kim Park, €400.01: NACHA pays US dollars only: this EUR payout is paid from the CSV bank file.',
      );

      URL.createObjectURL = vi.fn(() => 'blob:pain001');
      URL.revokeObjectURL = vi.fn();
      const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const pain001Path = `/api/admin/payout-runs/${run.id}/bank-file.pain001.xml`;
      server.on(payoutsContract.pain001File, ({ query }) =>
        query.get('currency') === 'VND'
          ? replyError(409, 'conflict', payoutTexts.noPain001PayoutsIn('VND', ['EUR', 'PHP']))
          : new Blob(['<Document/>'], { type: 'application/xml' }),
      );
      await events.click(within(files).getByRole('link', { name: 'Download PHP pain.001 (IBAN)' }));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      expect(requestsTo(server, 'GET', pain001Path).map((request) => request.query.get('currency'))).toEqual(['PHP']);

      // Refused: the server's sentence on the page, and nothing saved.
      await events.click(within(files).getByRole('link', { name: 'Download VND pain.001 (IBAN)' }));
      expect(
        (await screen.findAllByText(payoutTexts.noPain001PayoutsIn('VND', ['EUR', 'PHP']))).length,
      ).toBeGreaterThan(0);
      expect(requestsTo(server, 'GET', pain001Path).map((request) => request.query.get('currency'))).toEqual([
        'PHP',
        'VND',
      ]);
      expect(save).toHaveBeenCalledTimes(1);
      save.mockRestore();
    });

    it('imports the bank’s results as a CSV', async () => {
      const run = payoutRun({ status: 'approved', bank_file_count: 2, counts: countsOf({ sent: 2 }) });
      const { events, server } = await openPage({ runs: [run] }, `${paths.adminPayouts.getHref()}?run=${run.id}`);
      server.on(payoutsContract.importResults, () => ({
        ...run,
        bank_file_count: 0,
        counts: countsOf({ paid: 1, failed: 1 }),
      }));
      await events.click(await screen.findByRole('button', { name: 'Import results' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import the bank’s results' });
      await events.click(within(dialog).getByRole('button', { name: 'Import results' }));
      expect(await within(dialog).findByText('Choose the results file the bank or Wise gave you.')).toBeInTheDocument();

      const file = new File(['payout_id,status,reference,reason\n'], 'results.csv', { type: '' });
      await userEvent
        .setup({ applyAccept: false })
        .upload(within(dialog).getByLabelText('Results file (CSV or camt.054 XML)'), file);
      await events.click(within(dialog).getByRole('button', { name: 'Import results' }));
      expect((await screen.findAllByText('Results imported')).length).toBeGreaterThan(0);
      const [sent] = requestsTo(server, 'POST', `/api/admin/payout-runs/${run.id}/results`);
      expect(sent?.headers['content-type']).toBe('text/csv');
      expect(sent?.headers['x-file-name']).toBe('results.csv');
    });

    it('asks for a reason before marking a payout failed, and sends nothing until there is one', async () => {
      const run = payoutRun({ status: 'approved', counts: countsOf({ sent: 1 }) });
      const sent = runLine({ status: 'sent' });
      const { events, server } = await openPage(
        { runs: [run], lines: [sent] },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      const failures: unknown[] = [];
      server.on(payoutsContract.markFailed, ({ params, body }) => {
        failures.push({ id: params.id, body });
        return { ...sent, status: 'failed' as const, failure_reason: body.reason };
      });
      await events.click(await screen.findByRole('button', { name: 'Mark the payout to Grace Hopper failed' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark the payout to Grace Hopper failed' });
      await events.click(within(dialog).getByRole('button', { name: 'Mark failed' }));

      const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
      await waitFor(() =>
        expect(reason).toHaveAccessibleDescription(expect.stringContaining(payoutTexts.reasonNeeded)),
      );
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(requestsTo(server, 'POST', `/api/admin/payouts/${sent.id}/mark-failed`)).toHaveLength(0);

      await events.type(reason, 'The bank returned it: account closed.');
      await events.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
      await waitFor(() =>
        expect(failures).toEqual([{ id: sent.id, body: { reason: 'The bank returned it: account closed.' } }]),
      );
      expect((await screen.findAllByText('Payout marked failed')).length).toBeGreaterThan(0);
    });

    it('puts the server’s word on a reference next to the field', async () => {
      const run = payoutRun({ status: 'approved', counts: countsOf({ sent: 1 }) });
      const sent = runLine({ status: 'sent' });
      const { events, server } = await openPage(
        { runs: [run], lines: [sent] },
        `${paths.adminPayouts.getHref()}?run=${run.id}`,
      );
      server.on(payoutsContract.markPaid, () =>
        replyError(400, 'validation', payoutTexts.referenceNeeded, { reference: payoutTexts.referenceNeeded }),
      );
      await events.click(await screen.findByRole('button', { name: 'Mark the payout to Grace Hopper paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark the payout to Grace Hopper paid' });
      const reference = within(dialog).getByRole('textbox', { name: 'Reference' });
      await events.type(reference, 'TX-1');
      await events.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
      await waitFor(() => expect(reference).toHaveAccessibleDescription(payoutTexts.referenceNeeded));

      server.on(payoutsContract.markPaid, () => replyError(409, 'conflict', payoutTexts.payoutNotInTransit));
      await events.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
      expect(await within(dialog).findByText(payoutTexts.payoutNotInTransit)).toBeInTheDocument();
    });
  });

  describe('balances', () => {
    it('shows what each talent is owed, a negative balance named as such, and a hold', async () => {
      const { events, router } = await openPage({
        balances: [
          balanceRow(),
          balanceRow({
            name: 'Alan Turing',
            email: 'alan@talent.test',
            balances: [
              { currency: 'USD', pending_cents: 0, available_cents: -2_500, in_transit_cents: 0, paid_out_cents: 0 },
            ],
            hold: {
              id: fakeId(),
              reason: 'Chargeback under review.',
              placed_at: '2026-11-20T12:00:00.000Z',
              placed_by_name: 'Ada Admin',
            },
          }),
        ],
      });
      await events.click(await screen.findByRole('tab', { name: 'Balances' }));
      await waitFor(() => expect(router.state.location.search).toContain('tab=balances'));
      const table = await screen.findByRole('table', { name: 'Talent balances' });
      const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
      expect(within(grace).getByText('$411.52')).toBeInTheDocument();
      expect(within(grace).getByText('$1,500.00')).toBeInTheDocument();
      const alan = within(table).getByRole('row', { name: /Alan Turing/ });
      expect(within(alan).getByText('-$25.00')).toBeInTheDocument();
      expect(within(alan).getByText('Negative')).toBeInTheDocument();
      expect(within(alan).getByText('Chargeback under review.')).toBeInTheDocument();
      expect(
        within(alan).getByRole('button', { name: 'Release the hold on Alan Turing’s payouts' }),
      ).toBeInTheDocument();
    });

    it('shows a talent’s balance a line per currency', async () => {
      await openPage(
        {
          balances: [
            balanceRow({
              balances: [
                { currency: 'EUR', pending_cents: 0, available_cents: 31_565, in_transit_cents: 0, paid_out_cents: 0 },
                {
                  currency: 'PHP',
                  pending_cents: 0,
                  available_cents: 0,
                  in_transit_cents: 617_250,
                  paid_out_cents: 0,
                },
                { currency: 'USD', pending_cents: 0, available_cents: -2_500, in_transit_cents: 0, paid_out_cents: 0 },
              ],
            }),
          ],
        },
        `${paths.adminPayouts.getHref()}?tab=balances`,
      );
      const table = await screen.findByRole('table', { name: 'Talent balances' });
      const grace = await within(table).findByRole('row', { name: /Grace Hopper/ });
      expect(grace).toHaveTextContent('€315.65₱0.00-$25.00Negative');
      expect(grace).toHaveTextContent('€0.00₱6,172.50$0.00');
    });

    it('puts the search and the filter in the URL and the request', async () => {
      const { events, router, server } = await openPage(
        { balances: [balanceRow()] },
        `${paths.adminPayouts.getHref()}?tab=balances`,
      );
      await screen.findByRole('table', { name: 'Talent balances' });
      await events.type(screen.getByRole('searchbox', { name: 'Search talent' }), 'grace');
      await waitFor(() => expect(router.state.location.search).toContain('q=grace'));
      await events.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'negative');
      await waitFor(() => expect(router.state.location.search).toContain('only=negative'));
      const last = requestsTo(server, 'GET', '/api/admin/payout-balances').at(-1);
      expect(last?.query.get('q')).toBe('grace');
      expect(last?.query.get('only')).toBe('negative');
    });

    it('places a hold with the talent and the reason', async () => {
      const row = balanceRow();
      const { events, server } = await openPage({ balances: [row] }, `${paths.adminPayouts.getHref()}?tab=balances`);
      const holds: unknown[] = [];
      server.on(payoutsContract.placeHold, ({ body }) => {
        holds.push(body);
        return {
          ...row,
          hold: {
            id: fakeId(),
            reason: body.reason,
            placed_at: '2026-11-24T09:00:00.000Z',
            placed_by_name: 'Ada Admin',
          },
        };
      });
      await events.click(await screen.findByRole('button', { name: 'Put Grace Hopper’s payouts on hold' }));
      const dialog = await screen.findByRole('dialog', { name: 'Put Grace Hopper’s payouts on hold' });
      await events.click(within(dialog).getByRole('button', { name: 'Place hold' }));
      expect(await within(dialog).findByText(payoutTexts.reasonNeeded)).toBeInTheDocument();
      expect(holds).toEqual([]);

      await events.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Identity check pending.');
      await events.click(within(dialog).getByRole('button', { name: 'Place hold' }));
      await waitFor(() =>
        expect(holds).toEqual([{ applicant_id: row.applicant_id, reason: 'Identity check pending.' }]),
      );
      expect((await screen.findAllByText('Payouts on hold')).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('releases a hold with a reason', async () => {
      const holdId = fakeId();
      const row = balanceRow({
        hold: {
          id: holdId,
          reason: 'Identity check pending.',
          placed_at: '2026-11-20T12:00:00.000Z',
          placed_by_name: null,
        },
      });
      const { events, server } = await openPage({ balances: [row] }, `${paths.adminPayouts.getHref()}?tab=balances`);
      const releases: unknown[] = [];
      server.on(payoutsContract.releaseHold, ({ params, body }) => {
        releases.push({ id: params.id, body });
        return { ...row, hold: null };
      });
      await events.click(await screen.findByRole('button', { name: 'Release the hold on Grace Hopper’s payouts' }));
      const dialog = await screen.findByRole('dialog', { name: 'Release the hold on Grace Hopper’s payouts' });
      expect(dialog).toHaveTextContent('Identity check pending.');
      await events.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Identity confirmed.');
      await events.click(within(dialog).getByRole('button', { name: 'Release hold' }));
      await waitFor(() => expect(releases).toEqual([{ id: holdId, body: { reason: 'Identity confirmed.' } }]));
      expect((await screen.findAllByText('Hold released')).length).toBeGreaterThan(0);
    });

    it('says when no talent matches', async () => {
      await openPage({}, `${paths.adminPayouts.getHref()}?tab=balances&only=on_hold`);
      expect(await screen.findByText('No talent found')).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Clear Filters' }).length).toBeGreaterThan(0);
    });
  });
});

// The books (decisions 046, 052): the month from the URL, its report and the trial balance at its end a currency
// at a time with each converted to the reporting currency, and the files.
describe('Payouts: Books', () => {
  const euroRate = { base: 'EUR', quote: 'USD', rate: '1.0823', date: '2026-10-28', source: 'manual' } as const;
  // Each figure of a currency: `amounts` by key, the rest zero; converted at `toUsd` (null: no rate).
  const figuresOf = (amounts: Partial<Record<MonthEndFigureKey, number>>, toUsd: (cents: number) => number | null) =>
    monthEndFigureKeys.map((key) => ({
      key,
      label: monthEndFigures[key].label,
      accounts: [...monthEndFigures[key].accounts],
      measure: monthEndFigures[key].measure,
      cents: amounts[key] ?? 0,
      converted_cents: toUsd(amounts[key] ?? 0),
    }));
  const accountRow = (account: LedgerAccount, debit: number, credit: number) => ({
    account,
    ...defaultAccountCodes.accounts[account],
    debit_cents: debit,
    credit_cents: credit,
  });
  const allAccounts = (rows: ReturnType<typeof accountRow>[]) =>
    ledgerAccounts.map((account) => rows.find((row) => row.account === account) ?? accountRow(account, 0, 0));

  it('shows the month-end report and the trial balance of the month in the URL a currency at a time, converted, with the files to download', async () => {
    const server = createFakeServer();
    fakePayoutsAdmin(server);
    server.on(accountingContract.monthEnd, ({ query }) => ({
      month: query.get('month') ?? '',
      from: '2026-10-01',
      to: '2026-10-31',
      reporting_currency: 'USD' as const,
      currencies: [
        {
          currency: 'EUR' as const,
          rate: euroRate,
          figures: figuresOf({ revenue: 100_000 }, (cents) => (cents ? 108_230 : 0)),
        },
        {
          currency: 'PHP' as const,
          rate: null,
          figures: figuresOf({ paid_out: 1_850_000 }, (cents) => (cents ? null : 0)),
        },
        { currency: 'USD' as const, rate: null, figures: figuresOf({ revenue: 123_456 }, (cents) => cents) },
      ],
      totals: monthEndFigureKeys.map((key) => ({
        key,
        label: monthEndFigures[key].label,
        converted_cents: key === 'revenue' ? 231_686 : key === 'paid_out' ? null : 0,
      })),
    }));
    server.on(accountingContract.trialBalance, ({ query }) => ({
      as_of: query.get('as_of') ?? '',
      reporting_currency: 'USD' as const,
      currencies: [
        {
          currency: 'EUR' as const,
          accounts: allAccounts([accountRow('provider_clearing', 20_000, 0), accountRow('escrow', 0, 20_000)]),
          total_debit_cents: 20_000,
          total_credit_cents: 20_000,
          rate: euroRate,
          converted_total_cents: 21_646,
        },
        {
          currency: 'USD' as const,
          accounts: allAccounts([
            accountRow('provider_clearing', 50_000, 0),
            accountRow('platform_revenue', 0, 50_000),
          ]),
          total_debit_cents: 50_000,
          total_credit_cents: 50_000,
          rate: null,
          converted_total_cents: 50_000,
        },
      ],
      converted_total_cents: 71_646,
    }));
    server.on(accountingContract.vatReport, ({ query }) => ({
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
      lines: [
        {
          currency: 'EUR' as const,
          category: 'reverse_charge' as const,
          name: 'VAT',
          rate_basis_points: 0,
          invoices: 3,
          credit_notes: 1,
          taxable_cents: 660_000,
          tax_cents: 0,
        },
        {
          currency: 'EUR' as const,
          category: 'standard' as const,
          name: 'VAT',
          rate_basis_points: 2300,
          invoices: 2,
          credit_notes: 0,
          taxable_cents: 440_000,
          tax_cents: 101_200,
        },
      ],
    }));
    await renderRoute(`${paths.adminPayouts.getHref()}?tab=books&month=2026-10`, { user: admin(), server });
    const dollars = await screen.findByRole('table', { name: 'Month-end report, October 2026, USD' });
    expect(within(dollars).getByRole('row', { name: /Revenue \(platform fees\).*\$1,234\.56/ })).toBeInTheDocument();
    const euros = screen.getByRole('table', { name: 'Month-end report, October 2026, EUR' });
    expect(
      within(euros).getByRole('row', { name: /Revenue \(platform fees\).*€1,000\.00 \$1,082\.30/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'EUR figures' })).getByText(
        'In USD at 1 EUR = 1.0823 USD (Entered by hand, 2026-10-28).',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'PHP figures' })).getByText(
        'No PHP → USD rate recorded on or before 2026-10-31.',
      ),
    ).toBeInTheDocument();
    const all = screen.getByRole('table', { name: 'Month-end report, October 2026, all currencies in USD' });
    expect(within(all).getByRole('row', { name: /Revenue \(platform fees\) \$2,316\.86/ })).toBeInTheDocument();
    expect(within(all).getByRole('row', { name: 'Paid out —' })).toBeInTheDocument();

    const balance = await screen.findByRole('table', { name: 'Trial balance at October 31, 2026, USD' });
    expect(within(balance).getByRole('row', { name: /Total \$500\.00 \$500\.00/ })).toBeInTheDocument();
    const euroBalance = screen.getByRole('table', { name: 'Trial balance at October 31, 2026, EUR' });
    expect(within(euroBalance).getByRole('row', { name: /Total €200\.00 €200\.00/ })).toBeInTheDocument();
    const euroBlock = screen.getByRole('region', { name: 'EUR balances' });
    expect(within(euroBlock).getByText('Total in USD: $216.46')).toBeInTheDocument();
    expect(screen.getByText('All currencies in USD: $716.46')).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/admin/accounting/trial-balance')).toBe(true);
    expect(screen.getByRole('link', { name: 'Xero manual journals (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/accounting/journal-xero.csv?from=2026-10-01&to=2026-10-31',
    );
    expect(screen.getByRole('link', { name: 'QuickBooks Online journal entries (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/accounting/journal-quickbooks.csv?from=2026-10-01&to=2026-10-31',
    );
    // The month's VAT by rule and rate, net of credit notes.
    const vat = await screen.findByRole('table', { name: 'VAT report, October 2026' });
    expect(
      within(vat).getByRole('row', {
        name: /VAT 0%.*Reverse charge · EUR.*3 invoices, 1 credit notes.*€6,600\.00.*€0\.00/,
      }),
    ).toBeInTheDocument();
    expect(
      within(vat).getByRole('row', { name: /VAT 23%.*Standard rate · EUR.*€4,400\.00.*€1,012\.00/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VAT report (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/accounting/vat.csv?from=2026-10-01&to=2026-10-31',
    );
  });

  it('says when the report fails, and offers to try again', async () => {
    const server = createFakeServer();
    fakePayoutsAdmin(server);
    server.on(accountingContract.monthEnd, () => replyError(500, 'internal', 'The ledger could not be read.'));
    server.on(accountingContract.vatReport, ({ query }) => ({
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
      lines: [],
    }));
    server.on(accountingContract.trialBalance, ({ query }) => ({
      as_of: query.get('as_of') ?? '',
      reporting_currency: 'USD' as const,
      currencies: [],
      converted_total_cents: 0,
    }));
    await renderRoute(`${paths.adminPayouts.getHref()}?tab=books&month=2026-10`, { user: admin(), server });
    expect(await screen.findByText('The ledger could not be read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing is in the ledger up to October 31, 2026.')).toBeInTheDocument();
  });
});

// The tax forms queue (issue 56): who has worked with no form, whose W-8BEN ends soon, whose has ended.
describe('Payouts: Tax forms', () => {
  it('lists the talents with no form, then those whose W-8BEN ends soon, each state with its count', async () => {
    const server = createFakeServer();
    fakePayoutsAdmin(server);
    const counts = { missing: 1, expiring: 1, expired: 0 };
    server.on(taxFormsContract.queue, ({ query }) => {
      const state = query.get('state');
      const items =
        state === 'missing'
          ? [
              {
                applicant_id: fakeId(),
                name: 'Aaron Missing',
                email: 'aaron@tandem.test',
                kind: null,
                signed_at: null,
                valid_until: null,
                reminded_at: null,
              },
            ]
          : state === 'expiring'
            ? [
                {
                  applicant_id: fakeId(),
                  name: 'Bea Expiring',
                  email: 'bea@tandem.test',
                  kind: 'w8ben' as const,
                  signed_at: '2023-03-01T10:00:00.000Z',
                  valid_until: '2026-12-31',
                  reminded_at: '2026-11-01T06:00:00.000Z',
                },
              ]
            : [];
      return { items, total: items.length, page: 1, page_size: 20, counts };
    });
    fakeNecYear(server, []);
    const events = userEvent.setup();
    await renderRoute(`${paths.adminPayouts.getHref()}?tab=tax-forms`, { user: admin(), server });
    const missing = await screen.findByRole('table', { name: 'Tax forms: No form on file' });
    expect(within(missing).getByRole('row', { name: /Aaron Missing.*None/ })).toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Ending within 60 days (1)' }));
    const expiring = await screen.findByRole('table', { name: 'Tax forms: Ending within 60 days' });
    expect(
      within(expiring).getByRole('row', { name: /Bea Expiring.*Form W-8BEN.*Valid until Dec 31, 2026.*Nov 1, 2026/ }),
    ).toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Ended (0)' }));
    expect(await screen.findByText('No talent’s form has ended.')).toBeInTheDocument();
  });

  it('lists last year’s Forms 1099-NEC due, issues them after a confirm, and offers the filing file', async () => {
    const server = createFakeServer();
    fakePayoutsAdmin(server);
    server.on(taxFormsContract.queue, () => ({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
      counts: { missing: 0, expiring: 0, expired: 0 },
    }));
    const lena = {
      applicant_id: fakeId(),
      name: 'Lena Ortiz',
      email: 'lena@tandem.test',
      legal_name: 'Lena Ortiz',
      tin_type: 'ssn' as const,
      tin_masked: '•••-••-6789',
      paid_cents: 65_001,
      paid_other: [{ currency: 'EUR' as const, cents: 90_000 }],
      state: 'not_issued' as const,
      form: null,
    };
    let issued = false;
    fakeNecYear(server, [lena], () =>
      issued
        ? {
            ...lena,
            state: 'issued' as const,
            form: { id: fakeId(), box1_cents: 65_001, corrected: false, issued_at: '2026-01-20T10:00:00.000Z' },
          }
        : lena,
    );
    server.on(taxFormsContract.issueNecForms, ({ body }) => {
      issued = true;
      expect(body).toEqual({ year: new Date().getFullYear() - 1 });
      return { message: '1 issued, 0 corrected.', issued: 1, corrected: 0 };
    });
    const events = userEvent.setup();
    await renderRoute(`${paths.adminPayouts.getHref()}?tab=tax-forms`, { user: admin(), server });
    const year = new Date().getFullYear() - 1;
    const table = await screen.findByRole('table', { name: `Forms 1099-NEC for ${year}` });
    expect(
      within(table).getByRole('row', { name: /Lena Ortiz.*•••-••-6789.*\$650\.01.*€900\.00.*Not issued/ }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download filing file' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Issue 1 form' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Issue 1 form for ${year}?` });
    await events.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('1 issued, 0 corrected.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `Copy B of Lena Ortiz’s Form 1099-NEC for ${year}` })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download filing file' })).toHaveAttribute(
      'href',
      `/api/admin/tax-forms/1099-nec.csv?year=${year}`,
    );
  });
});

// A year's Forms 1099-NEC as the server lists them: the grant held, the payer set up, the year over.
function fakeNecYear(server: FakeServer, items: NecRecipient[], current?: () => NecRecipient) {
  server.on(taxFormsContract.necRecipients, ({ query }) => {
    const rows = current ? [current()] : items;
    const count = (state: NecRecipient['state']) => rows.filter((row) => row.state === state).length;
    return {
      year: Number(query.get('year')),
      threshold_cents: 60_000,
      can_issue: true,
      blocked_reason: null,
      can_download_file: true,
      items: rows,
      total: rows.length,
      page: 1,
      page_size: 20,
      counts: { not_issued: count('not_issued'), issued: count('issued'), changed: count('changed') },
    };
  });
}
