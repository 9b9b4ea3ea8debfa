import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { earningsContract } from '~/shared/contracts/earnings';
import { workContract } from '~/shared/contracts/work';
import { integerColumn } from '../db/row-columns';
import { billingProfiles } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { addDays, humanDay, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

// The one rounding rule (issue 54, decision 047) walked through the API: the week the books issue found
// billed $833.08 and paid $833.09 — 1,339 minutes at $37.33 an hour over five days — now pays what it
// bills, reads quantity × rate = amount on the invoice and its PDF, and is dated by its work.
describe('one rounding rule, approval to invoice to ledger', () => {
  let testApp: TestApp;
  let company: Account & { companyId: string };
  let admin: Account;
  let talent: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.setSettings({ platform_fee_basis_points: 1000 });
    company = await companyAccount(testApp, `Rounding Works ${Date.now()}`);
    admin = await signedInAccount(testApp, { role: 'admin' });
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Minh Khai' });
    await testApp.database.db.insert(billingProfiles).values({ companyId: company.companyId, taxRateBasisPoints: 825 });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('pays $833.08 for the week it bills $833.08, on a line of 22 h 19 min at $37.33/h dated Monday to Friday', async () => {
    const db = testApp.database.db;
    const week = addDays(weekStartOf(isoDay(new Date())), -7);
    const monday = addDays(week, 1);
    const friday = addDays(week, 5);
    const assignment = await buildAssignment(db, {
      companyId: company.companyId,
      applicantId: talent.user.id,
      startDate: addDays(week, -30),
      role: 'Bookkeeper',
      rateCents: 3733,
    });
    const params = { assignment_id: assignment.id, week_start: week };
    const entries = [268, 268, 268, 268, 267].map((minutes, index) => ({
      work_date: addDays(week, index + 1),
      minutes,
    }));
    const saved = await talent.call(workContract.saveWeek, { params, body: { entries } });
    expect(saved.statusCode, saved.error?.error).toBe(200);
    expect((await talent.call(workContract.submitWeek, { params })).statusCode).toBe(200);
    const approved = await company.call(workContract.approveTimesheet, {
      params: { id: saved.body.id ?? '' },
      body: {},
    });
    expect(approved.statusCode, approved.error?.error).toBe(200);
    // Rounded once for the week: 1,339 × 3,733 ÷ 60 = 83,308.1… cents. Day by day it was 83,309.
    expect(approved.body.talent_pay_cents).toBe(83_308);
    expect(approved.body.cost.subtotal_cents).toBe(83_308);

    const issued = await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    expect(issued.statusCode, issued.error?.error).toBe(201);
    const invoiceId = issued.body.invoice?.id ?? '';
    const invoice = await company.call(invoicesContract.invoice, { params: { id: invoiceId } });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toMatchObject({
      period_start: monday,
      period_end: friday,
      subtotal_cents: 83_308,
      // 10% of $833.08 = $83.308 → $83.31; 8.25% of $916.39 = $75.602… → $75.60.
      fee_cents: 8331,
      tax_cents: 7560,
      amount_cents: 99_199,
    });
    expect(invoice.body.items[0]).toMatchObject({
      kind: 'work',
      quantity: 1339,
      unit: 'minute',
      rate_cents: 3733,
      amount_cents: 83_308,
      work_start: monday,
      work_end: friday,
    });

    // The talent's earnings and the ledger say the same.
    const earnings = await talent.call(earningsContract.weeks, { query: {} });
    expect(earnings.body.items.find((item) => item.week_start === week)).toMatchObject({ amount_cents: 83_308 });
    const [pending] = await selectRows(
      db,
      z.object({ owed: integerColumn }),
      sql`select coalesce(-sum(e.amount_cents), 0)::int as owed from ledger_entries e
          where e.timesheet_id = ${saved.body.id} and e.account = 'talent_pending' and e.amount_cents < 0`,
    );
    expect(pending?.owed).toBe(83_308);
    const [receivable] = await selectRows(
      db,
      z.object({ margin: integerColumn }),
      sql`select (${invoice.body.subtotal_cents}::int + ${invoice.body.fee_cents}::int - t.talent_pay_cents)::int as margin
          from timesheets t where t.id = ${saved.body.id}`,
    );
    expect(receivable?.margin).toBe(8331);

    // As another program reads the PDF: the line's quantity × rate is its amount, and its days are named.
    const pdf = await company.call(invoicesContract.invoicePdf, { params: { id: invoiceId } });
    const text = await pdfText(pdf.rawPayload);
    const line = text.split('\n').find((row) => row.includes('Bookkeeper — Minh Khai')) ?? '';
    const [, hours, minutes, rate, amount] = /(\d+) h (\d+) min\s+\$([\d.,]+)\/h\s+\$([\d.,]+)/.exec(line) ?? [];
    const cents = (figure = '') => Math.round(Number(figure.replaceAll(',', '')) * 100);
    expect({ hours, minutes, rate, amount }).toEqual({ hours: '22', minutes: '19', rate: '37.33', amount: '833.08' });
    const exactSixtieths = (Number(hours) * 60 + Number(minutes)) * cents(rate);
    expect(Math.floor((exactSixtieths + 30) / 60)).toBe(cents(amount));
    expect(text).toMatch(new RegExp(`Period\\s+${humanDay(monday)} – ${humanDay(friday)}`));
  });
});
