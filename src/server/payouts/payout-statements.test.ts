import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  assignments,
  companies,
  invoices,
  milestones,
  payoutParts,
  payoutRuns,
  payouts,
  platformSettings,
  timesheets,
  users,
} from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { AppError } from '../platform/errors';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { renderPayoutStatement } from './payout-statement';
import { renderYearlySummaryCsv, renderYearlySummaryPdf } from './yearly-summary';

type Database = TestApp['database']['db'];

// The ledger's moves of one earning, as the features post them: earned (pending), then available.
async function earn(
  db: Database,
  {
    applicantId,
    earning,
    cents,
    earnedAt,
    availableAt,
  }: {
    applicantId: string;
    earning: { timesheetId: string } | { milestoneId: string };
    cents: number;
    earnedAt: string;
    availableAt?: string;
  },
) {
  const id = 'timesheetId' in earning ? earning.timesheetId : earning.milestoneId;
  const talent = { applicantId, ...earning };
  await postTransaction({
    currency: 'USD',
    db,
    key: `test-earned:${id}`,
    kind: 'timesheetId' in earning ? 'work_approved' : 'milestone_released',
    refs: talent,
    occurredAt: new Date(earnedAt),
    lines: [
      { account: 'company_receivable', amountCents: cents },
      { account: 'talent_pending', amountCents: -cents, ...talent },
    ],
  });
  if (availableAt) await moveEarning(db, { talent, cents, at: availableAt, kind: 'earnings_available' });
}

// Pending → available, or (a refund) available → pending.
async function moveEarning(
  db: Database,
  {
    talent,
    cents,
    at,
    kind,
  }: {
    talent: { applicantId: string; timesheetId?: string; milestoneId?: string };
    cents: number;
    at: string;
    kind: 'earnings_available' | 'earnings_reclaimed';
  },
) {
  const sign = kind === 'earnings_available' ? 1 : -1;
  await postTransaction({
    currency: 'USD',
    db,
    key: `test-${kind}:${talent.timesheetId ?? talent.milestoneId}:${at}`,
    kind,
    refs: talent,
    occurredAt: new Date(at),
    lines: [
      { account: 'talent_pending', amountCents: sign * cents, ...talent },
      { account: 'talent_available', amountCents: -sign * cents, ...talent },
    ],
  });
}

// A payout of a run, sent (available → in transit) and, if paidAt is given, paid.
async function sendPayout(
  db: Database,
  given: {
    applicantId: string;
    cents: number;
    sentAt: string;
    paidAt?: string;
    methodLabel: string;
    reference: string;
  },
) {
  const [run] = await db
    .insert(payoutRuns)
    .values({ scheduledFor: given.sentAt.slice(0, 10), status: 'completed' })
    .returning();
  const [payout] = await db
    .insert(payouts)
    .values({
      runId: run?.id ?? '',
      applicantId: given.applicantId,
      amountCents: given.cents,
      status: given.paidAt ? 'paid' : 'sent',
      provider: 'bank_file',
      methodLabel: given.methodLabel,
      reference: given.reference,
      sentAt: new Date(given.sentAt),
      paidAt: given.paidAt ? new Date(given.paidAt) : null,
    })
    .returning();
  if (!payout) throw new Error('The payout was not inserted.');
  // One part in its own currency, as approval writes a payout of dollars earned in dollars.
  await db
    .insert(payoutParts)
    .values({ payoutId: payout.id, sourceCurrency: 'USD', sourceCents: given.cents, amountCents: given.cents });
  const refs = { applicantId: given.applicantId, payoutId: payout.id };
  await postTransaction({
    currency: 'USD',
    db,
    key: `test-payout-sent:${payout.id}`,
    kind: 'payout_sent',
    refs,
    occurredAt: new Date(given.sentAt),
    lines: [
      { account: 'talent_available', amountCents: given.cents, applicantId: given.applicantId },
      { account: 'payouts_in_transit', amountCents: -given.cents, applicantId: given.applicantId },
    ],
  });
  if (given.paidAt) {
    await postTransaction({
      currency: 'USD',
      db,
      key: `test-payout-paid:${payout.id}`,
      kind: 'payout_paid',
      refs,
      occurredAt: new Date(given.paidAt),
      lines: [
        { account: 'payouts_in_transit', amountCents: given.cents, applicantId: given.applicantId },
        { account: 'paid_out', amountCents: -given.cents, applicantId: given.applicantId },
      ],
    });
  }
  return payout;
}

