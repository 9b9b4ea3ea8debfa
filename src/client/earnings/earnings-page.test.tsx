import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findNotification } from '~/client/testing/builder-test-helpers';
import { applicantUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { earningsContract } from '~/shared/contracts/earnings';
import { payoutsContract } from '~/shared/contracts/payouts';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { EarningsSummary, EarningsWeek } from '~/shared/earnings';
import {
  PAYOUT_METHOD_WAIT_HOURS,
  type PayoutBalance,
  type PayoutMethod,
  type PayoutMethodList,
  payoutTexts,
  type TalentPayout,
} from '~/shared/payouts';
import { paths } from '~/shared/routes';

// Earnings (docs/decisions/024): the talent's approved weeks with what each earns them, when approved and
// whether invoiced, a page at a time from the server, under the totals; and its empty and error states.
// Payouts (docs/decisions/036): the balance and the next payout, each week's payout stage, the payout
// methods (added and changed with a password or an emailed code), the payouts sent and the yearly summary.

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
    currency: 'USD',
    approved_at: '2026-11-23T15:00:00.000Z',
    stage: 'approved',
    invoiced_on: null,
    payout_stage: 'pending',
    pending_reason: payoutTexts.pendingAwaitingInvoice,
    available_on: null,
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
  currencies: [{ currency: 'USD', approved_cents: 248_800, invoiced_cents: 128_000, awaiting_invoice_cents: 120_800 }],
};

const dollars = {
  currency: 'USD',
  pending_cents: 120_800,
  available_cents: 128_000,
  in_transit_cents: 45_000,
  paid_out_cents: 310_000,
} as const;

// Dollars available, paid in dollars: one part, nothing to convert.
const balance: PayoutBalance = {
  balances: [dollars],
  minimum_cents: 5_000,
  next_payout: {
    runs_at: '2026-12-04T14:00:00.000Z',
    basis: 'estimate',
    currency: 'USD',
    amount_cents: 128_000,
    parts: [
      {
        source_currency: 'USD',
        source_cents: 128_000,
        amount_cents: 128_000,
        margin_cents: 0,
        margin_basis_points: 0,
        rate: null,
      },
    ],
    blocked_by: null,
  },
  on_hold: false,
};

// Euros and dollars available, paid in pesos (decision 051): each converted at the latest rate less 0.50%.
const pesoBalance: PayoutBalance = {
  balances: [
    { currency: 'EUR', pending_cents: 80_000, available_cents: 203_457, in_transit_cents: 0, paid_out_cents: 0 },
    { currency: 'USD', pending_cents: 0, available_cents: 25_000, in_transit_cents: 0, paid_out_cents: 0 },
  ],
  minimum_cents: 5_000,
  next_payout: {
    runs_at: '2026-12-04T14:00:00.000Z',
    basis: 'estimate',
    currency: 'PHP',
    amount_cents: 13_845_314,
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
        source_currency: 'USD',
        source_cents: 25_000,
        amount_cents: 1_449_019,
        margin_cents: 7_282,
        margin_basis_points: 50,
        rate: { rate: '58.2520547945', date: '2026-11-27', source: 'ecb' },
      },
    ],
    blocked_by: null,
  },
  on_hold: false,
};

