import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '~/shared/billing';
import { applicationsContract } from '~/shared/contracts/applications';
import { invoicesContract } from '~/shared/contracts/billing';
import { earningsContract } from '~/shared/contracts/earnings';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { jobsContract } from '~/shared/contracts/jobs';
import { paymentsContract } from '~/shared/contracts/payments';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { workContract } from '~/shared/contracts/work';
import { assignments, billingProfiles, companies, emailOutbox, notifications } from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

const lastWeek = () => addDays(weekStartOf(isoDay(new Date())), -7);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A company billed in euros (issue 55): every amount of it — its rates, a week's cost and pay, the next invoice, the
// invoice and its PDF, the payment and its email, a fixed-price contract, its milestones, their funding and a
// refund's credit note — is in euros, says so, and is written with '€', never as dollars.
describe('a company billed in euros', () => {
  let testApp: TestApp;
  let owner: Account & { companyId: string };
  let talent: Account;
  let visa: PaymentMethod;

  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.setSettings({ platform_fee_basis_points: 1000 });
    owner = await companyAccount(testApp, `Lisboa Ferramentas ${Date.now()}`);
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Inês Duarte' });
    // Chosen before its first job, as billing details allow.
    await db().update(companies).set({ billingCurrency: 'EUR' }).where(eq(companies.id, owner.companyId));
    await db().insert(billingProfiles).values({ companyId: owner.companyId, taxRateBasisPoints: 825 });
    const added = await owner.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(added.statusCode, added.rawPayload.toString()).toBe(201);
    visa = added.body;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('bills its hours in euros: the cost, the estimate, the invoice and its PDF, the payment and its email', async () => {
    const assignment = await buildAssignment(db(), {
      companyId: owner.companyId,
      applicantId: talent.user.id,
      rateCents: 4000,
      payRateCents: 3200,
      startDate: addDays(lastWeek(), -30),
      role: 'Support Specialist',
    });
    const week = lastWeek();
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: week,
      status: 'approved',
      minutes: Object.fromEntries([480, 450, 480, 495, 360].map((minutes, day) => [addDays(week, day + 1), minutes])),
      talentPayCents: 120_800,
    });

    // 37.75 h × €40.00 = €1,510.00; fee 10% = €151.00; tax 8.25% of €1,661.00 = €137.03; total €1,798.03.
    const rates = await owner.call(workContract.companyAssignments, { query: {} });
    expect(rates.body.items.find((item) => item.id === assignment.id)).toMatchObject({
      rate_cents: 4000,
      currency: 'EUR',
    });
    const unbilled = await owner.call(invoicesContract.unbilledWork, { query: {} });
    expect(unbilled.body.items).toEqual([
      expect.objectContaining({ cost: expect.objectContaining({ total_cents: 179_803, currency: 'EUR' }) }),
    ]);
    expect((await owner.call(invoicesContract.nextInvoice)).body).toMatchObject({
      total_cents: 179_803,
      currency: 'EUR',
    });
    const reviewed = await owner.call(workContract.companyTimesheets, { query: { assignment_id: assignment.id } });
    expect(reviewed.body.items).toEqual([
      expect.objectContaining({
        talent_pay_cents: 120_800,
        currency: 'EUR',
        cost: expect.objectContaining({ total_cents: 179_803, currency: 'EUR' }),
      }),
    ]);
    // The talent earns in the company's currency, summed apart from any other.
    expect((await talent.call(earningsContract.weeks, { query: {} })).body.items).toEqual([
      expect.objectContaining({ amount_cents: 120_800, currency: 'EUR' }),
    ]);
    expect((await talent.call(earningsContract.summary)).body.currencies).toEqual([
      { currency: 'EUR', approved_cents: 120_800, invoiced_cents: 0, awaiting_invoice_cents: 120_800 },
    ]);

    await issueInvoices({ db: db(), periodStart: week, companyIds: [owner.companyId] });
    const listed = await owner.call(invoicesContract.list, { query: {} });
    const [invoice] = listed.body.items;
    if (!invoice) throw new Error('No invoice was issued.');
    expect(invoice).toMatchObject({
      subtotal_cents: 151_000,
      fee_cents: 15_100,
      tax_cents: 13_703,
      amount_cents: 179_803,
      currency: 'EUR',
    });
    expect((await owner.call(invoicesContract.summary)).body).toMatchObject({
      outstanding_cents: 179_803,
      currency: 'EUR',
    });

    const pdf = await owner.call(invoicesContract.invoicePdf, { params: { id: invoice.id } });
    const text = await pdfText(pdf.rawPayload);
    for (const figure of [
      '€40.00/h',
      '€1,510.00',
      'Platform fee (10% of €1,510.00)',
      '€151.00',
      'Tax (8.25% of €1,661.00)',
      '€137.03',
      '€1,798.03',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).not.toContain('$');

    const paid = await owner.call(paymentsContract.payInvoice, {
      params: { id: invoice.id },
      body: { payment_method_id: visa.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    expect(paid.body.payment).toMatchObject({ amount_cents: 179_803, currency: 'EUR', status: 'completed' });
    const history = await owner.call(paymentsContract.payments, { query: {} });
    expect(history.body.items.map((payment) => payment.currency)).toEqual(['EUR']);
    const emailOf = async (subject: string) => {
      const [email] = await db()
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, owner.user.email), eq(emailOutbox.subject, subject)));
      return email?.text;
    };
    expect(await emailOf(`New invoice ${invoice.invoice_number}`)).toContain('is €1,798.03, due');
    expect(await emailOf(`Payment received for invoice ${invoice.invoice_number}`)).toContain(
      `We received €1,798.03 for invoice ${invoice.invoice_number}`,
    );
  });

  it('holds a fixed price in euros: the offer and its email, the contract, the funding and the credit note', async () => {
    const job = await buildJob(db(), { companyId: owner.companyId, engagementType: 'fixed', title: 'Catalogue' });
    expect((await owner.call(jobsContract.get, { params: { id: job.id } })).body).toMatchObject({
      budget_total: 5000,
      currency: 'EUR',
    });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: talent.user.id,
      status: 'interviewing',
    });
    const offered = await owner.call(pipelineContract.fixedPriceOffer, {
      params: { id: application.id },
      body: {
        total_cents: 250_050,
        start_date: inDays(7),
        milestones: [
          { title: 'Wireframes', description: '', amount_cents: 200_050, due_date: inDays(14) },
          { title: 'Final designs', description: '', amount_cents: 50_000, due_date: inDays(21) },
        ],
      },
    });
    expect(offered.statusCode, offered.rawPayload.toString()).toBe(200);
    expect((await owner.call(pipelineContract.get, { params: { id: application.id } })).body).toMatchObject({
      offer: { total_cents: 250_050 },
      currency: 'EUR',
    });
    const [offerEmail] = await db()
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, talent.user.email), like(emailOutbox.subject, '%Catalogue%')));
    expect(offerEmail?.text).toContain('a fixed price of €2,500.50 in 2 milestones');

    const accepted = await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    expect(accepted.statusCode, accepted.rawPayload.toString()).toBe(200);
    const [hired] = await db()
      .select({ id: assignments.id })
      .from(assignments)
      .where(eq(assignments.applicationId, application.id));
    const contract = await owner.call(fixedPriceContract.companyContract, { params: { id: hired?.id ?? '' } });
    expect(contract.body).toMatchObject({ total_cents: 250_050, currency: 'EUR' });
    const [wireframes] = contract.body.milestones;
    if (!wireframes) throw new Error('The contract has no milestones.');
    // €2,000.50 + 10% fee €200.05 + 8.25% tax of €2,200.55 (€181.55) = €2,382.10.
    expect(wireframes.charge).toMatchObject({ amount_cents: 200_050, total_cents: 238_210 });

    const funded = await owner.call(fixedPriceContract.fund, {
      params: { id: wireframes.id },
      body: { payment_method_id: visa.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(funded.statusCode, funded.rawPayload.toString()).toBe(200);
    expect(funded.body.payment).toMatchObject({ amount_cents: 238_210, currency: 'EUR' });
    expect(funded.body.contract).toMatchObject({ escrow_cents: 200_050, currency: 'EUR' });
    const [notice] = await db()
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, talent.user.id), like(notifications.title, 'Funded: Wireframes')));
    expect(notice?.body).toContain('€2,000.50 for Wireframes');

    // The talent gives it back: the whole charge is credited, in euros, on the note and its PDF.
    const refunded = await talent.call(fixedPriceContract.refund, { params: { id: wireframes.id } });
    expect(refunded.statusCode, refunded.rawPayload.toString()).toBe(200);
    const [note] = (await owner.call(invoicesContract.creditNotes, { query: {} })).body.items;
    if (!note) throw new Error('The refund issued no credit note.');
    expect(note).toMatchObject({ total_cents: 238_210, currency: 'EUR' });
    const notePdf = await owner.call(invoicesContract.creditNotePdf, { params: { id: note.id } });
    const noteText = await pdfText(notePdf.rawPayload);
    for (const figure of ['€2,000.50', '€200.05', '€181.55', '€2,382.10']) expect(noteText).toContain(figure);
    expect(noteText).not.toContain('$');
  });
});
