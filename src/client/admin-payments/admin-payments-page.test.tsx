import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type AdminPayment, type AdminPaymentSummary, adminPaymentTexts } from '~/shared/admin-payments';
import type { IssueInvoiceNowResult, NextInvoice, UnbilledCompany } from '~/shared/billing';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { adminPaymentsContract } from '~/shared/contracts/payments';
import { paths } from '~/shared/routes';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: fakeId(),
    invoice_id: fakeId(),
    invoice_number: 'INV-2026-0001',
    milestone_id: null,
    milestone_title: null,
    company_id: fakeId(),
    company_name: 'Acme',
    amount_cents: 132_000,
    currency: 'USD',
    status: 'completed',
    display_status: 'completed',
    refunded_cents: 0,
    method_label: 'Visa ending in 4242',
    failure_message: null,
    provider: 'test',
    provider_ref: 'ch_test_abc',
    created_at: '2026-11-20T10:00:00.000Z',
    completed_at: '2026-11-20T10:00:01.000Z',
    refunded_at: null,
    ...overrides,
  };
}

const summary: AdminPaymentSummary = {
  received_this_month: { amount_cents: 1_234_567, count: 12 },
  pending: { amount_cents: 7_500, count: 1 },
  failed_or_refunded_this_month: { amount_cents: 30_000, count: 2 },
};

// The weekly run: Sunday Nov 29, 2026 at 02:00 UTC. This administrator has set no time zone: days in UTC.
const RUN = '2026-11-29T02:00:00.000Z';

function nextInvoice(overrides: Partial<NextInvoice> = {}): NextInvoice {
  return {
    runs_at: RUN,
    period_start: '2026-11-22',
    period_end: '2026-11-28',
    weeks: 2,
    total_minutes: 4530,
    subtotal_cents: 302_000,
    fee_basis_points: 1000,
    fee_cents: 30_200,
    tax_basis_points: 0,
    tax_cents: 0,
    total_cents: 332_200,
    currency: 'USD',
    ...overrides,
  };
}

function unbilledCompany(overrides: Partial<UnbilledCompany> = {}): UnbilledCompany {
  return {
    company_id: fakeId(),
    company_name: 'Harbor Goods',
    weeks: 2,
    total_minutes: 4530,
    next_invoice: nextInvoice(),
    ...overrides,
  };
}

function fakeAdminPayments(server: FakeServer, items: AdminPayment[], unbilled: UnbilledCompany[] = []) {
  server.on(adminInvoicesContract.unbilledCompanies, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const found = unbilled.filter((company) => !q || company.company_name.toLowerCase().includes(q));
    return { items: found, total: found.length, page: 1, page_size: 10 };
  });
  server.on(adminPaymentsContract.summary, () => summary);
  server.on(adminPaymentsContract.list, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const status = query.get('status');
    const found = items.filter(
      (item) =>
        (!status || item.display_status === status) &&
        (!q || [item.company_name, item.invoice_number].some((text) => text?.toLowerCase().includes(q))),
    );
    return { items: found, total: found.length, page: 1, page_size: 20 };
  });
}

async function openPage(items: AdminPayment[], path = paths.adminPayments.getHref(), unbilled: UnbilledCompany[] = []) {
  const server = createFakeServer();
  fakeAdminPayments(server, items, unbilled);
  const view = await renderRoute(path, { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'Payment Management' });
  return { ...view, server };
}