function payoutMethod(overrides: Partial<PayoutMethod> = {}): PayoutMethod {
  return {
    id: fakeId(),
    kind: 'bank_account',
    label: 'Bank transfer · BDO Unibank · ending in 6789',
    holder_name: 'Ada Talent',
    currency: 'USD',
    is_default: true,
    usable_from: '2026-01-05T10:00:00.000Z',
    onboarded: true,
    created_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

function talentPayout(overrides: Partial<TalentPayout> = {}): TalentPayout {
  const amountCents = overrides.amount_cents ?? 128_000;
  return {
    id: fakeId(),
    amount_cents: amountCents,
    currency: 'USD',
    parts: [
      {
        source_currency: 'USD',
        source_cents: amountCents,
        amount_cents: amountCents,
        margin_cents: 0,
        margin_basis_points: 0,
        rate: null,
      },
    ],
    status: 'paid',
    method_label: 'Bank transfer · BDO Unibank · ending in 6789',
    reference: 'WISE-88213',
    failure_reason: null,
    sent_at: '2026-11-27T14:00:00.000Z',
    paid_at: '2026-11-28T09:00:00.000Z',
    failed_at: null,
    ...overrides,
  };
}

interface PayoutsFakes {
  balance?: PayoutBalance;
  methods?: Partial<PayoutMethodList>;
  payouts?: TalentPayout[];
  // Further answers, given before the page loads (what it calls at once).
  setup?: (server: FakeServer) => void;
}

// The payout endpoints the page reads, answered unless a test answers them otherwise.
function fakePayouts(server: FakeServer, { balance: answer = balance, methods = {}, payouts = [] }: PayoutsFakes = {}) {
  server.fallback(payoutsContract.balance, () => answer);
  server.fallback(taxFormsContract.own, () => ({ form: null, standing: 'none' as const, required_for_payouts: true }));
  server.fallback(taxFormsContract.ownNecForms, () => ({ items: [] }));
  server.fallback(payoutsContract.methods, () => ({
    items: [],
    has_password: true,
    connect_available: false,
    ...methods,
  }));
  server.fallback(payoutsContract.payouts, ({ query }) => ({
    items: payouts,
    total: payouts.length,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 10),
  }));
}

async function openEarnings(
  weeks: EarningsWeek[],
  total = weeks.length,
  path = paths.applicantEarnings.getHref(),
  payouts: PayoutsFakes = {},
) {
  const server = createFakeServer();
  server.on(earningsContract.summary, () => summary);
  server.on(earningsContract.weeks, ({ query }) => ({
    items: weeks,
    total,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 20),
  }));
  fakePayouts(server, payouts);
  payouts.setup?.(server);
  const view = await renderRoute(path, { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: 'Earnings' });
  return { ...view, server };
}

// The Add payout method dialog, opened from the methods' section.
async function openAddMethod(events: Awaited<ReturnType<typeof openEarnings>>['events']) {
  await events.click(await screen.findByRole('button', { name: 'Add payout method' }));
  return screen.findByRole('dialog', { name: 'Add payout method' });
}

async function typeBankAccount(
  events: Awaited<ReturnType<typeof openEarnings>>['events'],
  dialog: HTMLElement,
  accountNumber: string,
) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await events.type(field('Account holder name'), 'Ada Talent');
  await events.type(field('Bank name'), 'Chase');
  await events.type(field('Account number or IBAN'), accountNumber);
  await events.selectOptions(field('Bank identified by'), 'US routing number (ABA)');
  await events.type(field('US routing number (ABA)'), '021000021');
}

