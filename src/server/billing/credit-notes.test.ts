import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { workContract } from '~/shared/contracts/work';
import { integerColumn } from '../db/row-columns';
import { companies, creditNotes, invoices, payments } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { accountSums } from '../kernels/money/account-sums';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { creditNoteSnapshot, rerunCreditNoteBackfill } from '../testing/rerun-credit-note-backfill';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type CompanyAccount = Awaited<ReturnType<typeof companyAccount>>;

const card = { kind: 'card', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } as const;
const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);

// Refunds as credit notes (decision 048): an administrator's refund of an invoice's payment issues one
// numbered credit note crediting the invoice as billed, once however often it is asked; the company sees it
// in its payments, on the invoice and in its list of credit notes (PDF included), the admin CSV names the
// amount and the day, and Monthly Revenue drops by what it credits while the ledger still balances.
describe('credit notes of refunded invoice payments', () => {
  let testApp: TestApp;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const refund = (paymentId: string) => admin.call(adminPaymentsContract.refund, { params: { id: paymentId } });

  // A company's week of `minutes` approved at $40 an hour, invoiced now by an administrator and paid by card.
  async function paidInvoice(company: CompanyAccount, minutes: number) {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const assignment = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: talent.user.id,
      role: 'Support Specialist',
      rateCents: 4000,
      payRateCents: 3200,
      startDate: weeksAgo(10),
    });
    const week = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(2),
      status: 'submitted',
      minutes: { [addDays(weeksAgo(2), 1)]: minutes },
    });
    const approved = await company.call(workContract.approveTimesheet, { params: { id: week.id }, body: {} });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const issued = await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    expect(issued.statusCode, issued.rawPayload.toString()).toBe(201);
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, company.companyId))
      .orderBy(sql`${invoices.createdAt} desc`)
      .limit(1);
    if (!invoice) throw new Error('No invoice was issued.');
    const paid = await company.call(paymentsContract.payInvoice, {
      params: { id: invoice.id },
      body: { new_method: card },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    return { invoice, payment: paid.body.payment };
  }

  const numberOf = (creditNoteNumber: string) => Number(creditNoteNumber.slice(-6));
  // The dashboard's Monthly Revenue of dollars, the companies here billing in them.
  const dollarRevenue = async () =>
    (await admin.call(adminDashboardContract.dashboard)).body.monthly_revenue.currencies.find(
      (row) => row.currency === 'USD',
    )?.value ?? 0;

  it('issues one credit note crediting the invoice as billed, shown to the company, the CSV and the revenue', async () => {
    const company = await companyAccount(testApp, `Credit ${randomUUID().slice(0, 8)}`);
    const { invoice, payment } = await paidInvoice(company, 185);
    const revenueBefore = await dollarRevenue();

    // Asked three times at once and once more later: the money goes back once, and so does its note.
    const answers = await Promise.all([refund(payment.id), refund(payment.id), refund(payment.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await refund(payment.id)).statusCode).toBe(200);

    const listed = await company.call(invoicesContract.creditNotes, { query: {} });
    expect(listed.statusCode, listed.rawPayload.toString()).toBe(200);
    expect(listed.body.total).toBe(1);
    const [note] = listed.body.items;
    if (!note) throw new Error('No credit note was issued.');
    expect(note).toMatchObject({
      reason: 'payment_refunded',
      invoice_id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      payment_id: payment.id,
      milestone_id: null,
      billed_to_name: invoice.billedToName,
      subtotal_cents: invoice.subtotalCents,
      fee_cents: invoice.feeCents,
      tax_cents: invoice.taxCents,
      total_cents: payment.amount_cents,
    });
    expect(note.credit_note_number).toMatch(new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{6}$`));
    // The items mirror the invoice's, line by line, and add up to the refund to the cent.
    const billed = (await company.call(invoicesContract.invoice, { params: { id: invoice.id } })).body;
    expect(note.items).toEqual(
      billed.items.map((item) => ({ kind: item.kind, description: item.description, amount_cents: item.amount_cents })),
    );
    expect(note.items.reduce((sum, item) => sum + item.amount_cents, 0)).toBe(payment.amount_cents);

    // The invoice names its refund; the payment reads Refunded with the amount and the day.
    expect(billed.refunds).toEqual([
      {
        credit_note_id: note.id,
        credit_note_number: note.credit_note_number,
        reason: 'payment_refunded',
        total_cents: payment.amount_cents,
        issued_at: note.issued_at,
      },
    ]);
    const shown = (await company.call(paymentsContract.payments, { query: {} })).body.items.find(
      (item) => item.id === payment.id,
    );
    expect(shown).toMatchObject({
      status: 'completed',
      display_status: 'refunded',
      refunded_cents: payment.amount_cents,
      refunded_at: note.issued_at,
    });

    // The PDF, read back by poppler.
    const pdf = await company.call(invoicesContract.creditNotePdf, { params: { id: note.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = await pdfText(pdf.rawPayload);
    expect(printed).toContain(`Credit note ${note.credit_note_number}`);
    expect(printed).toMatch(new RegExp(`Billed to\\s+${invoice.billedToName}`));
    expect(printed).toContain(`Invoice ${invoice.invoiceNumber}`);
    expect(printed).toContain('Payment refunded');
    const dollars = (cents: number) =>
      `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(printed).toMatch(new RegExp(`Total credited\\s+${dollars(payment.amount_cents).replace(/[$.]/g, '\\$&')}`));

    // Renaming the company changes no issued credit note (decision 044).
    await db().update(companies).set({ name: 'Renamed Later Ltd' }).where(eq(companies.id, company.companyId));
    const again = await company.call(invoicesContract.creditNote, { params: { id: note.id } });
    expect(again.body.billed_to_name).toBe(invoice.billedToName);

    // Another company's credit note does not exist for it.
    const stranger = await companyAccount(testApp);
    expect((await stranger.call(invoicesContract.creditNote, { params: { id: note.id } })).statusCode).toBe(404);
    expect((await stranger.call(invoicesContract.creditNotePdf, { params: { id: note.id } })).statusCode).toBe(404);
    expect((await stranger.call(invoicesContract.creditNotes, { query: {} })).body.total).toBe(0);

    // The admin CSV's Refunded column: how much and when, read by a strict CSV parser.
    const exported = await admin.call(adminPaymentsContract.exportCsv, { query: { q: invoice.invoiceNumber } });
    expect(exported.statusCode, exported.rawPayload.toString()).toBe(200);
    // Strict: one header, every record as wide, quotes as RFC 4180.
    const rows = z.array(z.record(z.string(), z.string())).parse(
      parse(exported.rawPayload.toString(), {
        bom: true,
        columns: true,
        relax_column_count: false,
        skip_empty_lines: false,
        record_delimiter: '\r\n',
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Status: 'Refunded',
      Refunded: `${(payment.amount_cents / 100).toFixed(2)} on ${note.issue_date}`,
    });

    // Monthly Revenue drops by the work and fee credited, on the dashboard and in Company Management.
    const revenueAfter = await dollarRevenue();
    expect(revenueBefore - revenueAfter).toBe(note.subtotal_cents + note.fee_cents);
    const row = await admin.call(adminCompaniesContract.get, { params: { id: company.companyId } });
    expect(row.body.monthly_revenue_cents).toBe(0);

    // The ledger moved the money the note documents, once, and still balances.
    const [refunded] = await selectRows(
      db(),
      z.object({ cents: integerColumn }),
      sql`select coalesce(sum(e.amount_cents), 0)::bigint as cents
          from ledger_transactions l join ledger_entries e on e.transaction_id = l.id
          where l.kind = 'payment_refunded' and l.payment_id = ${payment.id} and e.account = 'company_receivable'`,
    );
    expect(refunded?.cents).toBe(note.total_cents);
    expect((await accountSums(db())).total).toBe(0);
  });

  it('numbers credit notes without gaps when refunds come at once', async () => {
    // One invoice per company and run: four companies, one invoice each.
    const paid = [];
    for (const minutes of [60, 90, 120, 150]) {
      const company = await companyAccount(testApp);
      paid.push({ company, ...(await paidInvoice(company, minutes)) });
    }
    const answers = await Promise.all(paid.map(({ payment }) => refund(payment.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const all = await db().select({ number: creditNotes.creditNoteNumber }).from(creditNotes);
    const sequence = all.map((note) => numberOf(note.number)).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, index) => index + 1));
    for (const { payment } of paid) {
      const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
      expect(row?.refundedCents).toBe(payment.amount_cents);
    }
    for (const { company, payment } of paid) {
      const listed = await company.call(invoicesContract.creditNotes, { query: {} });
      expect(listed.body.items.map((note) => note.total_cents)).toEqual([payment.amount_cents]);
    }
  });

  // Migration 0074 gives every refund made before credit notes existed its note: run again over the refunds
  // above with their notes taken away, it writes the notes the code wrote — same refunds, reasons, parties,
  // lines and totals, numbered 1… without gaps — and the payments' refunded amounts.
  it('backfills earlier refunds into the credit notes the code issues', async () => {
    const issued = await creditNoteSnapshot(db());
    expect(issued.notes.length).toBeGreaterThan(0);
    await rerunCreditNoteBackfill(db());
    expect(await creditNoteSnapshot(db())).toEqual(issued);
  });
});
