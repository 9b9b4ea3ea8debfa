import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import {
  ALREADY_PAID_TEXT,
  AUTO_PAY_NEEDS_DEFAULT_TEXT,
  DECLINED_TEXT,
  fakeBillingApi,
  invoice,
  nextInvoiceOf,
  savedMethod,
  TRANSIENT_TEXT,
  unbilledWeek,
} from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import type { Invoice } from '~/shared/billing';
import { accountContract } from '~/shared/contracts/account';
import { invoicesContract } from '~/shared/contracts/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import { paths } from '~/shared/routes';

// Billing & Invoices (docs/spec/admin-billing-and-content.md §2 "Company billing", §4, §5, §8, §9): the summary
// cards, the invoice list's search, filters, sort and selection, the detail dialog and paying with the
// provider's test cards, idempotently.

type Seed = Parameters<typeof fakeBillingApi>[1];

async function openBilling(
  seed: Seed = {},
  path = paths.companyBilling.getHref(),
  answer?: (server: FakeServer) => void,
) {
  const server = createFakeServer();
  const store = fakeBillingApi(server, seed);
  answer?.(server);
  const view = await renderRoute(path, { user: companyUser(), server });
  await screen.findByRole('heading', { level: 1, name: 'Billing & Invoices' });
  return { ...view, store };
}

// The list's requests: not the overdue notice's own (overdue, oldest due first).
const isOverdueNotice = (query: URLSearchParams) =>
  query.get('status') === 'overdue' && query.get('sort') === 'dueDate' && query.get('order') === 'asc';
const invoiceRequests = (server: FakeServer) =>
  server.requests.filter(
    (request) =>
      request.method === 'GET' && request.path === '/api/company/invoices' && !isOverdueNotice(request.query),
  );
const lastInvoiceQuery = (server: FakeServer) => invoiceRequests(server).at(-1)?.query;
const payRequests = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/pay'));

const findTable = () => screen.findByRole('table', { name: 'Invoices' });
// A row of the invoice table, also while a dialog hides the page from the accessibility tree.
const row = (number: string) =>
  within(screen.getByRole('table', { name: 'Invoices', hidden: true })).getByRole('row', {
    name: new RegExp(number),
    hidden: true,
  });
const columnHeader = (name: string) =>
  screen.getAllByRole('columnheader').find((header) => header.textContent === name) as HTMLElement;

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

// The new card's fields in the pay dialog.
async function typeCard(
  events: Awaited<ReturnType<typeof openBilling>>['events'],
  dialog: HTMLElement,
  number: string,
) {
  await events.click(await within(dialog).findByRole('radio', { name: 'New card' }));
  await events.type(within(dialog).getByLabelText('Card number'), number);
  await events.type(within(dialog).getByLabelText('Expiry month'), '12');
  await events.type(within(dialog).getByLabelText('Expiry year'), '2030');
  await events.type(within(dialog).getByLabelText('CVC'), '123');
}

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => preloadPages(paths.companyBilling.getHref()));