const addRequests = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path === '/api/applicant/payout-methods');

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
        pending_reason: payoutTexts.pendingSecurity('2026-12-01'),
        available_on: '2026-12-01',
      }),
      earningsWeek({
        week_start: '2026-11-01',
        stage: 'invoiced',
        invoiced_on: '2026-11-15',
        payout_stage: 'available',
        pending_reason: null,
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
    expect(awaiting).toHaveTextContent(`Pending${payoutTexts.pendingAwaitingInvoice}`);
    const invoiced = within(table).getByRole('row', { name: /Nov 8 – 14, 2026/ });
    expect(invoiced).toHaveTextContent('$1,280.00');
    expect(invoiced).toHaveTextContent('Invoiced Nov 22, 2026');
    // The day of the server's sentence (YYYY-MM-DD) is read from available_on, once, as people write it.
    expect(invoiced).toHaveTextContent('PendingSecurity period until Dec 1, 2026');
    expect(invoiced).not.toHaveTextContent('Available on');
    const available = within(table).getByRole('row', { name: /Nov 1 – 7, 2026/ });
    expect(within(available).getByText('Available')).toBeInTheDocument();
    expect(available).not.toHaveTextContent('Pending');
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
    fakePayouts(server);
    await renderRoute(paths.applicantEarnings.getHref(), { user: applicantUser(), server });
    expect(await screen.findByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The page must be a whole number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows the payout balance: pending, available, on its way, paid out and the next payout', async () => {
    await openEarnings([]);
    const cards = await screen.findByRole('region', { name: 'Payout balance' });
    const card = (name: string) => within(cards).getByRole('heading', { name }).parentElement;
    expect(card('Pending')).toHaveTextContent('$1,208.00');
    expect(card('Available')).toHaveTextContent('$1,280.00');
    expect(card('Available')).toHaveTextContent('Ready for your next payout');
    expect(card('On its way')).toHaveTextContent('$450.00');
    expect(card('Paid out')).toHaveTextContent('$3,100.00');
    // Days in UTC, said so, while the talent has no zone of their own.
    const next = screen.getByRole('region', { name: 'Next payout (UTC)' });
    expect(next).toHaveTextContent('Dec 4, 2026');
    expect(next).toHaveTextContent('$1,280.00 will be sent');
    expect(screen.queryByText('Payouts on hold')).not.toBeInTheDocument();
  });

  it('explains a negative balance, a hold and a payout below the minimum', async () => {
    await openEarnings([], 0, undefined, {
      balance: {
        ...balance,
        balances: [{ ...dollars, available_cents: -2_500 }],
        next_payout: { ...balance.next_payout, amount_cents: 0, parts: [] },
        on_hold: true,
      },
    });
    const cards = await screen.findByRole('region', { name: 'Payout balance' });
    const card = (name: string) => within(cards).getByRole('heading', { name }).parentElement;
    expect(card('Available')).toHaveTextContent('-$25.00');
    expect(card('Available')).toHaveTextContent(/Refunds took back more than was left/);
    expect(screen.getByRole('region', { name: 'Next payout (UTC)' })).toHaveTextContent(
      'Nothing will be sent: below the $50.00 minimum',
    );
    expect(screen.getByText('Payouts on hold')).toBeInTheDocument();
  });

  it('shows each currency on its own and the next payout in pesos: each currency at its rate, its day and source, the margin, locked at approval', async () => {
    await openEarnings([], 0, undefined, { balance: pesoBalance });
    const cards = await screen.findByRole('region', { name: 'Payout balance' });
    const card = (name: string) => within(cards).getByRole('heading', { name }).parentElement;
    // Never added together: a line per currency.
    expect(card('Available')).toHaveTextContent('€2,034.57$250.00');
    expect(card('Pending')).toHaveTextContent('€800.00');
    expect(card('Pending')).not.toHaveTextContent('$');
    expect(card('Paid out')).toHaveTextContent('€0.00');
    const next = screen.getByRole('region', { name: 'Next payout (UTC)' });
    expect(next).toHaveTextContent('₱138,453.14 will be sent');
    const parts = within(next)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(parts).toEqual([
      '€2,034.57 at 1 EUR = 61.2345 PHP, ECB rate of 2026-11-27 (FX margin ₱622.93, 0.50%)',
      '$250.00 at 1 USD = 58.2520547945 PHP, ECB rate of 2026-11-27 (FX margin ₱72.82, 0.50%)',
    ]);
    expect(next).toHaveTextContent(
      'An estimate at today’s exchange rates: the rate is locked when the payout run is approved, so the amount sent may differ.',
    );
  });

  it('shows the line of a run awaiting approval instead of an estimate', async () => {
    await openEarnings([], 0, undefined, {
      balance: { ...pesoBalance, next_payout: { ...pesoBalance.next_payout, basis: 'planned' } },
    });
    const next = await screen.findByRole('region', { name: 'Next payout (UTC)' });
    expect(next).toHaveTextContent('₱138,453.14 will be sent');
    expect(next).toHaveTextContent(
      'Planned in a payout run awaiting approval: the rate is locked when it is approved.',
    );
    expect(next).not.toHaveTextContent('An estimate');
  });

  it('says why the next payout would send nothing', async () => {
    await openEarnings([], 0, undefined, {
      balance: { ...balance, next_payout: { ...balance.next_payout, blocked_by: 'no_method' } },
    });
    expect(await screen.findByRole('region', { name: 'Next payout (UTC)' })).toHaveTextContent(
      'Nothing will be sent: No payout method',
    );
  });

  it('lists the payout methods: the default, one in its wait, and a Stripe account to finish', async () => {
    const waiting = payoutMethod({
      label: 'PayPal · a***@talent.test',
      kind: 'paypal',
      holder_name: null,
      is_default: false,
      usable_from: '2099-03-03T14:15:00.000Z',
    });
    const stripe = payoutMethod({
      label: 'Stripe account',
      kind: 'stripe_connect',
      is_default: false,
      onboarded: false,
    });
    await openEarnings([], 0, undefined, {
      methods: { items: [payoutMethod(), waiting, stripe], connect_available: true },
    });
    const list = await screen.findByRole('list', { name: 'Your payout methods' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Bank transfer · BDO Unibank · ending in 6789Default');
    // The label names the kind already; the line under it is the account's holder.
    expect(first).toHaveTextContent(/Default\s*Account holder: Ada Talent\s*Paid in USD$/);
    expect(within(first as HTMLElement).getByText('Default')).toBeInTheDocument();
    expect(within(first as HTMLElement).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Can be paid from Mar 3, 2099 at 2:15 PM UTC');
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Remove PayPal · a***@talent.test' }),
    ).toBeInTheDocument();
    expect(within(third as HTMLElement).getByRole('button', { name: 'Finish setting up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up Stripe payouts' })).toBeInTheDocument();
  });

  it('adds a bank account with the typed fields and the password, and says when it can be paid', async () => {
    const { events, server } = await openEarnings([]);
    server.on(payoutsContract.addMethod, () => payoutMethod({ label: 'Bank transfer · Chase · ending in 4321' }));
    const dialog = await openAddMethod(events);
    expect(within(dialog).getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    await typeBankAccount(events, dialog, '1234 5678 4321');
    // Dollars unless chosen otherwise; this talent is paid in pesos.
    expect(within(dialog).getByLabelText('Paid in')).toHaveValue('USD');
    await events.selectOptions(within(dialog).getByLabelText('Paid in'), 'PHP — Philippine Peso');
    await events.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await events.click(within(dialog).getByRole('button', { name: 'Add payout method' }));

    expect(await findNotification(payoutTexts.methodAdded(PAYOUT_METHOD_WAIT_HOURS))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(addRequests(server)).toHaveLength(1);
    expect(addRequests(server)[0]?.body).toEqual({
      method: {
        kind: 'bank_account',
        currency: 'PHP',
        holder_name: 'Ada Talent',
        bank_name: 'Chase',
        account_number: '123456784321',
        bank_code_type: 'aba',
        bank_code: '021000021',
      },
      proof: { password: 'correct horse' },
    });
  });

  it('shows a bad account number under its field without calling the server', async () => {
    const { events, server } = await openEarnings([]);
    const dialog = await openAddMethod(events);
    await typeBankAccount(events, dialog, '12-ab');
    await events.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await events.click(within(dialog).getByRole('button', { name: 'Add payout method' }));

    const accountNumber = within(dialog).getByLabelText('Account number or IBAN');
    await waitFor(() =>
      expect(accountNumber).toHaveAccessibleDescription(expect.stringContaining(payoutTexts.accountNumber)),
    );
    expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Bank name')).toHaveAttribute('aria-invalid', 'false');
    expect(addRequests(server)).toHaveLength(0);
  });

  it('asks for the password before sending, and offers no emailed code to a person who has one', async () => {
    const { events, server } = await openEarnings([]);
    const dialog = await openAddMethod(events);
    await typeBankAccount(events, dialog, '12345678');
    await events.click(within(dialog).getByRole('button', { name: 'Add payout method' }));
    expect(await within(dialog).findByText(payoutTexts.passwordNeeded)).toBeInTheDocument();
    expect(addRequests(server)).toHaveLength(0);
    // Whoever reads their mail must not be able to redirect their pay (decision 036).
    expect(within(dialog).queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Code from the email')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors under their fields', async () => {
    const { events, server } = await openEarnings([]);
    server.on(payoutsContract.addMethod, () =>
      replyError(400, 'validation', 'Check the highlighted fields.', {
        'method.account_number': payoutTexts.ibanChecksum,
        'proof.password': payoutTexts.passwordWrong,
      }),
    );
    const dialog = await openAddMethod(events);
    await typeBankAccount(events, dialog, '12345678');
    await events.type(within(dialog).getByLabelText('Password'), 'wrong one');
    await events.click(within(dialog).getByRole('button', { name: 'Add payout method' }));

    const accountNumber = within(dialog).getByLabelText('Account number or IBAN');
    await waitFor(() =>
      expect(accountNumber).toHaveAccessibleDescription(expect.stringContaining(payoutTexts.ibanChecksum)),
    );
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(payoutTexts.passwordWrong);
    // Every message found its field: no banner repeats them.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add payout method' })).toBeInTheDocument();
  });

  it('adds a PayPal account with an emailed code when the person has no password', async () => {
    const { events, server } = await openEarnings([], 0, undefined, { methods: { has_password: false } });
    server.on(payoutsContract.sendCode, () => reply(204));
    server.on(payoutsContract.addMethod, () => payoutMethod({ kind: 'paypal', label: 'PayPal · a***@talent.test' }));
    const dialog = await openAddMethod(events);
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole('radio', { name: 'PayPal' }));
    await events.type(within(dialog).getByLabelText('PayPal email'), 'Ada@Talent.test');
    await events.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    // The notification area is outside the open dialog, hidden from the accessibility tree meanwhile.
    expect((await screen.findAllByText(payoutTexts.codeSent))[0]).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText('Code from the email'), '123456');
    await events.click(within(dialog).getByRole('button', { name: 'Add payout method' }));

    await waitFor(() => expect(addRequests(server)).toHaveLength(1));
    expect(addRequests(server)[0]?.body).toEqual({
      method: { kind: 'paypal', currency: 'USD', email: 'ada@talent.test' },
      proof: { email_code: '123456' },
    });
  });

  it('makes another method the default with the password', async () => {
    const other = payoutMethod({ label: 'Wise · a***@talent.test', kind: 'wise', is_default: false });
    const { events, server } = await openEarnings([], 0, undefined, { methods: { items: [payoutMethod(), other] } });
    server.on(payoutsContract.makeDefault, () => ({ ...other, is_default: true }));
    await events.click(await screen.findByRole('button', { name: 'Make Wise · a***@talent.test the default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this your default payout method?' });
    await events.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await events.click(within(dialog).getByRole('button', { name: 'Make default' }));

    expect(await findNotification(payoutTexts.defaultChanged)).toBeInTheDocument();
    const request = server.requests.find((sent) => sent.path.endsWith('/default'));
    expect(request?.params).toEqual({ id: other.id });
    expect(request?.body).toEqual({ proof: { password: 'correct horse' } });
  });

  it('asks Stripe once whether the account is set up when coming back from its page', async () => {
    const { server, router } = await openEarnings([], 0, `${paths.applicantEarnings.getHref()}?stripe=return`, {
      setup: (fake) =>
        fake.on(payoutsContract.connectRefresh, () => ({
          items: [payoutMethod({ kind: 'stripe_connect', label: 'Stripe account' })],
          has_password: true,
          connect_available: true,
        })),
    });
    expect(await screen.findByText('Stripe account')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.endsWith('/stripe/refresh'))).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('lists the payouts with a failed one’s reason and each statement', async () => {
    const failed = talentPayout({
      status: 'failed',
      amount_cents: 45_000,
      reference: null,
      failure_reason: 'The bank returned the payment: account closed.',
      sent_at: '2026-11-20T14:00:00.000Z',
      paid_at: null,
      failed_at: '2026-11-22T09:00:00.000Z',
    });
    const { server } = await openEarnings([], 0, undefined, { payouts: [talentPayout(), failed] });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const failedRow = within(table).getByRole('row', { name: /Nov 20, 2026/ });
    expect(failedRow).toHaveTextContent('$450.00');
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('The bank returned the payment: account closed.');
    expect(within(failedRow).getByRole('link', { name: /^Statement of the \$450\.00 payout/ })).toHaveAttribute(
      'href',
      `/api/applicant/payouts/${failed.id}/statement`,
    );
    const paidRow = within(table).getByRole('row', { name: /Nov 27, 2026/ });
    expect(paidRow).toHaveTextContent('Paid');
    expect(paidRow).toHaveTextContent('WISE-88213');
    expect(server.requests.find((request) => request.path === '/api/applicant/payouts')?.query.get('page')).toBe('1');
  });

  it('shows a payout in the currency it was paid in, with what it converted from at which rate', async () => {
    const pesos = talentPayout({
      amount_cents: 13_845_313,
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
          source_cents: 1_449_018,
          amount_cents: 1_449_018,
          margin_cents: 0,
          margin_basis_points: 0,
          rate: null,
        },
      ],
    });
    await openEarnings([], 0, undefined, { payouts: [pesos, talentPayout({ sent_at: '2026-11-20T14:00:00.000Z' })] });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const row = within(table).getByRole('row', { name: /Nov 27, 2026/ });
    expect(row).toHaveTextContent('₱138,453.13');
    expect(row).toHaveTextContent(
      '€2,034.57 at 1 EUR = 61.2345 PHP, ECB rate of 2026-11-27 (FX margin ₱622.93, 0.50%)',
    );
    // The part already in pesos needed no conversion, and is not listed as one.
    expect(row).not.toHaveTextContent('₱14,490.18');
    expect(within(row).getByRole('link', { name: /^Statement of the ₱138,453\.13 payout/ })).toBeInTheDocument();
    const dollars = within(table).getByRole('row', { name: /Nov 20, 2026/ });
    expect(dollars).toHaveTextContent('$1,280.00');
    expect(dollars).not.toHaveTextContent(' at 1 ');
  });

  it('links the yearly summary of the chosen year as CSV and PDF', async () => {
    const { events } = await openEarnings([]);
    const thisYear = new Date().getFullYear();
    const year = await screen.findByLabelText('Year');
    expect(within(year).getAllByRole('option')).toHaveLength(6);
    await events.selectOptions(year, String(thisYear - 1));
    expect(screen.getByRole('link', { name: `Download CSV of ${thisYear - 1}` })).toHaveAttribute(
      'href',
      `/api/applicant/payouts/yearly-summary.csv?year=${thisYear - 1}`,
    );
    expect(screen.getByRole('link', { name: `Download PDF of ${thisYear - 1}` })).toHaveAttribute(
      'href',
      `/api/applicant/payouts/yearly-summary.pdf?year=${thisYear - 1}`,
    );
  });

  it('lists the Forms 1099-NEC issued, each with its Copy B, and says when none was', async () => {
    await openEarnings([], 0, undefined, {
      setup: (fake) =>
        fake.on(taxFormsContract.ownNecForms, () => ({
          items: [
            {
              id: '7d7c1f9e-4c1b-4a55-9a9e-0c5f2a1e9b01',
              year: 2025,
              box1_cents: 66_001,
              corrected: true,
              issued_at: '2026-01-20T10:00:00.000Z',
            },
          ],
        })),
    });
    const card = await screen.findByRole('region', { name: 'Form 1099-NEC' });
    expect(await within(card).findByText('$660.01 nonemployee compensation · issued Jan 20, 2026')).toBeVisible();
    expect(within(card).getByText('· corrected')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Download Form 1099-NEC for 2025' })).toHaveAttribute(
      'href',
      '/api/applicant/tax-forms/1099-nec/7d7c1f9e-4c1b-4a55-9a9e-0c5f2a1e9b01/pdf',
    );
  });

  it('says no Form 1099-NEC was issued, and the threshold that asks for one', async () => {
    await openEarnings([]);
    const card = await screen.findByRole('region', { name: 'Form 1099-NEC' });
    expect(await within(card).findByText(/No Form 1099-NEC has been issued to you\./)).toBeVisible();
  });

  it('shows the server’s sentence when the payouts cannot be loaded', async () => {
    await openEarnings([], 0, undefined, {
      setup: (fake) =>
        fake.on(payoutsContract.payouts, () => replyError(400, 'validation', 'The page size must be a whole number.')),
    });
    expect(await screen.findByText('Your payouts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The page size must be a whole number.')).toBeInTheDocument();
  });
});