describe('Payment Management', () => {
  it('shows the three summary cards and the payments table', async () => {
    await openPage([
      payment(),
      payment({ company_name: 'Globex', invoice_number: 'INV-2026-0002', display_status: 'failed', status: 'failed' }),
    ]);
    const cards = await screen.findByRole('region', { name: 'Payment summary' });
    expect(within(cards).getByText('Received This Month')).toBeInTheDocument();
    expect(within(cards).getByText('$12,345.67')).toBeInTheDocument();
    expect(within(cards).getByText('12 payments completed')).toBeInTheDocument();
    expect(within(cards).getByText('Pending')).toBeInTheDocument();
    expect(within(cards).getByText('Failed or Refunded')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByText('Acme')).toBeInTheDocument();
    expect(within(table).getAllByText('$1,320.00')).toHaveLength(2);
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('INV-2026-0002')).toBeInTheDocument();
  });

  it('puts the search and the status in the URL and the request', async () => {
    const { events, router, server } = await openPage([
      payment(),
      payment({ company_name: 'Globex', invoice_number: 'INV-2026-0002' }),
    ]);
    await screen.findByRole('table', { name: 'Payments' });
    await events.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'globex{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('q=globex'));
    await waitFor(() =>
      expect(
        server.requests.some(
          (request) => request.path === '/api/admin/payments' && request.query.get('q') === 'globex',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Acme')).not.toBeInTheDocument());

    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    await waitFor(() => expect(router.state.location.search).toContain('status=completed'));
    expect(
      server.requests.some(
        (request) => request.path === '/api/admin/payments' && request.query.get('status') === 'completed',
      ),
    ).toBe(true);
  });

  it('exports the filtered rows as a CSV', async () => {
    const { events, server } = await openPage([payment()], `${paths.adminPayments.getHref()}?q=acme&status=completed`);
    server.on(adminPaymentsContract.exportCsv, () => new Blob(['Company,Amount (USD)\r\n'], { type: 'text/csv' }));
    URL.createObjectURL = vi.fn(() => 'blob:payments');
    URL.revokeObjectURL = vi.fn();
    await events.click(await screen.findByRole('button', { name: 'Export Report' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/admin/payments/export.csv')).toBeDefined(),
    );
    const exported = server.requests.find((request) => request.path === '/api/admin/payments/export.csv');
    expect(exported?.query.get('q')).toBe('acme');
    expect(exported?.query.get('status')).toBe('completed');
  });

  it('refunds a completed payment after a confirm, from its details', async () => {
    const paid = payment({ company_name: 'Acme', invoice_number: 'INV-2026-0042', amount_cents: 4_200 });
    const { events, server } = await openPage([paid]);
    let refunds = 0;
    server.on(adminPaymentsContract.refund, ({ params }) => {
      refunds += 1;
      expect(params.id).toBe(paid.id);
      return { payment: { ...paid, display_status: 'refunded' as const, refunded_at: '2026-11-24T23:00:00.000Z' } };
    });
    await events.click(await screen.findByRole('button', { name: 'View payment for INV-2026-0042' }));
    const details = await screen.findByRole('dialog', { name: 'Payment of $42.00' });
    expect(within(details).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(details).getByText('ch_test_abc')).toBeInTheDocument();
    await events.click(within(details).getByRole('button', { name: 'Refund' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund this payment?' });
    expect(refunds).toBe(0);
    await events.click(within(confirm).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toBe(1));
    expect((await screen.findAllByText(adminPaymentTexts.refunded)).length).toBeGreaterThan(0);
  });

  it('shows what a settlement gave back of a milestone’s funding, and when', async () => {
    const funding = payment({
      invoice_id: null,
      invoice_number: null,
      milestone_id: fakeId(),
      milestone_title: 'Wireframes',
      amount_cents: 357_225,
      refunded_cents: 142_890,
      refunded_at: '2026-11-26T12:00:00.000Z',
    });
    const { events } = await openPage([funding]);
    await events.click(await screen.findByRole('button', { name: /View payment/ }));
    const details = await screen.findByRole('dialog', { name: 'Payment of $3,572.25' });
    expect(details).toHaveTextContent('Refunded$1,428.90 on Nov 26, 2026');
  });

  it('shows the server’s sentence when a refund is refused', async () => {
    const paid = payment({ invoice_number: 'INV-2026-0099' });
    const { events, server } = await openPage([paid]);
    server.on(adminPaymentsContract.refund, () => replyError(409, 'conflict', adminPaymentTexts.refundNeedsCompleted));
    await events.click(await screen.findByRole('button', { name: 'View payment for INV-2026-0099' }));
    await events.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect((await screen.findAllByText(adminPaymentTexts.refundNeedsCompleted)).length).toBeGreaterThan(0);
  });

  describe('unbilled work', () => {
    it('lists the companies with approved work not yet invoiced, with the next invoice’s day and estimate', async () => {
      await openPage([], paths.adminPayments.getHref(), [unbilledCompany()]);
      const table = await screen.findByRole('table', { name: 'Unbilled work' });
      const row = within(table).getByRole('row', { name: /Harbor Goods/ });
      expect(within(row).getByText('75.5 h')).toBeInTheDocument();
      expect(within(row).getByText('Sun Nov 29 UTC')).toBeInTheDocument();
      expect(within(row).getByText('$3,322.00')).toBeInTheDocument();
    });

    it('issues a company’s invoice now after a confirm, and says so when nothing new is issued', async () => {
      const company = unbilledCompany();
      const { events, server } = await openPage([], paths.adminPayments.getHref(), [company]);
      const answers: IssueInvoiceNowResult[] = [
        {
          outcome: 'issued',
          company_name: 'Harbor Goods',
          invoice: {
            id: fakeId(),
            invoice_number: 'INV-2026-000123',
            period_start: '2026-11-22',
            period_end: '2026-11-28',
            issue_date: '2026-11-26',
            total_cents: 332_200,
          },
          next_invoice: nextInvoice({ runs_at: '2026-12-06T02:00:00.000Z', weeks: 0, total_cents: 0 }),
        },
      ];
      answers.push({ ...(answers[0] as IssueInvoiceNowResult), outcome: 'already_issued' });
      const asked: string[] = [];
      server.on(adminInvoicesContract.issueNow, ({ params }) => {
        asked.push(params.id);
        return answers[asked.length - 1] as IssueInvoiceNowResult;
      });

      await events.click(await screen.findByRole('button', { name: 'Issue invoice now for Harbor Goods' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Issue Harbor Goods’ invoice now?' });
      expect(confirm).toHaveTextContent(
        'It bills 2 approved weeks, about $3,322.00, as the weekly run would on Sun Nov 29 UTC',
      );
      expect(asked).toEqual([]);
      await events.click(within(confirm).getByRole('button', { name: 'Issue Invoice' }));
      expect((await screen.findAllByText('Invoice issued')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('INV-2026-000123 for Harbor Goods: $3,322.00. The company is notified.').length).toBe(
        1,
      );
      expect(asked).toEqual([company.company_id]);

      await events.click(await screen.findByRole('button', { name: 'Issue invoice now for Harbor Goods' }));
      await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Issue Invoice' }));
      expect((await screen.findAllByText('Nothing new to invoice')).length).toBeGreaterThan(0);
      expect(
        screen.getAllByText(/INV-2026-000123 \(Nov 22, 2026 – Nov 28, 2026\) is already issued to Harbor Goods\./)
          .length,
      ).toBe(1);
    });

    it('shows the server’s sentence when the invoice cannot be issued', async () => {
      const { events, server } = await openPage([], paths.adminPayments.getHref(), [unbilledCompany()]);
      server.on(adminInvoicesContract.issueNow, () => replyError(404, 'not_found', 'This company does not exist.'));
      await events.click(await screen.findByRole('button', { name: 'Issue invoice now for Harbor Goods' }));
      await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Issue Invoice' }));
      expect((await screen.findAllByText('This company does not exist.')).length).toBeGreaterThan(0);
    });

    it('says when no company has work waiting to be invoiced', async () => {
      await openPage([]);
      expect(await screen.findByText('No unbilled work')).toBeInTheDocument();
    });
  });
});