describe('Billing & Invoices', () => {
  // docs/decisions/024: the approved weeks no invoice has billed yet, and the next invoice's day and estimate.
  describe('unbilled work', () => {
    // The weekly run: Sunday Nov 29, 2026 at 02:00 UTC, which is Saturday evening in New York.
    const RUN = '2026-11-29T02:00:00.000Z';

    it('lists the approved weeks not yet invoiced under the next invoice’s day, in the viewer’s zone, and estimate', async () => {
      const weeks = [
        unbilledWeek({ applicant_name: 'Lena Ortiz', week_start: '2026-11-15', total_minutes: 2265 }),
        unbilledWeek({ applicant_name: 'Omar Haddad', week_start: '2026-11-08' }),
      ];
      await openBilling({ unbilled: weeks, nextInvoice: nextInvoiceOf(weeks, { runs_at: RUN }) }, undefined, (server) =>
        server.on(accountContract.timeZone, () => ({ time_zone: 'America/New_York' })),
      );
      expect(await screen.findByText('Next invoice on Sat Nov 28 (about $2,200.00)')).toBeInTheDocument();
      const estimate = screen.getByLabelText('Next invoice estimate');
      expect(estimate).toHaveTextContent('Work$2,000.00');
      expect(estimate).toHaveTextContent('Platform fee (10%)$200.00');
      expect(estimate).toHaveTextContent('About$2,200.00');
      const table = screen.getByRole('table', { name: 'Unbilled weeks' });
      const lena = within(table).getByRole('row', { name: /Lena Ortiz/ });
      expect(lena).toHaveTextContent('Nov 15 – 21, 2026');
      expect(lena).toHaveTextContent('37.75 h');
      expect(lena).toHaveTextContent('$1,100.00');
      expect(lena).toHaveTextContent('Nov 23, 2026');
      expect(within(table).getByRole('row', { name: /Omar Haddad/ })).toHaveTextContent('Nov 8 – 14, 2026');
    });

    it('says when nothing waits for the next invoice, in UTC for someone without a zone, and points to the timesheets', async () => {
      await openBilling({ nextInvoice: nextInvoiceOf([], { runs_at: RUN }) });
      expect(
        await screen.findByText('Next invoice run on Sun Nov 29 UTC: no approved work waits for it.'),
      ).toBeInTheDocument();
      expect(screen.getByText('No unbilled work')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Review Timesheets' })).toHaveAttribute(
        'href',
        `${paths.companyBilling.getHref()}?tab=timesheets`,
      );
    });

    it('offers Try Again when the next invoice cannot be loaded', async () => {
      await openBilling({}, paths.companyBilling.getHref(), (server) => {
        server.on(invoicesContract.nextInvoice, () => replyError(503, 'unavailable', 'Please try again in a moment.'));
      });
      expect(await screen.findByText('Please try again in a moment.')).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Try Again' }).length).toBeGreaterThan(0);
    });
  });

  it('shows the four summary cards and every amount with two decimals', async () => {
    await openBilling({
      invoices: [
        invoice({ invoice_number: 'INV-A', status: 'pending', amount_cents: 123450 }),
        invoice({ invoice_number: 'INV-B', status: 'overdue', amount_cents: 5000 }),
        invoice({ invoice_number: 'INV-C', status: 'unpaid', amount_cents: 1 }),
        invoice({
          invoice_number: 'INV-D',
          status: 'paid',
          amount_cents: 99900,
          issue_date: '2026-11-02',
          paid_at: '2026-11-10T15:00:00.000Z',
        }),
      ],
    });
    const cards = await screen.findByRole('region', { name: 'Billing summary' });
    const card = (label: string) => within(cards).getByRole('heading', { name: label }).parentElement as HTMLElement;
    expect(card('Outstanding Balance')).toHaveTextContent('$1,284.51');
    expect(card('Overdue')).toHaveTextContent('$50.00');
    expect(card('Last Payment')).toHaveTextContent('$999.00');
    expect(card('Last Payment')).toHaveTextContent('Paid Nov 10, 2026');
    expect(card('Next Auto-Pay')).toHaveTextContent('Off');

    await findTable();
    expect(row('INV-A')).toHaveTextContent('$1,234.50');
    expect(row('INV-B')).toHaveTextContent('$50.00');
    expect(row('INV-C')).toHaveTextContent('$0.01');
    expect(within(row('INV-B')).getByText('Overdue')).toBeInTheDocument();
    expect(within(row('INV-D')).getByText('Paid')).toBeInTheDocument();
  });

  it('says No payments yet, and the next auto-pay date and amount once auto-pay is on', async () => {
    await openBilling({
      invoices: [invoice({ status: 'pending', due_date: '2026-12-08', amount_cents: 250000 })],
      methods: [savedMethod({ is_default: true })],
      profile: { auto_pay: true },
    });
    const cards = await screen.findByRole('region', { name: 'Billing summary' });
    const card = (label: string) => within(cards).getByRole('heading', { name: label }).parentElement as HTMLElement;
    expect(card('Last Payment')).toHaveTextContent('No payments yet');
    expect(card('Next Auto-Pay')).toHaveTextContent('Dec 8, 2026');
    expect(card('Next Auto-Pay')).toHaveTextContent('$2,500.00');
  });

  it('sorts by issue date descending, a new column ascending first, and flips on a second click', async () => {
    const { events, server, router } = await openBilling({
      invoices: [
        invoice({ invoice_number: 'INV-LOW', amount_cents: 100, issue_date: '2026-11-01' }),
        invoice({ invoice_number: 'INV-HIGH', amount_cents: 900, issue_date: '2026-11-09' }),
      ],
    });
    await findTable();
    expect(lastInvoiceQuery(server)?.get('sort')).toBe('issueDate');
    expect(lastInvoiceQuery(server)?.get('order')).toBe('desc');
    expect(columnHeader('Issue Date')).toHaveAttribute('aria-sort', 'descending');
    expect(columnHeader('Amount')).toHaveAttribute('aria-sort', 'none');

    await events.click(within(columnHeader('Amount')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=amount_asc');
    await waitFor(() => expect(columnHeader('Amount')).toHaveAttribute('aria-sort', 'ascending'));
    expect(columnHeader('Issue Date')).toHaveAttribute('aria-sort', 'none');
    expect(lastInvoiceQuery(server)?.get('sort')).toBe('amount');
    expect(lastInvoiceQuery(server)?.get('order')).toBe('asc');
    await waitFor(() => {
      const numbers = screen.getAllByRole('row').map((each) => each.textContent);
      expect(numbers.findIndex((text) => text?.includes('INV-LOW'))).toBeLessThan(
        numbers.findIndex((text) => text?.includes('INV-HIGH')),
      );
    });

    await events.click(within(columnHeader('Amount')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=amount_desc');
    await waitFor(() => expect(columnHeader('Amount')).toHaveAttribute('aria-sort', 'descending'));
    expect(lastInvoiceQuery(server)?.get('order')).toBe('desc');

    // Back to the default column: ascending first, then the default (descending) leaves the URL.
    await events.click(within(columnHeader('Issue Date')).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=issueDate_asc');
    await waitFor(() => expect(columnHeader('Issue Date')).toHaveAttribute('aria-sort', 'ascending'));
    await events.click(within(columnHeader('Issue Date')).getByRole('button'));
    expect(router.state.location.search).toBe('');
  });

  it('sends the search and the status filter through the URL to the request', async () => {
    const { events, server, router } = await openBilling({
      invoices: [
        invoice({ invoice_number: 'INV-2026-0100', status: 'overdue' }),
        invoice({ invoice_number: 'INV-2026-0200', status: 'pending' }),
      ],
    });
    await findTable();
    await events.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'inv-2026-01');
    await waitFor(() => expect(router.state.location.search).toBe('?q=inv-2026-01'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /INV-2026-0200/ })).not.toBeInTheDocument());
    expect(row('INV-2026-0100')).toBeInTheDocument();
    expect(lastInvoiceQuery(server)?.get('q')).toBe('inv-2026-01');

    await events.clear(screen.getByRole('searchbox', { name: 'Search invoices' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The page has caught up with the URL (the whole list again) before the next change.
    await waitFor(() => expect(row('INV-2026-0200')).toBeInTheDocument());
    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    expect(router.state.location.search).toBe('?status=pending');
    await waitFor(() => expect(screen.queryByRole('row', { name: /INV-2026-0100/ })).not.toBeInTheDocument());
    expect(lastInvoiceQuery(server)?.get('status')).toBe('pending');
  });

  it('opens on the URL’s filters and says No invoices found when nothing matches', async () => {
    const { server } = await openBilling(
      { invoices: [invoice({ status: 'pending' })] },
      `${paths.companyBilling.getHref()}?status=overdue&from=2026-11-01&to=2026-11-30`,
    );
    expect(await screen.findByText('No invoices found')).toBeInTheDocument();
    const query = lastInvoiceQuery(server);
    expect(query?.get('status')).toBe('overdue');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-30');
  });

  it('says No invoices found for a company without invoices', async () => {
    await openBilling();
    expect(await screen.findByText('No invoices found')).toBeInTheDocument();
  });

  it('offers Try Again when the list fails to load', async () => {
    let isRefusing = true;
    const { events } = await openBilling(
      { invoices: [invoice({ invoice_number: 'INV-BACK' })] },
      undefined,
      (server) => {
        const answer = server.fetch;
        server.fetch = (async (input, init) => {
          if (isRefusing && new URL(String(input), 'http://localhost').pathname === '/api/company/invoices') {
            return Response.json({ error: 'Billing is closed for maintenance.', code: 'forbidden' }, { status: 403 });
          }
          return answer(input, init);
        }) as typeof fetch;
      },
    );
    expect(await screen.findByText('Failed to load invoices')).toBeInTheDocument();
    expect(screen.getByText('Billing is closed for maintenance.')).toBeInTheDocument();
    isRefusing = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    await findTable();
    expect(row('INV-BACK')).toBeInTheDocument();
  });

  it('downloads the selected invoices as one PDF', async () => {
    const first = invoice({ invoice_number: 'INV-ONE' });
    const second = invoice({ invoice_number: 'INV-TWO' });
    const { events, server } = await openBilling(
      { invoices: [first, second, invoice({ invoice_number: 'INV-3' })] },
      undefined,
      (fake) => fake.on(invoicesContract.exportPdf, () => new Blob(['pdf'], { type: 'application/pdf' })),
    );
    URL.createObjectURL = vi.fn(() => 'blob:invoices');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await findTable();
    const download = screen.getByRole('button', { name: /Download selected/ });
    expect(download).toBeDisabled();
    await events.click(screen.getByRole('checkbox', { name: 'Select INV-ONE' }));
    await events.click(screen.getByRole('checkbox', { name: 'Select INV-TWO' }));
    expect(download).toHaveTextContent('Download selected (2)');
    await events.click(download);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = server.requests.find((request) => request.path === '/api/company/invoices/export.pdf');
    expect(exported?.query.get('ids')?.split(',').sort()).toEqual([first.id, second.id].sort());

    await events.click(screen.getByRole('checkbox', { name: 'Select all invoices on this page' }));
    expect(download).toHaveTextContent('Download selected (3)');
  });
});

describe('Invoice detail and paying', () => {
  it('shows an invoice’s items and totals, and offers Pay only while it is not paid', async () => {
    const unpaid = invoice({ invoice_number: 'INV-OPEN', status: 'unpaid' });
    const paid = invoice({ invoice_number: 'INV-DONE', status: 'paid', paid_at: '2026-11-20T10:00:00.000Z' });
    const { events } = await openBilling({ invoices: [unpaid, paid] });
    await findTable();
    expect(within(row('INV-DONE')).queryByRole('button', { name: 'Pay INV-DONE' })).not.toBeInTheDocument();
    expect(within(row('INV-OPEN')).getByRole('button', { name: 'Pay INV-OPEN' })).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'View INV-OPEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invoice INV-OPEN' });
    const items = within(dialog).getByRole('table', { name: 'Invoice items' });
    // 40 h × $25.00/hr = $1,000.00: the work line's quantity is its exact hours and minutes.
    const work = within(items).getByRole('row', { name: /Ada Talent, Nov 16 – 20, 2026/ });
    expect(work).toHaveTextContent('40 h');
    expect(work).toHaveTextContent('$25.00/hr');
    expect(work).toHaveTextContent('$1,000.00');
    expect(within(items).getByRole('row', { name: /Platform fee/ })).toHaveTextContent('$100.00');
    expect(dialog).toHaveTextContent('Subtotal$1,000.00');
    expect(dialog).toHaveTextContent('Platform fee$100.00');
    expect(dialog).toHaveTextContent('Tax$124.50');
    expect(dialog).toHaveTextContent('Total$1,224.50');
    expect(within(dialog).getByRole('button', { name: 'Pay Invoice' })).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));

    await events.click(screen.getByRole('button', { name: 'View INV-DONE' }));
    dialog = await screen.findByRole('dialog', { name: 'Invoice INV-DONE' });
    expect(within(dialog).queryByRole('button', { name: 'Pay Invoice' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('writes a euro company’s invoice in euros: the list, the summary, the items, the totals, a refund and Pay', async () => {
    const euros = invoice({
      invoice_number: 'INV-EUR',
      status: 'unpaid',
      currency: 'EUR',
      refunds: [
        {
          credit_note_id: 'note-1',
          credit_note_number: 'CN-2026-000001',
          reason: 'payment_refunded',
          total_cents: 5000,
          issued_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    const method = savedMethod({ label: 'Visa ending in 4242', is_default: true });
    const { events } = await openBilling({ invoices: [euros], methods: [method], details: { currency: 'EUR' } });
    await findTable();
    expect(row('INV-EUR')).toHaveTextContent('€1,224.50');
    const cards = screen.getByRole('region', { name: 'Billing summary' });
    await waitFor(() =>
      expect(within(cards).getByRole('heading', { name: 'Outstanding Balance' }).parentElement).toHaveTextContent(
        '€1,224.50',
      ),
    );

    await events.click(screen.getByRole('button', { name: 'View INV-EUR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-EUR' });
    const items = within(dialog).getByRole('table', { name: 'Invoice items' });
    const work = within(items).getByRole('row', { name: /Ada Talent, Nov 16 – 20, 2026/ });
    expect(work).toHaveTextContent('€25.00/hr');
    expect(work).toHaveTextContent('€1,000.00');
    expect(within(items).getByRole('row', { name: /Platform fee/ })).toHaveTextContent('€100.00');
    expect(dialog).toHaveTextContent('Amount Due€1,224.50');
    expect(dialog).toHaveTextContent('Subtotal€1,000.00');
    expect(dialog).toHaveTextContent('Tax€124.50');
    expect(dialog).toHaveTextContent('Total€1,224.50');
    expect(dialog).toHaveTextContent('Refunded €50.00 on');
    expect(dialog).not.toHaveTextContent('$');

    await events.click(within(dialog).getByRole('button', { name: 'Pay Invoice' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay Invoice INV-EUR' });
    expect(await within(pay).findByRole('button', { name: 'Pay €1,224.50' })).toBeInTheDocument();
  });

  it('opens the invoice a notification links to, and says so when it is not there', async () => {
    const linked = invoice({ invoice_number: 'INV-LINKED', status: 'pending' });
    const { router } = await openBilling(
      { invoices: [linked] },
      `${paths.companyBilling.getHref()}?invoice=${linked.id}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-LINKED' });
    expect(within(dialog).getByRole('button', { name: 'Pay Invoice' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when a linked invoice cannot be opened', async () => {
    await openBilling(
      { invoices: [] },
      `${paths.companyBilling.getHref()}?invoice=0b4817a2-65bc-4cc0-911e-20bf97896721`,
    );
    expect(await findNotification('This invoice does not exist, or it is not yours.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts what is overdue first, above the list, with Pay for the oldest, and says what each status means', async () => {
    const soon = invoice({ invoice_number: 'INV-SOON', issue_date: '2026-11-20', due_date: '2026-12-20' });
    const late = invoice({
      invoice_number: 'INV-LATE',
      issue_date: '2026-10-01',
      due_date: '2026-10-15',
      status: 'overdue',
      amount_cents: 50_000,
    });
    const later = invoice({
      invoice_number: 'INV-LATER',
      issue_date: '2026-10-08',
      due_date: '2026-10-22',
      status: 'overdue',
      amount_cents: 25_000,
    });
    const { events, server } = await openBilling({
      invoices: [soon, late, later],
      methods: [savedMethod({ is_default: true })],
    });
    await findTable();
    const notice = await screen.findByText(/2 invoices are overdue, \$750\.00 in all; the oldest, INV-LATE, was due/);
    expect(notice).toHaveTextContent('Oct 15, 2026');
    expect(screen.getByText(/Pending: issued and not yet due\. Unpaid: a payment was tried/)).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Pay overdue invoice INV-LATE' }));
    expect(await screen.findByRole('dialog', { name: 'Pay Invoice INV-LATE' })).toBeInTheDocument();
    await events.keyboard('{Escape}');
    await events.click(screen.getByRole('button', { name: 'Show overdue' }));
    await waitFor(() => expect(lastInvoiceQuery(server)?.get('status')).toBe('overdue'));
  });

  it('pays every overdue invoice at once with the default card', async () => {
    const late = invoice({
      invoice_number: 'INV-LATE',
      due_date: '2026-10-15',
      status: 'overdue',
      amount_cents: 50_000,
    });
    const later = invoice({
      invoice_number: 'INV-LATER',
      due_date: '2026-10-22',
      status: 'overdue',
      amount_cents: 25_000,
    });
    const method = savedMethod({ label: 'Visa ending in 4242', is_default: true });
    const { events, server, store } = await openBilling({ invoices: [later, late], methods: [method] });
    await findTable();
    await events.click(await screen.findByRole('button', { name: 'Pay all overdue ($750.00)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 invoices' });
    const listed = await within(dialog).findByRole('list', { name: 'Invoices to pay' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('INV-LATE'), expect.stringContaining('INV-LATER')]);
    expect(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'New card' })).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Pay $750.00' }));

    expect(await findNotification('$750.00 paid: 2 invoices.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = server.requests.filter(
      (each) => each.method === 'POST' && each.path === '/api/company/invoices/pay',
    );
    expect(request?.body).toEqual({ invoice_ids: [late.id, later.id], payment_method_id: method.id });
    expect(store.invoices.map((each) => each.status)).toEqual(['paid', 'paid']);
  });

  it('pays the selected invoices, and says which were not paid and why', async () => {
    const first = invoice({ invoice_number: 'INV-ONE', due_date: '2026-12-01', amount_cents: 10_000 });
    const second = invoice({ invoice_number: 'INV-TWO', due_date: '2026-12-08', amount_cents: 20_000 });
    const declining = savedMethod({ label: 'Visa ending in 0002', last4: '0002', is_default: true });
    const { events } = await openBilling({ invoices: [first, second], methods: [declining] });
    await findTable();
    const paySelected = screen.getByRole('button', { name: 'Pay selected' });
    expect(paySelected).toBeDisabled();
    await events.click(within(row('INV-ONE')).getByRole('checkbox'));
    await events.click(within(row('INV-TWO')).getByRole('checkbox'));
    await events.click(screen.getByRole('button', { name: 'Pay selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 invoices' });
    await events.click(await within(dialog).findByRole('button', { name: 'Pay $300.00' }));

    const outcomes = await within(dialog).findByRole('list', { name: 'What became of each invoice' });
    expect(
      within(outcomes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`INV-ONE ($100.00): Declined${DECLINED_TEXT}`, `INV-TWO ($200.00): Declined${DECLINED_TEXT}`]);
    await events.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a saved method before paying several invoices at once', async () => {
    const late = invoice({ invoice_number: 'INV-A', due_date: '2026-10-15', status: 'overdue' });
    const later = invoice({ invoice_number: 'INV-B', due_date: '2026-10-22', status: 'overdue' });
    const { events } = await openBilling({ invoices: [late, later], methods: [] });
    await findTable();
    await events.click(await screen.findByRole('button', { name: /^Pay all overdue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 invoices' });
    expect(await within(dialog).findByText(/You have no saved payment method/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Pay \$/ })).toBeDisabled();
  });

  it('keeps Pay disabled until a method is chosen when none is the default', async () => {
    const open = invoice({ invoice_number: 'INV-CHOOSE', status: 'pending', amount_cents: 5000 });
    const method = savedMethod({ label: 'Mastercard ending in 4444', is_default: false });
    const { events } = await openBilling({ invoices: [open], methods: [method] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-CHOOSE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-CHOOSE' });
    const pay = await within(dialog).findByRole('button', { name: 'Pay $50.00' });
    const choice = await within(dialog).findByRole('radio', { name: /Mastercard ending in 4444/ });
    expect(choice).not.toBeChecked();
    expect(pay).toBeDisabled();
    await events.click(choice);
    expect(pay).toBeEnabled();
  });

  it('chooses the default card at once, so Pay is ready, and pays with it', async () => {
    const open = invoice({ invoice_number: 'INV-PAY', status: 'pending', amount_cents: 122450 });
    const method = savedMethod({ label: 'Visa ending in 4242', is_default: true });
    const other = savedMethod({ label: 'Mastercard ending in 4444', is_default: false });
    const { events, server, store } = await openBilling({ invoices: [open], methods: [other, method] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-PAY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-PAY' });
    const pay = await within(dialog).findByRole('button', { name: 'Pay $1,224.50' });
    expect(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    expect(pay).toBeEnabled();
    await events.click(pay);

    expect(await findNotification('Invoice INV-PAY has been paid.')).toBeInTheDocument();
    expect(await findNotification('Payment Successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payRequests(server)[0]?.body).toEqual({ payment_method_id: method.id, save_method: false });
    expect(store.invoices[0]?.status).toBe('paid');
    await waitFor(() => expect(within(row('INV-PAY')).getByText('Paid')).toBeInTheDocument());
    expect(within(row('INV-PAY')).queryByRole('button', { name: 'Pay INV-PAY' })).not.toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Billing summary' });
    await waitFor(() =>
      expect(within(cards).getByRole('heading', { name: 'Last Payment' }).parentElement).toHaveTextContent('$1,224.50'),
    );
  });

  it('shows a declined card’s sentence in the dialog, keeps it open, and tries again with a new key', async () => {
    const { events, server, store } = await openBilling({ invoices: [invoice({ invoice_number: 'INV-DECLINE' })] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-DECLINE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-DECLINE' });
    await typeCard(events, dialog, '4000 0000 0000 0002');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DECLINED_TEXT);
    expect(screen.getByRole('dialog', { name: 'Pay Invoice INV-DECLINE' })).toBeInTheDocument();
    expect(store.invoices[0]?.status).toBe('unpaid');
    await waitFor(() => expect(within(row('INV-DECLINE')).getByText('Unpaid')).toBeInTheDocument());

    // The decline settled that attempt: another card is a new attempt with its own key.
    await events.clear(within(dialog).getByLabelText('Card number'));
    await events.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await findNotification('Invoice INV-DECLINE has been paid.')).toBeInTheDocument();
    const [declined, paid] = store.payKeys;
    expect(declined).toBeTruthy();
    expect(paid).not.toBe(declined);
    expect(payRequests(server)[1]?.body).toMatchObject({
      new_method: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      save_method: false,
    });
  });

  it('sends the same Idempotency-Key again after a 502, so the retry completes the one payment', async () => {
    const { events, store } = await openBilling({ invoices: [invoice({ invoice_number: 'INV-RETRY' })] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-RETRY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-RETRY' });
    await typeCard(events, dialog, '4000000000000119');
    await events.click(within(dialog).getByRole('checkbox', { name: 'Save for future payments' }));
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRANSIENT_TEXT);
    expect(store.invoices[0]?.status).toBe('pending');

    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await findNotification('Invoice INV-RETRY has been paid.')).toBeInTheDocument();
    expect(store.payKeys).toHaveLength(2);
    expect(store.payKeys[1]).toBe(store.payKeys[0]);
    expect(store.payments.filter((payment) => payment.status === 'completed')).toHaveLength(1);
  });

  it('retries the same attempt when the dialog is closed and opened again after a 502', async () => {
    const { events, store } = await openBilling({ invoices: [invoice({ invoice_number: 'INV-REOPEN' })] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-REOPEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-REOPEN' });
    await typeCard(events, dialog, '4000000000000119');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRANSIENT_TEXT);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(screen.getByRole('button', { name: 'Pay INV-REOPEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-REOPEN' });
    await typeCard(events, dialog, '4000000000000119');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await findNotification('Invoice INV-REOPEN has been paid.')).toBeInTheDocument();
    expect(store.payKeys).toHaveLength(2);
    expect(store.payKeys[1]).toBe(store.payKeys[0]);
  });

  it('says a payment the provider confirms later is processing', async () => {
    const target = invoice({ invoice_number: 'INV-LATER' });
    const { events } = await openBilling({ invoices: [target], methods: [savedMethod()] }, undefined, (server) =>
      server.on(paymentsContract.payInvoice, () =>
        reply(202, {
          invoice: target,
          payment: {
            id: 'payment',
            invoice_id: target.id,
            invoice_number: target.invoice_number,
            milestone_id: null,
            milestone_title: null,
            company_name: target.company_name,
            amount_cents: target.amount_cents,
            currency: 'USD',
            status: 'pending',
            method_label: 'Visa ending in 4242',
            failure_message: null,
            created_at: new Date().toISOString(),
            completed_at: null,
            refunded_cents: 0,
            refunded_at: null,
            display_status: 'pending',
          },
        }),
      ),
    );
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-LATER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-LATER' });
    await events.click(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ }));
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await findNotification('Payment Processing')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('INV-LATER')).getByText('Pending')).toBeInTheDocument();
  });

  it('keeps the key after a lost connection too', async () => {
    let isOffline = true;
    const keys: string[] = [];
    const { events } = await openBilling(
      { invoices: [invoice({ invoice_number: 'INV-OFFLINE' })], methods: [savedMethod()] },
      undefined,
      (server) => {
        const answer = server.fetch;
        server.fetch = (async (input, init) => {
          if (String(input).endsWith('/pay')) {
            keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
            if (isOffline) {
              isOffline = false;
              throw new TypeError('Failed to fetch');
            }
          }
          return answer(input, init);
        }) as typeof fetch;
      },
    );
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-OFFLINE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-OFFLINE' });
    await events.click(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ }));
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRANSIENT_TEXT);
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await findNotification('Invoice INV-OFFLINE has been paid.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('disables Pay once the invoice turns out to be paid already', async () => {
    const target = invoice({ invoice_number: 'INV-RACE' });
    const { events, store } = await openBilling({ invoices: [target], methods: [savedMethod()] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-RACE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-RACE' });
    await events.click(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ }));
    // Someone else paid it in another tab.
    Object.assign(store.invoices[0] as Invoice, { status: 'paid', paid_at: new Date().toISOString() });
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_PAID_TEXT);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Pay \$/ })).toBeDisabled());
    expect(within(dialog).getByText('This invoice has been paid.')).toBeInTheDocument();
  });

  it('puts the server’s field messages next to the new card’s fields', async () => {
    const { events } = await openBilling(
      { invoices: [invoice({ invoice_number: 'INV-FIELDS' })] },
      undefined,
      (server) =>
        server.on(paymentsContract.payInvoice, () =>
          replyError(400, 'validation', 'Please correct the highlighted fields.', {
            'new_method.exp_year': 'This card has expired.',
          }),
        ),
    );
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-FIELDS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-FIELDS' });
    await typeCard(events, dialog, '4242424242424242');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByText('This card has expired.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry year')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a new card before sending it', async () => {
    const { events, server } = await openBilling({ invoices: [invoice({ invoice_number: 'INV-CHECK' })] });
    await findTable();
    await events.click(screen.getByRole('button', { name: 'Pay INV-CHECK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice INV-CHECK' });
    await events.click(within(dialog).getByRole('radio', { name: 'New bank account' }));
    await events.type(within(dialog).getByLabelText('Routing number'), '123');
    await events.click(within(dialog).getByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByText('Enter the account holder’s name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the 9-digit routing number.')).toBeInTheDocument();
    expect(payRequests(server)).toHaveLength(0);
  });
});

// Decision 048: what went back, and each refund's credit note.
describe('Refunds', () => {
  it('shows a refunded payment as Refunded with the amount and day, and the invoice’s credit note to download', async () => {
    const refund = {
      credit_note_id: 'cn-7',
      credit_note_number: 'CN-2026-000007',
      reason: 'payment_refunded' as const,
      total_cents: 122450,
      issued_at: '2026-11-25T12:00:00.000Z',
    };
    const refunded = invoice({ invoice_number: 'INV-BACK', status: 'unpaid', refunds: [refund] });
    const { events, server } = await openBilling(
      {
        invoices: [refunded],
        payments: [
          {
            id: 'payment-1',
            invoice_id: refunded.id,
            invoice_number: refunded.invoice_number,
            milestone_id: null,
            milestone_title: null,
            company_name: 'Acme',
            amount_cents: 122450,
            currency: 'USD',
            status: 'completed',
            method_label: 'Visa ending in 4242',
            failure_message: null,
            created_at: '2026-11-20T10:00:00.000Z',
            completed_at: '2026-11-20T10:00:00.000Z',
            refunded_cents: 122450,
            refunded_at: '2026-11-25T12:00:00.000Z',
            display_status: 'refunded',
          },
          {
            id: 'payment-2',
            invoice_id: null,
            invoice_number: null,
            milestone_id: 'milestone-1',
            milestone_title: 'Wireframes',
            company_name: 'Acme',
            amount_cents: 357225,
            currency: 'USD',
            status: 'completed',
            method_label: 'Visa ending in 4242',
            failure_message: null,
            created_at: '2026-11-21T10:00:00.000Z',
            completed_at: '2026-11-21T10:00:00.000Z',
            refunded_cents: 142890,
            refunded_at: '2026-11-26T12:00:00.000Z',
            display_status: 'partially_refunded',
          },
        ],
      },
      undefined,
      (fake) => fake.on(invoicesContract.creditNotePdf, () => new Blob(['pdf'], { type: 'application/pdf' })),
    );
    const payments = await screen.findByRole('table', { name: 'Payments' });
    const whole = within(payments).getByRole('row', { name: /INV-BACK/ });
    expect(within(whole).getByText('Refunded')).toBeInTheDocument();
    expect(whole).not.toHaveTextContent('Completed');
    expect(whole).toHaveTextContent('Refunded $1,224.50 on Nov 25, 2026');
    const part = within(payments).getByRole('row', { name: /Wireframes/ });
    expect(within(part).getByText('Partially refunded')).toBeInTheDocument();
    expect(part).toHaveTextContent('Refunded $1,428.90 on Nov 26, 2026');

    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await findTable();
    await events.click(screen.getByRole('button', { name: 'View INV-BACK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-BACK' });
    const refunds = within(dialog).getByRole('list', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Refunded $1,224.50 on Nov 25, 2026');
    expect(refunds).toHaveTextContent('Payment refunded');
    await events.click(within(refunds).getByRole('button', { name: 'Credit note CN-2026-000007' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.requests.some((request) => request.path === '/api/company/credit-notes/cn-7/pdf')).toBe(true);
  });

  it('lists the company’s credit notes with what each credits, and none when there are none', async () => {
    const note = {
      id: 'cn-9',
      credit_note_number: 'CN-2026-000009',
      reason: 'dispute_settled' as const,
      invoice_id: null,
      invoice_number: null,
      milestone_id: 'milestone-1',
      milestone_title: 'Wireframes',
      payment_id: 'payment-2',
      billed_to_name: 'Acme',
      parties: { billedToName: 'Acme' },
      issue_date: '2026-11-26',
      issued_at: '2026-11-26T12:00:00.000Z',
      subtotal_cents: 120_000,
      fee_cents: 12_000,
      tax_cents: 10_890,
      total_cents: 142_890,
      tax: {
        category: 'sales_tax' as const,
        name: 'Tax',
        rate_basis_points: 825,
        note: '',
        breakdown: [{ rate_basis_points: 825, taxable_cents: 132_000, tax_cents: 10_890 }],
      },
      currency: 'USD' as const,
      items: [],
    };
    const { events, server } = await openBilling({ creditNotes: [note] }, undefined, (fake) =>
      fake.on(invoicesContract.creditNotePdf, () => new Blob(['pdf'], { type: 'application/pdf' })),
    );
    const table = await screen.findByRole('table', { name: 'Credit notes' });
    const line = within(table).getByRole('row', { name: /CN-2026-000009/ });
    expect(line).toHaveTextContent('Nov 26, 2026');
    expect(line).toHaveTextContent('Milestone Wireframes');
    expect(line).toHaveTextContent('Dispute settled');
    expect(line).toHaveTextContent('$1,428.90');
    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await events.click(within(line).getByRole('button', { name: 'Download CN-2026-000009' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.requests.some((request) => request.path === '/api/company/credit-notes/cn-9/pdf')).toBe(true);
    // A sales tax has no e-invoice (EN 16931 is for VAT and GST).
    expect(within(line).queryByRole('button', { name: /as an e-invoice/ })).not.toBeInTheDocument();
  });

  it('offers a VAT credit note as an e-invoice too', async () => {
    const note = {
      id: 'cn-10',
      credit_note_number: 'CN-2026-000010',
      reason: 'payment_refunded' as const,
      invoice_id: 'invoice-10',
      invoice_number: 'INV-2026-000010',
      milestone_id: null,
      milestone_title: null,
      payment_id: 'payment-10',
      billed_to_name: 'Kanal GmbH',
      parties: { billedToName: 'Kanal GmbH' },
      issue_date: '2026-11-26',
      issued_at: '2026-11-26T12:00:00.000Z',
      subtotal_cents: 100_000,
      fee_cents: 10_000,
      tax_cents: 0,
      total_cents: 110_000,
      tax: {
        category: 'reverse_charge' as const,
        name: 'VAT',
        rate_basis_points: 0,
        note: 'Reverse charge',
        breakdown: [{ rate_basis_points: 0, taxable_cents: 110_000, tax_cents: 0 }],
      },
      currency: 'EUR' as const,
      items: [],
    };
    const { events, server } = await openBilling({ creditNotes: [note] }, undefined, (fake) =>
      fake.on(invoicesContract.creditNoteEInvoice, () => new Blob(['<CreditNote/>'], { type: 'application/xml' })),
    );
    const table = await screen.findByRole('table', { name: 'Credit notes' });
    const line = within(table).getByRole('row', { name: /CN-2026-000010/ });
    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await events.click(within(line).getByRole('button', { name: 'Download CN-2026-000010 as an e-invoice (XML)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.requests.some((request) => request.path === '/api/company/credit-notes/cn-10/e-invoice')).toBe(true);
  });

  it('shows no Credit Notes card to a company that has none', async () => {
    const { server } = await openBilling({});
    await findTable();
    await screen.findByText('No payments yet.');
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/api/company/credit-notes')).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Credit Notes' })).not.toBeInTheDocument();
  });
});

describe('Payment methods', () => {
  it('adds a card, makes it the default and removes another', async () => {
    const old = savedMethod({ label: 'Bank account ending in 6789', kind: 'bank', last4: '6789', is_default: true });
    const { events, store } = await openBilling({ methods: [old] });
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    expect(within(list).getByText('Bank account ending in 6789')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    await events.type(await within(dialog).findByLabelText('Card number'), '4242 4242 4242 4242');
    await events.type(within(dialog).getByLabelText('Expiry month'), '4');
    await events.type(within(dialog).getByLabelText('Expiry year'), '2031');
    await events.type(within(dialog).getByLabelText('CVC'), '321');
    await events.click(within(dialog).getByRole('button', { name: 'Add Payment Method' }));
    expect(await findNotification('Visa ending in 4242 is saved for future payments.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(await screen.findByRole('button', { name: 'Make Visa ending in 4242 the default' }));
    expect(await findNotification('Visa ending in 4242 is now your default.')).toBeInTheDocument();
    await waitFor(() => expect(store.profile.default_payment_method_id).toBe(store.methods[1]?.id));

    await events.click(await screen.findByRole('button', { name: 'Remove Bank account ending in 6789' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this payment method?' });
    await events.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Bank account ending in 6789')).not.toBeInTheDocument());
    expect(store.methods.map((method) => method.label)).toEqual(['Visa ending in 4242']);
  });

  it('shows the server’s sentence when auto-pay has no default method, and turns it on with one', async () => {
    const { events, store } = await openBilling({ invoices: [invoice({ due_date: '2026-12-01' })] });
    const autoPay = await screen.findByRole('switch', { name: 'Auto-Pay' });
    await waitFor(() => expect(autoPay).toBeEnabled());
    await events.click(autoPay);
    expect(await screen.findByText(AUTO_PAY_NEEDS_DEFAULT_TEXT)).toHaveAttribute('role', 'alert');
    expect(autoPay).toHaveAttribute('aria-checked', 'false');

    store.methods.push(savedMethod({ is_default: true }));
    store.profile.default_payment_method_id = store.methods[0]?.id ?? null;
    await events.click(autoPay);
    await waitFor(() => expect(autoPay).toHaveAttribute('aria-checked', 'true'));
    const cards = screen.getByRole('region', { name: 'Billing summary' });
    await waitFor(() =>
      expect(within(cards).getByRole('heading', { name: 'Next Auto-Pay' }).parentElement).toHaveTextContent(
        'Dec 1, 2026',
      ),
    );
  });
});