// The amounts at the ends of the statement's earnings lines, in cents.
function centsOfLines(text: string): number[] {
  const table = text.slice(text.indexOf('Week or milestone'), text.indexOf('Total paid out'));
  return [...table.matchAll(/(-?)\$([\d,]+)\.(\d\d)\s*$/gm)].map(
    ([, sign, whole = '', cents = '']) => (sign ? -1 : 1) * Number(whole.replaceAll(',', '') + cents),
  );
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

// The talent's payout statement and yearly summary (decision 036): which earnings a payout paid, adding
// up to it to the cent; earned by month and company, payouts paid, totals; only the talent's own.
describe('payout statements', () => {
  let testApp: TestApp;
  let talent: Account;
  let otherTalent: Account;
  let firstPayoutId: string;
  let secondPayoutId: string;
  let otherPayoutId: string;
  let cancelledPayoutId: string;
  // What the renaming test links to invoices and renames.
  let named: { harborId: string; northwindId: string; weekIds: string[]; milestoneId: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const harbor = await companyAccount(testApp, 'Harbor Goods');
    const northwind = await companyAccount(testApp, 'Northwind Labs');
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Ortiz' });
    otherTalent = await signedInAccount(testApp, { role: 'applicant' });
    const applicantId = talent.user.id;

    const hourly = await buildAssignment(db, {
      companyId: harbor.companyId,
      applicantId,
      role: 'Support Specialist',
      startDate: '2025-11-02',
    });
    const week = (weekStart: string) => buildTimesheet(db, { assignmentId: hourly.id, weekStart, status: 'approved' });
    const [weekA, weekB, weekC, weekD] = await Promise.all([
      week('2026-02-01'),
      week('2026-03-01'),
      week('2026-03-08'),
      week('2025-12-28'),
    ]);
    const [fixed] = await db
      .insert(assignments)
      .values({
        companyId: northwind.companyId,
        applicantId,
        role: 'Brand Designer',
        engagementType: 'fixed',
        startDate: '2026-02-01',
      })
      .returning();
    const [milestone] = await db
      .insert(milestones)
      .values({
        assignmentId: fixed?.id ?? '',
        position: 1,
        title: 'Logo design',
        description: '',
        amountCents: 120_000,
        dueDate: '2026-03-10',
      })
      .returning();
    if (!weekA || !weekB || !weekC || !weekD || !milestone) throw new Error('The work was not built.');

    // Week A is paid by the first payout. Then week B and the milestone become available; week C does
    // too but its invoice's payment is refunded; week A's refund takes back $500.00 already paid out.
    // Week D was approved on the last evening of 2025, so it counts in that year.
    await earn(db, {
      applicantId,
      earning: { timesheetId: weekA.id },
      cents: 50_000,
      earnedAt: '2026-02-06T12:00:00Z',
      availableAt: '2026-02-20T00:00:00Z',
    });
    const first = await sendPayout(db, {
      applicantId,
      cents: 50_000,
      sentAt: '2026-02-25T09:00:00Z',
      paidAt: '2026-02-27T10:00:00Z',
      methodLabel: 'Bank transfer · First Bank · ending in 4321',
      reference: 'BANK-0001',
    });
    await earn(db, {
      applicantId,
      earning: { timesheetId: weekB.id },
      cents: 64_000,
      earnedAt: '2026-03-06T12:00:00Z',
      availableAt: '2026-03-20T00:00:00Z',
    });
    await earn(db, {
      applicantId,
      earning: { milestoneId: milestone.id },
      cents: 120_000,
      earnedAt: '2026-03-10T12:00:00Z',
      availableAt: '2026-03-25T00:00:00Z',
    });
    await earn(db, {
      applicantId,
      earning: { timesheetId: weekC.id },
      cents: 30_000,
      earnedAt: '2026-03-13T12:00:00Z',
      availableAt: '2026-03-27T00:00:00Z',
    });
    await moveEarning(db, {
      talent: { applicantId, timesheetId: weekC.id },
      cents: 30_000,
      at: '2026-03-29T00:00:00Z',
      kind: 'earnings_reclaimed',
    });
    await moveEarning(db, {
      talent: { applicantId, timesheetId: weekA.id },
      cents: 50_000,
      at: '2026-03-22T00:00:00Z',
      kind: 'earnings_reclaimed',
    });
    await earn(db, {
      applicantId,
      earning: { timesheetId: weekD.id },
      cents: 10_000,
      earnedAt: '2025-12-31T23:30:00Z',
    });
    const second = await sendPayout(db, {
      applicantId,
      cents: 134_000,
      sentAt: '2026-04-01T09:00:00Z',
      paidAt: '2026-04-03T10:00:00Z',
      methodLabel: 'Wise · l***@example.com',
      reference: 'WISE-778812',
    });
    // A run's line cancelled before it was sent: no statement.
    const [laterRun] = await db.insert(payoutRuns).values({ scheduledFor: '2026-05-01' }).returning();
    const [cancelled] = await db
      .insert(payouts)
      .values({ runId: laterRun?.id ?? '', applicantId, amountCents: 900, status: 'cancelled' })
      .returning();
    const other = await sendPayout(db, {
      applicantId: otherTalent.user.id,
      cents: 7_500,
      sentAt: '2026-04-01T09:00:00Z',
      methodLabel: 'PayPal · o***@example.com',
      reference: 'PP-1',
    });
    named = {
      harborId: harbor.companyId,
      northwindId: northwind.companyId,
      weekIds: [weekA.id, weekB.id, weekC.id, weekD.id],
      milestoneId: milestone.id,
    };
    firstPayoutId = first.id;
    secondPayoutId = second.id;
    otherPayoutId = other.id;
    cancelledPayoutId = cancelled?.id ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  it('states a payout: the talent, the payout’s facts and the earnings it paid, adding up to its amount', async () => {
    const { fileName, pdf } = await renderPayoutStatement({
      db: db(),
      applicantId: talent.user.id,
      payoutId: secondPayoutId,
    });
    expect(fileName).toBe(`tandem-payout-${secondPayoutId.slice(0, 8)}.pdf`);
    const text = await pdfText(pdf);
    for (const expected of [
      'Payout statement',
      'Lena Ortiz',
      talent.user.email,
      secondPayoutId,
      'Wise · l***@example.com',
      'WISE-778812',
      'Amounts are in US dollars; any conversion to your currency is made by your bank or wallet',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Date sent\s+Apr 1, 2026/);
    expect(text).toMatch(/Status\s+Paid/);
    expect(text).toMatch(/Amount\s+\$1,340\.00/);
    // What was available before it went: all of it, $1,340.00.
    expect(text).toMatch(/Balance available before\s+\$1,340\.00/);
    // Week B and the milestone became available since the first payout; week C did too but was taken
    // back; week A's refund reduced the balance by $500.00, the carried line.
    expect(text).toMatch(/Harbor Goods\s+Support Specialist\s+Week of Mar 1, 2026\s+\$640\.00/);
    expect(text).toMatch(/Northwind Labs\s+Brand Designer\s+Milestone: Logo design\s+\$1,200\.00/);
    expect(text).toMatch(/Earlier balance carried\s+-\$500\.00/);
    expect(text).not.toContain('Mar 8, 2026');
    expect(text).toMatch(/Total paid out\s+\$1,340\.00/);
    const lines = centsOfLines(text);
    expect(lines).toEqual([64_000, 120_000, -50_000]);
    expect(lines.reduce((sum, cents) => sum + cents, 0)).toBe(134_000);
  });

  it('states the first payout with the earning it paid and no carried line', async () => {
    const { pdf } = await renderPayoutStatement({ db: db(), applicantId: talent.user.id, payoutId: firstPayoutId });
    const text = await pdfText(pdf);
    expect(text).toMatch(/Harbor Goods\s+Support Specialist\s+Week of Feb 1, 2026\s+\$500\.00/);
    expect(text).not.toContain('Earlier balance carried');
    expect(centsOfLines(text)).toEqual([50_000]);
    expect(text).toMatch(/Total paid out\s+\$500\.00/);
  });

  it('finds no statement for another talent’s payout, one never sent, or a malformed id', async () => {
    for (const payoutId of [otherPayoutId, cancelledPayoutId, 'not-a-payout']) {
      const error = await rejection(renderPayoutStatement({ db: db(), applicantId: talent.user.id, payoutId }));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'not_found', message: 'There is no statement for this payout.' });
    }
    const error = await rejection(
      renderPayoutStatement({ db: db(), applicantId: otherTalent.user.id, payoutId: secondPayoutId }),
    );
    expect(error).toMatchObject({ code: 'not_found' });
  });

  // Read back by a parser nobody here wrote, strict: one header, every record as wide, quotes as RFC 4180.
  const csvRecords = (csv: string) =>
    z.array(z.record(z.string(), z.string())).parse(
      parse(csv, {
        bom: true,
        columns: true,
        relax_column_count: false,
        skip_empty_lines: false,
        record_delimiter: '\r\n',
      }),
    );

  // The conversion columns, empty on every row that is not a conversion.
  const noConversion = {
    'Date converted': '',
    'Converted from': '',
    'From currency': '',
    Rate: '',
    'Rate date': '',
    'Rate source': '',
    'FX margin': '',
    'FX margin %': '',
  };

  it('sums the year’s earnings by month and company, lists the payouts paid and the totals, as one CSV table', async () => {
    const { fileName, csv } = await renderYearlySummaryCsv({ db: db(), applicantId: talent.user.id, year: 2026 });
    expect(fileName).toBe('tandem-earnings-2026.csv');
    const none = { Month: '', Company: '', 'Date paid': '', Method: '', Reference: '', ...noConversion };
    expect(csvRecords(csv)).toEqual([
      { ...none, Kind: 'Earned by month', Month: '2026-02', Amount: '500.00', Currency: 'USD' },
      // Week B, the milestone and week C (earned, whatever happened to it afterwards).
      { ...none, Kind: 'Earned by month', Month: '2026-03', Amount: '2140.00', Currency: 'USD' },
      { ...none, Kind: 'Earned by company', Company: 'Harbor Goods', Amount: '1440.00', Currency: 'USD' },
      { ...none, Kind: 'Earned by company', Company: 'Northwind Labs', Amount: '1200.00', Currency: 'USD' },
      {
        ...none,
        Kind: 'Payout paid',
        'Date paid': '2026-02-27',
        Amount: '500.00',
        Currency: 'USD',
        Method: 'Bank transfer · First Bank · ending in 4321',
        Reference: 'BANK-0001',
      },
      {
        ...none,
        Kind: 'Payout paid',
        'Date paid': '2026-04-03',
        Amount: '1340.00',
        Currency: 'USD',
        Method: 'Wise · l***@example.com',
        Reference: 'WISE-778812',
      },
      // The tax form in force (issue 56): none signed.
      { ...none, Kind: 'Tax form on file', Amount: '', Currency: '', Reference: 'None on file' },
      { ...none, Kind: 'Total earned', Amount: '2640.00', Currency: 'USD' },
      { ...none, Kind: 'Total paid out', Amount: '1840.00', Currency: 'USD' },
      { ...none, Kind: 'Total refunded back', Amount: '800.00', Currency: 'USD' },
    ]);
    // The months and the companies each add up to the total earned.
    const records = csvRecords(csv);
    const sum = (kind: string) =>
      records
        .filter((row) => row.Kind === kind)
        .reduce((total, row) => total + Math.round(Number(row.Amount) * 100), 0);
    expect(sum('Earned by month')).toBe(264_000);
    expect(sum('Earned by company')).toBe(264_000);
    expect(sum('Payout paid')).toBe(184_000);
  });

  it('counts an earning in the UTC year it was made', async () => {
    const { csv } = await renderYearlySummaryCsv({ db: db(), applicantId: talent.user.id, year: 2025 });
    const records = csvRecords(csv);
    expect(records.filter((row) => row.Kind === 'Earned by month')).toEqual([
      expect.objectContaining({ Month: '2025-12', Amount: '100.00', Currency: 'USD' }),
    ]);
    // No payout was paid in 2025: no payout row, and its total is nothing.
    expect(records.filter((row) => row.Kind === 'Payout paid')).toEqual([]);
    expect(records.find((row) => row.Kind === 'Total paid out')?.Amount).toBe('0.00');
  });

  it('summarises the year as a PDF', async () => {
    const { fileName, pdf } = await renderYearlySummaryPdf({ db: db(), applicantId: talent.user.id, year: 2026 });
    expect(fileName).toBe('tandem-earnings-2026.pdf');
    const text = await pdfText(pdf);
    expect(text).toContain('Earnings and payouts 2026');
    expect(text).toMatch(/February 2026\s+\$500\.00/);
    expect(text).toMatch(/March 2026\s+\$2,140\.00/);
    expect(text).toMatch(/Harbor Goods\s+\$1,440\.00/);
    expect(text).toMatch(/Apr 3, 2026\s+Wise · l\*\*\*@example\.com\s+WISE-778812\s+\$1,340\.00/);
    expect(text).toMatch(/Earned\s+\$2,640\.00/);
    expect(text).toMatch(/Paid out\s+\$1,840\.00/);
    expect(text).toMatch(/Refunded back\s+\$800\.00/);
  });

  it('gives a file for a year with nothing, saying so', async () => {
    const options = { db: db(), applicantId: talent.user.id, year: 2019 };
    const { csv } = await renderYearlySummaryCsv(options);
    // Only the tax form and the totals, each nothing: the table has no earning and no payout row to show.
    expect(csvRecords(csv).map((row) => [row.Kind, row.Amount])).toEqual([
      ['Tax form on file', ''],
      ['Total earned', '0.00'],
      ['Total paid out', '0.00'],
      ['Total refunded back', '0.00'],
    ]);
    const { fileName, pdf } = await renderYearlySummaryPdf(options);
    expect(fileName).toBe('tandem-earnings-2019.pdf');
    const text = await pdfText(pdf);
    expect(text).toContain('No earnings in 2019.');
    expect(text).toContain('No payouts were paid in 2019.');
    expect(text).toMatch(/Tax form\s+None on file/);
  });

  // Decision 044: a statement names the talent and Tandem as they were when the payout was made, and each
  // company as its invoice named it; a year's summary names the talent as on its last payout.
  it('keeps the parties as they were: renaming the talent, the companies or the seller changes no byte', async () => {
    const invoiceOf = async (companyId: string, number: string, milestoneId: string | null = null) => {
      const [row] = await db()
        .insert(invoices)
        .values({
          invoiceNumber: number,
          companyId,
          periodStart: '2026-01-01',
          periodEnd: '2026-03-31',
          issueDate: '2026-04-01',
          dueDate: '2026-04-15',
          subtotalCents: 100,
          feeBasisPoints: 0,
          feeCents: 0,
          taxBasisPoints: 0,
          taxCents: 0,
          totalCents: 100,
          milestoneId,
        })
        .returning({ id: invoices.id });
      return row?.id ?? '';
    };
    const hourlyInvoice = await invoiceOf(named.harborId, 'INV-2026-990001');
    await db().update(timesheets).set({ invoiceId: hourlyInvoice }).where(inArray(timesheets.id, named.weekIds));
    await invoiceOf(named.northwindId, 'INV-2026-990002', named.milestoneId);

    const documents = async () => ({
      statement: (await renderPayoutStatement({ db: db(), applicantId: talent.user.id, payoutId: secondPayoutId })).pdf,
      csv: (await renderYearlySummaryCsv({ db: db(), applicantId: talent.user.id, year: 2026 })).csv,
      summary: await pdfText((await renderYearlySummaryPdf({ db: db(), applicantId: talent.user.id, year: 2026 })).pdf),
    });
    const before = await documents();
    const statementText = await pdfText(before.statement);
    expect(statementText).toMatch(/Paid by\s+Tandem/);
    expect(statementText).toMatch(/Paid to\s+Lena Ortiz/);
    expect(before.csv).toContain('Harbor Goods');

    await db().update(users).set({ name: 'Lena Ortiz-Vale' }).where(eq(users.id, talent.user.id));
    await db().update(companies).set({ name: 'Harbor Goods Global' }).where(eq(companies.id, named.harborId));
    await db().update(companies).set({ name: 'Northwind Renamed' }).where(eq(companies.id, named.northwindId));
    await db()
      .insert(platformSettings)
      .values({ key: 'invoice_seller', value: { legal_name: 'Tandem Europe B.V.', address: '', tax_id: '' } })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: { legal_name: 'Tandem Europe B.V.', address: '', tax_id: '' } },
      });

    const after = await documents();
    expect(after.statement.equals(before.statement)).toBe(true);
    expect(after.csv).toBe(before.csv);
    // The summary of a year still running is dated today; its text is the same.
    expect(after.summary).toBe(before.summary);
    expect(after.summary).toContain('Lena Ortiz');
    expect(after.summary).not.toContain('Lena Ortiz-Vale');
  });
});
