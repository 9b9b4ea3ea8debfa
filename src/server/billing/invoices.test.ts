import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingSummary,
  type Invoice,
  type InvoiceStatus,
  invoiceStatuses,
  OUTSTANDING_INVOICE_STATUSES,
} from '~/shared/billing';
import type { QueryOf } from '~/shared/contract';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { invoicesContract } from '~/shared/contracts/billing';
import { companiesContract } from '~/shared/contracts/companies';
import { paymentsContract } from '~/shared/contracts/payments';
import { settingsContract } from '~/shared/contracts/settings';
import {
  assignments,
  assignmentTerms,
  auditLogs,
  billingProfiles,
  companies,
  companyMembers,
  invoiceCounters,
  invoiceItems,
  invoices,
  notifications,
  timeEntries,
  timesheets,
  users,
} from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { AppError } from '../platform/errors';
import { addDays } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { pdfFonts, pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { markOverdueInvoices } from './mark-overdue-invoices';
import { renderInvoicesPdf } from './render-invoice-pdf';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

// Weeks (Sundays) the tests bill.
const WEEK = '2026-11-15';
const NEXT_WEEK = '2026-11-22';

describe('invoices: the run, the overdue sweep, the company’s list, summary and PDFs', () => {
  let testApp: TestApp;
  let company: Account;
  let otherCompany: Account;
  let companyId: string;
  let otherCompanyId: string;
  let sequence = 0;

  const db = () => testApp.database.db;
  const companyIdOf = async (account: Account) => {
    const [member] = await db()
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, account.user.id));
    return member?.companyId ?? '';
  };

  const newCompany = async (name = `Billing Co ${++sequence}`) => {
    const [row] = await db()
      .insert(companies)
      .values({ name, contactEmail: `billing-${++sequence}@example.test` })
      .returning({ id: companies.id });
    return row?.id ?? '';
  };

  // An active assignment of a new talent, with its terms (the first from its start date).
  const newAssignment = async ({
    companyId: owner,
    talentName = `Talent ${++sequence}`,
    role = 'Support Engineer',
    rateCents = 4500,
    terms = [],
  }: {
    companyId: string;
    talentName?: string;
    role?: string;
    rateCents?: number;
    terms?: Array<{ rateCents: number; effectiveDate: string }>;
  }) => {
    const [talent] = await db()
      .insert(users)
      .values({ email: `talent-${++sequence}@example.test`, name: talentName, role: 'applicant' })
      .returning({ id: users.id });
    const [assignment] = await db()
      .insert(assignments)
      .values({
        companyId: owner,
        applicantId: talent?.id ?? '',
        role,
        rateCents,
        weeklyHours: 40,
        startDate: '2026-01-04',
        status: 'active',
      })
      .returning({ id: assignments.id });
    const id = assignment?.id ?? '';
    await db()
      .insert(assignmentTerms)
      .values([
        { assignmentId: id, rateCents, payRateCents: rateCents, weeklyHours: 40, effectiveDate: '2026-01-04' },
        ...terms.map((term) => ({
          assignmentId: id,
          rateCents: term.rateCents,
          payRateCents: term.rateCents,
          weeklyHours: 40,
          effectiveDate: term.effectiveDate,
        })),
      ]);
    return id;
  };

  // A week of minutes, Sunday first.
  const newWeek = async (
    assignmentId: string,
    weekStart: string,
    minutesByDay: number[],
    status: 'approved' | 'submitted' = 'approved',
  ) => {
    const [timesheet] = await db()
      .insert(timesheets)
      .values({
        assignmentId,
        weekStart,
        status,
        submittedAt: new Date(),
        approvedAt: status === 'approved' ? new Date() : null,
      })
      .returning({ id: timesheets.id });
    const id = timesheet?.id ?? '';
    await db()
      .insert(timeEntries)
      .values(minutesByDay.map((minutes, day) => ({ timesheetId: id, workDate: addDays(weekStart, day), minutes })));
    return id;
  };

  const invoicesOf = (owner: string) =>
    db().select().from(invoices).where(eq(invoices.companyId, owner)).orderBy(asc(invoices.invoiceNumber));
  const itemsOf = (invoiceId: string) =>
    db().select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.position));
  const invoiceIdOfTimesheet = async (id: string) =>
    (await db().select({ invoiceId: timesheets.invoiceId }).from(timesheets).where(eq(timesheets.id, id)))[0]
      ?.invoiceId;
  const numbersOfYear = async (year: number) =>
    (
      await db()
        .select({ number: invoices.invoiceNumber })
        .from(invoices)
        .where(like(invoices.invoiceNumber, `INV-${year}-%`))
        .orderBy(asc(invoices.invoiceNumber))
    ).map((row) => row.number);
  const gapless = (year: number, count: number) =>
    Array.from({ length: count }, (_, index) => `INV-${year}-${String(index + 1).padStart(6, '0')}`);

  beforeAll(async () => {
    testApp = await createTestApp({ env: { ENABLE_TEST_ROUTES: 'true' } });
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Northwind Outfitters' });
    otherCompany = await signedInAccount(testApp, { role: 'company', companyName: 'Contoso' });
    companyId = await companyIdOf(company);
    otherCompanyId = await companyIdOf(otherCompany);
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe('the invoice run', () => {
    it('bills each company’s approved weeks once: work per rate, the fee, the tax, a number and a due date', async () => {
      await testApp.setSettings({ platform_fee_basis_points: 1000 });
      await db().insert(billingProfiles).values({ companyId, taxRateBasisPoints: 825, paymentTermsDays: 30 });
      // Ada's rate rises on Wednesday of the billed week: two items, one per rate.
      const ada = await newAssignment({
        companyId,
        talentName: 'Ada Lovelace',
        rateCents: 4500,
        terms: [{ rateCents: 5000, effectiveDate: '2026-11-18' }],
      });
      const alan = await newAssignment({ companyId, talentName: 'Alan Turing', role: 'Data Analyst', rateCents: 6000 });
      const adaWeek = await newWeek(ada, WEEK, [0, 480, 480, 480, 480, 450, 0]);
      const alanWeek = await newWeek(alan, WEEK, [0, 20, 0, 0, 0, 0, 0]);
      // Not approved yet, and a later week: neither is billed.
      const submitted = await newWeek(await newAssignment({ companyId }), WEEK, [0, 60, 0, 0, 0, 0, 0], 'submitted');
      const later = await newWeek(alan, NEXT_WEEK, [0, 60, 0, 0, 0, 0, 0]);
      // The other company: default profile (no tax, 14 days).
      const otherWeek = await newWeek(
        await newAssignment({ companyId: otherCompanyId, rateCents: 3000 }),
        WEEK,
        [0, 90, 0, 0, 0, 0, 0],
      );

      const run = await issueInvoices({ db: db(), periodStart: WEEK, today: '2026-11-24' });
      expect(run).toMatchObject({ periodStart: WEEK, periodEnd: '2026-11-21', issueDate: '2026-11-24' });
      expect(run.issued).toHaveLength(2);
      expect(run.issued.map((invoice) => invoice.invoiceNumber).sort()).toEqual(gapless(2026, 2));

      const [invoice] = await invoicesOf(companyId);
      // The invoice's period is its work's days (Monday to Friday), its run's week apart.
      expect(invoice).toMatchObject({
        periodStart: '2026-11-16',
        periodEnd: '2026-11-20',
        billingWeek: WEEK,
        issueDate: '2026-11-24',
        dueDate: '2026-12-24',
        status: 'pending',
        feeBasisPoints: 1000,
        taxBasisPoints: 825,
        paidAt: null,
      });
      const items = await itemsOf(invoice?.id ?? '');
      expect(
        items.map((item) => [item.kind, item.description, item.quantity, item.unit, item.rateCents, item.amountCents]),
      ).toEqual([
        // Sorted by talent: Ada at $45 (Mon, Tue), then at $50 from Wednesday; Alan's 20 minutes. Each work
        // line is minutes × rate ÷ 60: 960 × $45 = $720, 1,410 × $50 = $1,175, 20 × $60 = $20.
        ['work', 'Support Engineer — Ada Lovelace, Nov 16 – 17, 2026', 960, 'minute', 4500, 72_000],
        ['work', 'Support Engineer — Ada Lovelace, Nov 18 – 20, 2026', 1410, 'minute', 5000, 117_500],
        ['work', 'Data Analyst — Alan Turing, Nov 16, 2026', 20, 'minute', 6000, 2000],
        ['fee', 'Platform fee (10% of $1,915.00)', 1, 'each', 19_150, 19_150],
        // (191,500 + 19,150) × 8.25% = 17,378.625 → 17,379
        ['tax', 'Tax (8.25% of $2,106.50)', 1, 'each', 17_379, 17_379],
      ]);
      expect(items.map((item) => item.minutes)).toEqual([960, 1410, 20, null, null]);
      expect(items.map((item) => [item.workStart, item.workEnd])).toEqual([
        ['2026-11-16', '2026-11-17'],
        ['2026-11-18', '2026-11-20'],
        ['2026-11-16', '2026-11-16'],
        [null, null],
        [null, null],
      ]);
      expect(invoice).toMatchObject({
        subtotalCents: 191_500,
        feeCents: 19_150,
        taxCents: 17_379,
        totalCents: 228_029,
      });
      expect(items.reduce((sum, item) => sum + item.amountCents, 0)).toBe(invoice?.totalCents);

      const [other] = await invoicesOf(otherCompanyId);
      expect(other).toMatchObject({
        dueDate: '2026-12-08',
        subtotalCents: 4500,
        feeCents: 450,
        taxCents: 0,
        totalCents: 4950,
      });
      expect((await itemsOf(other?.id ?? '')).map((item) => item.kind)).toEqual(['work', 'fee']);

      expect(await invoiceIdOfTimesheet(adaWeek)).toBe(invoice?.id);
      expect(await invoiceIdOfTimesheet(alanWeek)).toBe(invoice?.id);
      expect(await invoiceIdOfTimesheet(otherWeek)).toBe(other?.id);
      expect(await invoiceIdOfTimesheet(submitted)).toBeNull();
      expect(await invoiceIdOfTimesheet(later)).toBeNull();

      // The company's people are told.
      const told = await db().select().from(notifications).where(eq(notifications.userId, company.user.id));
      expect(told).toEqual([
        expect.objectContaining({
          type: 'invoice_issued',
          title: `New invoice ${invoice?.invoiceNumber}`,
          body: `Invoice ${invoice?.invoiceNumber} for Nov 16 – 20, 2026 is $2,280.29, due Dec 24, 2026.`,
          link: `/company/billing?invoice=${invoice?.id}`,
        }),
      ]);

      // The audit log has each invoice the run issued, with no actor.
      const audited = await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.targetId, invoice?.id ?? ''));
      expect(audited).toEqual([
        expect.objectContaining({
          actorId: null,
          action: 'invoice.issued',
          targetType: 'invoice',
          details: {
            invoice_number: invoice?.invoiceNumber,
            company_id: companyId,
            period_start: '2026-11-16',
            period_end: '2026-11-20',
            billing_week: WEEK,
            total_cents: 228_029,
          },
        }),
      ]);

      // Run again: nothing is issued twice, and the counter has not moved.
      const again = await issueInvoices({ db: db(), periodStart: WEEK, today: '2026-11-24' });
      expect(again.issued).toEqual([]);
      expect(await numbersOfYear(2026)).toEqual(gapless(2026, 2));
      const [counter] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, 2026));
      expect(counter?.lastNumber).toBe(2);
    });

    it('bills a week approved after its invoice went out with the next week’s invoice, numbering on', async () => {
      const owner = await newCompany();
      const assignment = await newAssignment({ companyId: owner, rateCents: 2000 });
      await newWeek(assignment, '2026-11-01', [0, 60, 0, 0, 0, 0, 0]);
      const first = await issueInvoices({ db: db(), periodStart: '2026-11-01', today: '2027-01-05' });
      expect(first.issued.map((invoice) => invoice.companyId)).toContain(owner);
      const late = await newWeek(
        await newAssignment({ companyId: owner, rateCents: 3000 }),
        '2026-11-01',
        [0, 120, 0, 0, 0, 0, 0],
      );
      const same = await issueInvoices({ db: db(), periodStart: '2026-11-01', today: '2027-01-05' });
      expect(same.issued.map((invoice) => invoice.companyId)).not.toContain(owner);
      expect(await invoiceIdOfTimesheet(late)).toBeNull();

      const next = await issueInvoices({ db: db(), periodStart: '2026-11-08', today: '2027-01-05' });
      const invoice = next.issued.find((issued) => issued.companyId === owner);
      expect(invoice?.totalCents).toBe(6000 + 600);
      expect(await invoiceIdOfTimesheet(late)).toBe(invoice?.id);
      expect(await numbersOfYear(2027)).toEqual(gapless(2027, first.issued.length + next.issued.length));
    });

    it('issues each invoice once when two runs go at the same time, with gapless numbers', async () => {
      const owners = await Promise.all(Array.from({ length: 12 }, () => newCompany()));
      const weeks: string[] = [];
      for (const [index, owner] of owners.entries()) {
        for (let count = 0; count < 1 + (index % 3); count++) {
          const assignment = await newAssignment({ companyId: owner, rateCents: 1000 + index * 100 + count });
          weeks.push(await newWeek(assignment, '2026-10-25', [0, 60 + index, 30, 0, 0, 0, 0]));
        }
      }
      // Small batches, so the two runs interleave over many transactions.
      const runs = await Promise.all([
        issueInvoices({ db: db(), periodStart: '2026-10-25', today: '2028-03-01', batchSize: 5 }),
        issueInvoices({ db: db(), periodStart: '2026-10-25', today: '2028-03-01', batchSize: 3 }),
      ]);
      const issued = runs.flatMap((run) => run.issued);
      const ours = issued.filter((invoice) => owners.includes(invoice.companyId));
      expect(new Set(ours.map((invoice) => invoice.companyId)).size).toBe(owners.length);
      expect(ours).toHaveLength(owners.length);
      expect(await numbersOfYear(2028)).toEqual(gapless(2028, issued.length));
      const billed = await db()
        .select({ invoiceId: timesheets.invoiceId })
        .from(timesheets)
        .where(inArray(timesheets.id, weeks));
      expect(billed.every((row) => row.invoiceId !== null)).toBe(true);
      for (const owner of owners) {
        const [invoice, ...more] = await invoicesOf(owner);
        expect(more).toEqual([]);
        const items = await itemsOf(invoice?.id ?? '');
        expect(items.reduce((sum, item) => sum + item.amountCents, 0)).toBe(invoice?.totalCents);
      }
    });

    it('takes the last full week by default and refuses a period that is not a past or current week', async () => {
      const owner = await newCompany();
      await newWeek(await newAssignment({ companyId: owner }), '2029-04-01', [0, 60, 0, 0, 0, 0, 0]);
      // Sunday 2029-04-08, 02:00: the week of 04-01 has just ended.
      const run = await issueInvoices({ db: db(), today: '2029-04-08' });
      expect(run.periodStart).toBe('2029-04-01');
      expect(run.issued.map((invoice) => invoice.companyId)).toContain(owner);

      await expect(issueInvoices({ db: db(), periodStart: '2029-04-02', today: '2029-04-08' })).rejects.toThrow(
        new AppError('validation', 'A billing period is a week and starts on a Sunday.'),
      );
      await expect(issueInvoices({ db: db(), periodStart: '2029-04-15', today: '2029-04-08' })).rejects.toThrow(
        'A billing period cannot start in the future.',
      );
      await expect(issueInvoices({ db: db(), periodStart: '2029-02-30', today: '2029-04-08' })).rejects.toThrow(
        'The billing period must start on a date (YYYY-MM-DD).',
      );
    });
  });

  it('schedules the run weekly (Sunday 02:00 UTC) and the sweep daily on the queue', async () => {
    const { rows } = (await db().execute(
      sql`select name, cron from pgboss.schedule where name in ('issue-invoices', 'mark-overdue-invoices') order by name`,
    )) as unknown as { rows: Array<{ name: string; cron: string }> };
    expect(rows).toEqual([
      { name: 'issue-invoices', cron: '0 2 * * 0' },
      { name: 'mark-overdue-invoices', cron: '5 0 * * *' },
    ]);
  });

  describe('the overdue sweep', () => {
    it('marks pending and unpaid invoices past their due date overdue, once', async () => {
      const owner = await newCompany();
      const make = (number: string, status: InvoiceStatus, dueDate: string) =>
        insertInvoice({ companyId: owner, number, status, issueDate: '2030-01-01', dueDate, totalCents: 1000 });
      const pastPending = await make('SWEEP-1', 'pending', '2030-01-14');
      const pastUnpaid = await make('SWEEP-2', 'unpaid', '2030-01-10');
      const dueToday = await make('SWEEP-3', 'pending', '2030-01-15');
      const paid = await make('SWEEP-4', 'paid', '2030-01-01');
      const overdue = await make('SWEEP-5', 'overdue', '2030-01-02');

      const { marked } = await markOverdueInvoices({ db: db(), today: '2030-01-15' });
      expect(marked).toEqual(expect.arrayContaining([pastPending, pastUnpaid]));
      expect(marked).not.toEqual(expect.arrayContaining([dueToday]));
      const statuses = await db()
        .select({ id: invoices.id, status: invoices.status })
        .from(invoices)
        .where(eq(invoices.companyId, owner));
      expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
        [pastPending]: 'overdue',
        [pastUnpaid]: 'overdue',
        [dueToday]: 'pending',
        [paid]: 'paid',
        [overdue]: 'overdue',
      });
      const audited = await db()
        .select({ targetId: auditLogs.targetId, details: auditLogs.details })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'invoice.marked_overdue'));
      expect(audited).toEqual(
        expect.arrayContaining([
          { targetId: pastPending, details: { invoice_number: 'SWEEP-1', company_id: owner, due_date: '2030-01-14' } },
        ]),
      );
      expect(audited.filter((row) => row.targetId === dueToday || row.targetId === overdue)).toEqual([]);
      expect((await markOverdueInvoices({ db: db(), today: '2030-01-15' })).marked).toEqual([]);
    });
  });

  // An invoice as the run would leave it, with a work item and totals that add up.
  async function insertInvoice({
    companyId: owner,
    number,
    status,
    issueDate,
    dueDate,
    totalCents,
    description = 'Support Engineer — Ada Lovelace, 1.00 h at $10.00/h',
  }: {
    companyId: string;
    number: string;
    status: InvoiceStatus;
    issueDate: string;
    dueDate: string;
    totalCents: number;
    description?: string;
  }) {
    // Each its own week (one invoice per company and period).
    const periodStart = addDays('2000-01-02', 7 * ++sequence);
    const [row] = await db()
      .insert(invoices)
      .values({
        invoiceNumber: number,
        companyId: owner,
        periodStart,
        periodEnd: addDays(periodStart, 6),
        issueDate,
        dueDate,
        status,
        subtotalCents: totalCents,
        feeBasisPoints: 0,
        feeCents: 0,
        taxBasisPoints: 0,
        taxCents: 0,
        totalCents,
        paidAt: status === 'paid' ? new Date(`${dueDate}T12:00:00Z`) : null,
      })
      .returning({ id: invoices.id });
    const id = row?.id ?? '';
    await db().insert(invoiceItems).values({
      invoiceId: id,
      position: 1,
      kind: 'work',
      description,
      quantity: 1,
      unit: 'each',
      rateCents: totalCents,
      amountCents: totalCents,
    });
    return id;
  }

  describe('the company’s invoices', () => {
    let listed: Array<{
      id: string;
      number: string;
      status: InvoiceStatus;
      issueDate: string;
      dueDate: string;
      total: number;
    }>;
    let listCompany: Account;
    let listCompanyId: string;

    beforeAll(async () => {
      listCompany = await signedInAccount(testApp, { role: 'company', companyName: 'Listing Ltd' });
      listCompanyId = await companyIdOf(listCompany);
      const specs: Array<[string, InvoiceStatus, string, string, number]> = [
        ['INV-2025-000101', 'paid', '2025-03-02', '2025-03-16', 12_345],
        ['INV-2025-000102', 'pending', '2025-03-09', '2025-03-23', 50_000],
        ['INV-2025-000103', 'overdue', '2025-03-09', '2025-03-23', 7_500],
        ['INV-2025-000104', 'unpaid', '2025-03-16', '2025-03-30', 99_999],
        ['INV-2025-000105', 'paid', '2025-03-23', '2025-04-06', 1_000],
        ['INV-2025-000206', 'pending', '2025-03-30', '2025-04-13', 20_000],
      ];
      listed = [];
      for (const [number, status, issueDate, dueDate, total] of specs) {
        const id = await insertInvoice({
          companyId: listCompanyId,
          number,
          status,
          issueDate,
          dueDate,
          totalCents: total,
        });
        listed.push({ id, number, status, issueDate, dueDate, total });
      }
    });

    const list = async (query: QueryOf<typeof invoicesContract.list> = {}, account = listCompany) => {
      const response = await account.call(invoicesContract.list, { query });
      expect(response.statusCode, response.rawPayload.toString()).toBe(200);
      return response.body;
    };
    const numbers = (page: { items: Invoice[] }) => page.items.map((invoice) => invoice.invoice_number);

    it('lists newest issued first by default, ties by number, with items and totals', async () => {
      const page = await list();
      expect(page).toMatchObject({ total: 6, page: 1, page_size: 20 });
      expect(numbers(page)).toEqual([
        'INV-2025-000206',
        'INV-2025-000105',
        'INV-2025-000104',
        'INV-2025-000103',
        'INV-2025-000102',
        'INV-2025-000101',
      ]);
      expect(page.items[0]).toMatchObject({
        company_id: listCompanyId,
        company_name: 'Listing Ltd',
        issue_date: '2025-03-30',
        due_date: '2025-04-13',
        status: 'pending',
        amount_cents: 20_000,
        paid_at: null,
        items: [{ kind: 'work', quantity: 1, rate_cents: 20_000, amount_cents: 20_000 }],
      });
      expect(page.items[1]?.paid_at).toBe('2025-04-06T12:00:00.000Z');
    });

    it('sorts by every column either way', async () => {
      expect(numbers(await list({ sort: 'invoiceNumber', order: 'asc' }))).toEqual(listed.map((row) => row.number));
      expect(numbers(await list({ sort: 'amount', order: 'asc' }))).toEqual(
        [...listed].sort((a, b) => a.total - b.total).map((row) => row.number),
      );
      expect(numbers(await list({ sort: 'dueDate', order: 'asc' }))).toEqual([
        'INV-2025-000101',
        'INV-2025-000102',
        'INV-2025-000103',
        'INV-2025-000104',
        'INV-2025-000105',
        'INV-2025-000206',
      ]);
      expect(numbers(await list({ sort: 'status', order: 'asc' }))).toEqual([
        'INV-2025-000103',
        'INV-2025-000101',
        'INV-2025-000105',
        'INV-2025-000102',
        'INV-2025-000206',
        'INV-2025-000104',
      ]);
      expect(numbers(await list({ sort: 'status', order: 'desc' }))).toEqual([
        'INV-2025-000104',
        'INV-2025-000206',
        'INV-2025-000102',
        'INV-2025-000105',
        'INV-2025-000101',
        'INV-2025-000103',
      ]);
    });

    it('searches the number in any case, filters by status and issue dates, and pages', async () => {
      expect(numbers(await list({ q: 'inv-2025-0002' }))).toEqual(['INV-2025-000206']);
      expect(numbers(await list({ q: '000%' }))).toEqual([]);
      expect(numbers(await list({ status: 'paid' }))).toEqual(['INV-2025-000105', 'INV-2025-000101']);
      expect(
        numbers(await list({ from: '2025-03-09', to: '2025-03-16', sort: 'invoiceNumber', order: 'asc' })),
      ).toEqual(['INV-2025-000102', 'INV-2025-000103', 'INV-2025-000104']);
      const second = await list({ page: 2, page_size: 4 });
      expect(second).toMatchObject({ total: 6, page: 2, page_size: 4 });
      expect(numbers(second)).toEqual(['INV-2025-000102', 'INV-2025-000101']);
    });

    it('refuses bad filters with a sentence', async () => {
      // Filters the contract's type would not let through.
      const ask = async (query: object) => {
        const response = await listCompany.callUnchecked(invoicesContract.list, { query });
        return { status: response.statusCode, error: response.error?.error };
      };
      expect(await ask({ sort: 'company' })).toEqual({ status: 400, error: 'sort: Unknown sort column.' });
      expect(await ask({ status: 'late' })).toEqual({ status: 400, error: 'status: Unknown invoice status.' });
      expect(await ask({ from: '2025-13' })).toEqual({
        status: 400,
        error: 'from: The start date must be a date (YYYY-MM-DD).',
      });
      expect(await ask({ from: '2025-04-01', to: '2025-03-01' })).toEqual({
        status: 400,
        error: 'The start date must be on or before the end date.',
      });
    });

    it('shows one invoice with its items, and another company’s as not found', async () => {
      const [first] = listed;
      const invoice = (account: Account, id: string) => account.call(invoicesContract.invoice, { params: { id } });
      const response = await invoice(listCompany, first?.id ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({ id: first?.id, invoice_number: 'INV-2025-000101', status: 'paid' });

      const foreign = await invoice(company, first?.id ?? '');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error).toEqual({ error: 'This invoice does not exist, or it is not yours.', code: 'not_found' });
      expect(numbers(await list({}, company))).not.toContain('INV-2025-000101');
      const malformed = await invoice(listCompany, 'nope');
      expect(malformed.statusCode).toBe(400);

      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      expect((await applicant.call(invoicesContract.list)).statusCode).toBe(403);
    });

    it('keeps both parties as they were when the invoice was issued: renaming, new billing details or a new seller change no byte of it', async () => {
      const renamed = await signedInAccount(testApp, { role: 'company', companyName: 'Before Rename Ltd' });
      const admin = await signedInAccount(testApp, { role: 'admin' });
      const companyId = await companyIdOf(renamed);
      const details = {
        legal_name: 'Before Rename Lda.',
        address_line1: 'Rua Augusta 27',
        address_line2: '',
        city: 'Lisbon',
        region: '',
        postal_code: '1100-048',
        country: 'pt',
        tax_id: 'pt 100 000 096',
      };
      const saved = await renamed.call(paymentsContract.updateBillingDetails, { body: details });
      expect(saved.statusCode, saved.error?.error).toBe(200);
      expect(saved.body).toMatchObject({ country: 'PT', tax_id: 'PT100000096', tax_rate_basis_points: 0 });
      const seller = {
        legal_name: 'Tandem Teams, Inc.',
        address: '2 Harbor Way\nWilmington, DE 19801',
        tax_id: 'US12-3456789',
      };
      expect((await admin.call(settingsContract.updateInvoiceSeller, { body: seller })).statusCode).toBe(200);
      const id = await insertInvoice({
        companyId,
        number: 'INV-2025-000311',
        status: 'pending',
        issueDate: '2025-03-02',
        dueDate: '2025-03-16',
        totalCents: 5_000,
      });
      const asIssued = async () => {
        const invoice = await renamed.call(invoicesContract.invoice, { params: { id } });
        const pdf = await renamed.call(invoicesContract.invoicePdf, { params: { id } });
        return { answer: invoice.rawPayload.toString(), pdf: pdf.rawPayload, text: await pdfText(pdf.rawPayload) };
      };
      const before = await asIssued();
      expect(JSON.parse(before.answer)).toMatchObject({
        company_name: 'Before Rename Lda.',
        billed_to: {
          name: 'Before Rename Lda.',
          address: 'Rua Augusta 27\nLisbon 1100-048',
          country: 'PT',
          tax_id: 'PT100000096',
        },
        seller: { name: seller.legal_name, address: seller.address, tax_id: seller.tax_id },
      });
      for (const line of ['Before Rename Lda.', 'Rua Augusta 27', 'Lisbon 1100-048', 'Portugal', 'PT100000096']) {
        expect(before.text).toContain(line);
      }
      for (const line of ['Tandem Teams, Inc.', '2 Harbor Way', 'Wilmington, DE 19801', 'Tax ID US12-3456789']) {
        expect(before.text).toContain(line);
      }

      // Everything changes afterwards: the company's name and billing details, its tax rate, the seller.
      const profile = (await renamed.call(companiesContract.profile)).body;
      const update = await renamed.call(companiesContract.updateProfile, {
        body: { ...profile, name: 'After Rename Ltd' },
      });
      expect(update.statusCode, update.error?.error).toBe(200);
      const moved = await admin.call(adminCompaniesContract.updateBillingDetails, {
        params: { id: companyId },
        body: {
          ...details,
          legal_name: '',
          address_line1: 'Calle Mayor 1',
          city: 'Madrid',
          postal_code: '28013',
          country: 'ES',
          tax_id: 'ESA08017535',
          tax_rate_basis_points: 2100,
          payment_terms_days: 30,
        },
      });
      expect(moved.statusCode, moved.error?.error).toBe(200);
      expect(moved.body).toMatchObject({
        legal_name: '',
        country: 'ES',
        tax_rate_basis_points: 2100,
        payment_terms_days: 30,
      });
      expect(
        (
          await admin.call(settingsContract.updateInvoiceSeller, {
            body: { ...seller, legal_name: 'Tandem Europe B.V.' },
          })
        ).statusCode,
      ).toBe(200);

      // The answer and the document read back byte for byte as they were; a new invoice names the new parties.
      const after = await asIssued();
      expect(after.answer).toBe(before.answer);
      expect(after.pdf.equals(before.pdf)).toBe(true);
      const later = await insertInvoice({
        companyId,
        number: 'INV-2025-000312',
        status: 'pending',
        issueDate: '2025-03-09',
        dueDate: '2025-03-23',
        totalCents: 5_000,
      });
      expect((await renamed.call(invoicesContract.invoice, { params: { id: later } })).body).toMatchObject({
        company_name: 'After Rename Ltd',
        billed_to: {
          name: 'After Rename Ltd',
          address: 'Calle Mayor 1\nMadrid 28013',
          country: 'ES',
          tax_id: 'ESA08017535',
        },
        seller: { name: 'Tandem Europe B.V.' },
      });
    });

    it('downloads an invoice as a PDF, and selected invoices as one PDF a page each', async () => {
      const [first, second] = listed;
      const single = await listCompany.call(invoicesContract.invoicePdf, { params: { id: first?.id ?? '' } });
      expect(single.statusCode).toBe(200);
      expect(single.headers['content-type']).toBe('application/pdf');
      expect(single.headers['content-disposition']).toBe('attachment; filename="INV-2025-000101.pdf"');
      expect(single.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(single.rawPayload)).toContain('Invoice INV-2025-000101');
      expect(pageCount(single.rawPayload)).toBe(1);

      const both = await listCompany.call(invoicesContract.exportPdf, { query: { ids: `${first?.id},${second?.id}` } });
      expect(both.statusCode).toBe(200);
      expect(both.headers['content-type']).toBe('application/pdf');
      expect(both.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.pdf"$/);
      expect(pageCount(both.rawPayload)).toBe(2);
      expect(await pdfText(both.rawPayload)).toContain('Invoice INV-2025-000102');

      const refused = async (ids: string, account = listCompany) => {
        const response = await account.call(invoicesContract.exportPdf, { query: { ids } });
        return { status: response.statusCode, error: response.error?.error };
      };
      expect(await refused(`${first?.id},${crypto.randomUUID()}`)).toEqual({
        status: 404,
        error: 'One or more of these invoices do not exist, or they are not yours.',
      });
      expect((await refused(`${first?.id}`, company)).status).toBe(404);
      expect(await refused('nope')).toEqual({
        status: 400,
        error: 'ids: This link is broken: it does not name an invoice.',
      });
      // `?ids=` sent empty on purpose: the contract's query string leaves an empty value out.
      const empty = await listCompany.request({ method: 'GET', url: '/api/company/invoices/export.pdf?ids=' });
      expect({ status: empty.statusCode, error: empty.json().error }).toEqual({
        status: 400,
        error: 'ids: Choose the invoices to download.',
      });
      const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
      expect(await refused(tooMany)).toEqual({ status: 400, error: 'ids: Download at most 100 invoices at a time.' });
    });

    it('draws the number, company, period, dates, status, items and totals with two decimals', async () => {
      const invoice: Invoice = {
        id: crypto.randomUUID(),
        invoice_number: 'INV-2026-000042',
        company_id: listCompanyId,
        company_name: 'Listing Ltd',
        billed_to: {
          name: 'Listing Ltd',
          address: 'Rua Augusta 27\nLisbon 1100-048',
          country: 'PT',
          tax_id: 'PT100000096',
          email: 'billing@listing.test',
        },
        seller: {
          name: 'Tandem Teams, Inc.',
          address: '2 Harbor Way\nWilmington, DE 19801\nUnited States',
          tax_id: 'US12-3456789',
          country: 'US',
          email: 'billing@tandem.test',
        },
        tax: {
          category: 'sales_tax',
          name: 'Tax',
          rate_basis_points: 825,
          note: '',
          breakdown: [{ rate_basis_points: 825, taxable_cents: 197_175, tax_cents: 16_267 }],
        },
        period_start: '2026-11-15',
        period_end: '2026-11-21',
        issue_date: '2026-11-24',
        due_date: '2026-12-08',
        status: 'overdue',
        subtotal_cents: 179_250,
        fee_cents: 17_925,
        tax_cents: 16_267,
        amount_cents: 213_442,
        currency: 'USD',
        paid_at: null,
        refunds: [],
        items: [
          {
            id: crypto.randomUUID(),
            kind: 'work',
            description: 'Support Engineer — Ada Lovelace, Nov 16 – 20, 2026',
            quantity: 2310,
            unit: 'minute',
            rate_cents: 4500,
            amount_cents: 173_250,
            work_start: '2026-11-16',
            work_end: '2026-11-20',
          },
          {
            // Work invoiced before the one rounding rule, in hours with two decimals, as it was issued.
            id: crypto.randomUUID(),
            kind: 'work',
            description: 'Support Engineer — Alan Turing, 1.00 h at $60.00/h',
            quantity: 1,
            unit: 'hour',
            rate_cents: 6000,
            amount_cents: 6000,
            work_start: null,
            work_end: null,
          },
          {
            id: crypto.randomUUID(),
            kind: 'fee',
            description: 'Platform fee (10% of $1,792.50)',
            quantity: 1,
            unit: 'each',
            rate_cents: 17_925,
            amount_cents: 17_925,
            work_start: null,
            work_end: null,
          },
        ],
      };
      const text = await pdfText(await renderInvoicesPdf({ invoices: [invoice] }));
      for (const expected of [
        'Invoice INV-2026-000042',
        'Tandem Teams, Inc.',
        '2 Harbor Way',
        'Wilmington, DE 19801',
        'Tax ID US12-3456789',
        'Listing Ltd',
        'Rua Augusta 27',
        'Lisbon 1100-048',
        'Portugal',
        'PT100000096',
        'Nov 15, 2026 – Nov 21, 2026',
        'Nov 24, 2026',
        'Dec 8, 2026',
        'Overdue',
        // quantity × rate = amount as printed: 38 h 30 min at $45.00 an hour is $1,732.50.
        'Support Engineer — Ada Lovelace, Nov 16 – 20, 2026',
        '38 h 30 min',
        '$45.00/h',
        '$1,732.50',
        'Alan Turing, 1.00 h at $60.00/h',
        '1.00',
        'Platform fee (10% of $1,792.50)',
        '$1,792.50',
        '$179.25',
        '$162.67',
        '$2,134.42',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('writes every name as it is, in fonts the file carries: Łódź Ελλάδα Москва 日本', async () => {
      const name = 'Łódź Ελλάδα Москва 日本';
      const account = await signedInAccount(testApp, { role: 'company', companyName: name });
      const id = await insertInvoice({
        companyId: await companyIdOf(account),
        number: 'INV-2025-000301',
        status: 'unpaid',
        issueDate: '2025-05-04',
        dueDate: '2025-05-18',
        totalCents: 4_500,
        description: 'Support Engineer — 张伟 and 김민준, 1.00 h',
      });
      const response = await account.call(invoicesContract.invoicePdf, { params: { id } });
      expect(response.statusCode).toBe(200);
      // As another program reads the served file: the name in bold on its own line, the talent names
      // (Chinese, Korean) in the items.
      const text = await pdfText(response.rawPayload);
      expect(text).toMatch(new RegExp(`^\\s*Billed to\\s+${name}$`, 'm'));
      expect(text).toContain('Support Engineer — 张伟 and 김민준, 1.00 h ');
      // Every font is in the file (none is left to the reader's machine), and none is PDFKit's Helvetica.
      const fonts = await pdfFonts(response.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((font) => font.embedded)).toBe(true);
      expect(fonts.map((font) => font.name).sort()).toEqual([
        'NotoSans-Bold',
        'NotoSans-Regular',
        'NotoSansHans-Bold',
        'NotoSansHans-Regular',
        'NotoSansKR-Regular',
      ]);
    });
  });

  describe('the summary cards', () => {
    // docs/spec/admin-billing-and-content.md §9 by hand: outstanding = pending + unpaid + overdue; overdue; the
    // invoice paid last (each is paid on its due date here, so terms reorder them); the earliest due date of what is outstanding (and all due that day) when auto-pay
    // is on.
    const expectedSummary = (
      rows: Array<{ status: InvoiceStatus; issueDate: string; dueDate: string; total: number; number: string }>,
      autoPay: boolean,
    ): BillingSummary => {
      const outstanding = rows.filter((row) =>
        (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(row.status),
      );
      const lastPaid = rows
        .filter((row) => row.status === 'paid')
        .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || b.number.localeCompare(a.number))[0];
      const earliestDue = outstanding.map((row) => row.dueDate).sort()[0];
      return {
        outstanding_cents: outstanding.reduce((sum, row) => sum + row.total, 0),
        overdue_cents: rows.filter((row) => row.status === 'overdue').reduce((sum, row) => sum + row.total, 0),
        last_payment: lastPaid
          ? {
              amount_cents: lastPaid.total,
              issue_date: lastPaid.issueDate,
              paid_at: new Date(`${lastPaid.dueDate}T12:00:00Z`).toISOString(),
            }
          : null,
        next_auto_pay:
          autoPay && earliestDue
            ? {
                date: earliestDue,
                amount_cents: outstanding
                  .filter((row) => row.dueDate === earliestDue)
                  .reduce((sum, row) => sum + row.total, 0),
              }
            : null,
        currency: 'USD',
      };
    };

    it('match a direct computation over generated invoices', async () => {
      const invoiceSpec = fc.record({
        status: fc.constantFrom(...invoiceStatuses),
        issueDay: fc.integer({ min: 0, max: 60 }),
        terms: fc.integer({ min: 0, max: 30 }),
        total: fc.integer({ min: 0, max: 5_000_000 }),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(invoiceSpec, { maxLength: 12 }), fc.boolean(), async (specs, autoPay) => {
          run += 1;
          const account = await signedInAccount(testApp, { role: 'company' });
          const owner = await companyIdOf(account);
          if (autoPay || run % 2 === 0) await db().insert(billingProfiles).values({ companyId: owner, autoPay });
          const rows = [];
          for (const [index, spec] of specs.entries()) {
            const issueDate = addDays('2031-01-01', spec.issueDay);
            const row = {
              status: spec.status,
              issueDate,
              dueDate: addDays(issueDate, spec.terms),
              total: spec.total,
              number: `SUM-${run}-${String(index).padStart(3, '0')}`,
            };
            await insertInvoice({
              companyId: owner,
              number: row.number,
              status: row.status,
              issueDate: row.issueDate,
              dueDate: row.dueDate,
              totalCents: row.total,
            });
            rows.push(row);
          }
          const response = await account.call(invoicesContract.summary);
          expect(response.statusCode).toBe(200);
          expect(response.body).toEqual(expectedSummary(rows, autoPay));
        }),
        { numRuns: 15 },
      );
    });

    it('are zero and off for a company without invoices', async () => {
      const response = await otherCompanyWithoutInvoices();
      expect(response).toEqual({
        outstanding_cents: 0,
        overdue_cents: 0,
        last_payment: null,
        next_auto_pay: null,
        currency: 'USD',
      });
    });

    const otherCompanyWithoutInvoices = async () => {
      const account = await signedInAccount(testApp, { role: 'company' });
      return (await account.call(invoicesContract.summary)).body;
    };
  });

  describe('browser-test endpoints', () => {
    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, payload, headers: { 'sec-fetch-site': 'same-origin' } });

    it('run the invoice run and the overdue sweep on demand', async () => {
      const owner = await newCompany('On Demand Inc');
      const week = await newWeek(
        await newAssignment({ companyId: owner, rateCents: 4000 }),
        '2026-11-22',
        [0, 60, 0, 0, 0, 0, 0],
      );
      // The current week, as a journey logs it.
      const issued = await post('/api/testing/billing/issue-invoices', {
        period_start: '2026-11-22',
        today: '2026-11-24',
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const body = issued.json();
      expect(body.period_start).toBe('2026-11-22');
      const invoice = body.items.find((item: Invoice) => item.company_id === owner);
      expect(invoice).toMatchObject({ company_name: 'On Demand Inc', status: 'pending', due_date: '2026-12-08' });
      expect(await invoiceIdOfTimesheet(week)).toBe(invoice.id);

      const swept = await post('/api/testing/billing/mark-overdue', { today: '2026-12-09' });
      expect(swept.statusCode).toBe(200);
      expect(swept.json().marked_ids).toContain(invoice.id);
      const [row] = await db()
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.id, invoice.id)));
      expect(row?.status).toBe('overdue');

      const refused = await post('/api/testing/billing/issue-invoices', { period_start: '2026-11-23' });
      expect(refused.statusCode).toBe(400);
    });
  });
});
