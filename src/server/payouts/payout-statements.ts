import { type SQL, sql } from 'drizzle-orm';
import { formatCents } from '~/shared/billing';
import { type PayoutStatus, payoutStatusLabels, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import { AppError } from '../platform/errors';
import { createPdf, type PdfWeight, type PdfWriter } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';

// The talent's papers about being paid (docs/decisions/036): a statement for one payout, saying which
// earnings it paid out, and a summary of a calendar year (UTC) — earned by month and by company, the
// payouts paid, and the totals — as CSV and PDF. Both read the ledger; tenancy is in every query, so
// another talent's payout is simply not found.

const MARGIN = 56;
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const USD_NOTE =
  'Amounts are in US dollars; any conversion to your currency is made by your bank or wallet and shows on its statement.';
const CARRIED_LABEL = 'Earlier balance carried';
const SENT_STATUSES = sql`('sent', 'paid', 'failed')`;
// The payout id comes from a URL: anything but a uuid is no payout, rather than a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const humanMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

// Cents as dollars with two decimals, by integer arithmetic: 123450 → '1234.50'.
const dollars = (cents: number) => {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------------------
// One payout's statement

interface StatementPayout {
  id: string;
  name: string;
  email: string;
  amount_cents: number;
  status: PayoutStatus;
  method_label: string | null;
  reference: string | null;
  failure_reason: string | null;
  sent_on: string;
  paid_on: string | null;
  available_before: string;
}

interface EarningLine {
  company_name: string | null;
  role: string | null;
  week_start: string | null;
  milestone_title: string | null;
  cents: string;
}

// The balance available before: the account up to the moment it was sent, less the payout's own move,
// which may be stamped a moment before or after sent_at.
async function findSentPayout(db: Database, applicantId: string, payoutId: string) {
  if (!UUID.test(payoutId)) return undefined;
  const [payout] = await selectRows<StatementPayout>(
    db,
    sql`select p.id, p.amount_cents, p.status, p.method_label, p.reference, p.failure_reason, u.name, u.email,
               to_char(p.sent_at at time zone 'UTC', 'YYYY-MM-DD') as sent_on,
               to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on,
               (select coalesce(-sum(e.amount_cents), 0)::bigint
                from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
                where e.applicant_id = p.applicant_id and e.account = 'talent_available'
                  and l.occurred_at <= p.sent_at and l.payout_id is distinct from p.id) as available_before
        from payouts p join users u on u.id = p.applicant_id
        where p.id = ${payoutId} and p.applicant_id = ${applicantId}
          and p.status in ${SENT_STATUSES} and p.sent_at is not null`,
  );
  return payout;
}

// The earnings that became available since the previous payout was sent, up to this one: each earning's
// net move (a reclaim in the same span cancels its move). An earning only taken back in the span (one
// paid out before) is left to the carried line, as the balance it reduced was.
function earningsPaidBy(db: Database, payoutId: string) {
  return selectRows<EarningLine>(
    db,
    sql`with span as (
          select t.applicant_id, t.sent_at as until,
                 (select max(p.sent_at) from payouts p
                  where p.applicant_id = t.applicant_id and p.id <> t.id and p.status in ${SENT_STATUSES}
                    and p.sent_at < t.sent_at) as since
          from payouts t where t.id = ${payoutId}
        ), became as (
          select e.timesheet_id, e.milestone_id, (-sum(e.amount_cents))::bigint as cents
          from ledger_entries e
          join ledger_transactions l on l.id = e.transaction_id
          join span s on s.applicant_id = e.applicant_id
          where e.account = 'talent_available' and l.kind in ('earnings_available', 'earnings_reclaimed')
            and (e.timesheet_id is not null or e.milestone_id is not null)
            and l.occurred_at <= s.until and (s.since is null or l.occurred_at > s.since)
          group by e.timesheet_id, e.milestone_id
          having sum(e.amount_cents) < 0
        )
        select b.cents, c.name as company_name, a.role, t.week_start::text as week_start, m.title as milestone_title
        from became b
        left join timesheets t on t.id = b.timesheet_id
        left join milestones m on m.id = b.milestone_id
        left join assignments a on a.id = coalesce(t.assignment_id, m.assignment_id)
        left join companies c on c.id = a.company_id
        order by c.name, t.week_start nulls last, m.title`,
  );
}

// The rows of the earnings table, plus the carried line that makes them add up to the payout to the cent.
function statementRows(payout: StatementPayout, earnings: EarningLine[]): string[][] {
  const rows = earnings.map((earning) => [
    earning.company_name ?? '—',
    earning.role ?? '—',
    earning.week_start ? `Week of ${humanDay(earning.week_start)}` : `Milestone: ${earning.milestone_title ?? '—'}`,
    formatCents(Number(earning.cents)),
  ]);
  const carried = payout.amount_cents - earnings.reduce((sum, earning) => sum + Number(earning.cents), 0);
  if (carried !== 0) rows.push([CARRIED_LABEL, '', '', formatCents(carried)]);
  return rows;
}

export async function renderPayoutStatement({
  db,
  applicantId,
  payoutId,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  payoutId: string;
  now?: Date;
}): Promise<{ fileName: string; pdf: Buffer }> {
  const payout = await findSentPayout(db, applicantId, payoutId);
  if (!payout) throw new AppError('not_found', payoutTexts.statementNotFound);
  const rows = statementRows(payout, await earningsPaidBy(db, payout.id));
  const shortId = payout.id.slice(0, 8);
  const pdf = await createPdf({ title: `Payout statement ${shortId}`, now, margin: MARGIN });
  drawTitle(pdf, 'Payout statement');
  drawFacts(pdf, [
    ['Paid to', payout.name],
    ['Email', payout.email],
    ['Payout', payout.id],
    ['Date sent', humanDay(payout.sent_on)],
    ['Status', payoutStatusLabels[payout.status]],
    ...(payout.paid_on ? [['Date paid', humanDay(payout.paid_on)] as [string, string]] : []),
    ...(payout.failure_reason ? [['Why it failed', payout.failure_reason] as [string, string]] : []),
    ['Method', payout.method_label ?? '—'],
    ['Reference', payout.reference ?? '—'],
    ['Amount', formatCents(payout.amount_cents)],
    ['Balance available before', formatCents(Number(payout.available_before))],
  ]);
  drawNote(pdf, USD_NOTE);
  drawSection(pdf, 'Earnings paid out');
  drawTable(pdf, earningColumns, rows);
  drawTotal(pdf, 'Total paid out', formatCents(payout.amount_cents));
  return { fileName: `tandem-payout-${shortId}.pdf`, pdf: await pdf.finish() };
}

// ---------------------------------------------------------------------------------------------------------
// A year's summary

export interface YearlySummary {
  year: number;
  talent: { name: string; email: string };
  months: Array<{ month: string; earnedCents: number }>;
  companies: Array<{ companyName: string; earnedCents: number }>;
  payouts: Array<{
    id: string;
    paidOn: string;
    amountCents: number;
    methodLabel: string | null;
    reference: string | null;
  }>;
  totals: { earnedCents: number; paidOutCents: number; refundedCents: number };
}

interface YearOptions {
  db: Database;
  applicantId: string;
  year: number;
}

const yearBounds = (year: number) => ({ from: `${year}-01-01T00:00:00Z`, to: `${year + 1}-01-01T00:00:00Z` });
const inYear = (column: SQL, year: number) => {
  const { from, to } = yearBounds(year);
  return sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`;
};

// Earned means credited to pending when the week was approved or the milestone released: what happened
// to the money afterwards (available, reclaimed, paid) does not change what was earned that month.
function earnedByMonthAndCompany(db: Database, applicantId: string, year: number) {
  return selectRows<{ month: string; company_name: string; cents: string }>(
    db,
    sql`select to_char(l.occurred_at at time zone 'UTC', 'YYYY-MM') as month,
               coalesce(c.name, 'A company no longer on Tandem') as company_name,
               (-sum(e.amount_cents))::bigint as cents
        from ledger_entries e
        join ledger_transactions l on l.id = e.transaction_id
        left join timesheets t on t.id = e.timesheet_id
        left join milestones m on m.id = e.milestone_id
        left join assignments a on a.id = coalesce(t.assignment_id, m.assignment_id)
        left join companies c on c.id = a.company_id
        where e.applicant_id = ${applicantId} and e.account = 'talent_pending'
          and l.kind in ('work_approved', 'milestone_released') and ${inYear(sql`l.occurred_at`, year)}
        group by 1, 2`,
  );
}

function payoutsPaidIn(db: Database, applicantId: string, year: number) {
  return selectRows<{
    id: string;
    paid_on: string;
    amount_cents: number;
    method_label: string | null;
    reference: string | null;
  }>(
    db,
    sql`select id, amount_cents, method_label, reference, to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on
        from payouts
        where applicant_id = ${applicantId} and status = 'paid' and ${inYear(sql`paid_at`, year)}
        order by paid_at, id`,
  );
}

async function refundedIn(db: Database, applicantId: string, year: number): Promise<number> {
  const [row] = await selectRows<{ cents: string }>(
    db,
    sql`select coalesce(sum(e.amount_cents), 0)::bigint as cents
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where e.applicant_id = ${applicantId} and e.account = 'talent_available'
          and l.kind = 'earnings_reclaimed' and ${inYear(sql`l.occurred_at`, year)}`,
  );
  return Number(row?.cents ?? 0);
}

// Sums by key, sorted by key (months in order, companies by name).
function sumBy<Row>(rows: Row[], keyOf: (row: Row) => string, centsOf: (row: Row) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + centsOf(row));
  return [...sums].sort(([a], [b]) => a.localeCompare(b));
}

export async function yearlySummaryRows({ db, applicantId, year }: YearOptions): Promise<YearlySummary> {
  const [[talent], earned, paid, refundedCents] = await Promise.all([
    selectRows<{ name: string; email: string }>(db, sql`select name, email from users where id = ${applicantId}`),
    earnedByMonthAndCompany(db, applicantId, year),
    payoutsPaidIn(db, applicantId, year),
    refundedIn(db, applicantId, year),
  ]);
  if (!talent) throw new AppError('not_found', payoutTexts.talentNotFound);
  const centsOf = (row: { cents: string }) => Number(row.cents);
  const months = sumBy(earned, (row) => row.month, centsOf).map(([month, earnedCents]) => ({ month, earnedCents }));
  const companies = sumBy(earned, (row) => row.company_name, centsOf).map(([companyName, earnedCents]) => ({
    companyName,
    earnedCents,
  }));
  const payouts = paid.map((row) => ({
    id: row.id,
    paidOn: row.paid_on,
    amountCents: Number(row.amount_cents),
    methodLabel: row.method_label,
    reference: row.reference,
  }));
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  return {
    year,
    talent,
    months,
    companies,
    payouts,
    totals: {
      earnedCents: total(months.map((month) => month.earnedCents)),
      paidOutCents: total(payouts.map((payout) => payout.amountCents)),
      refundedCents,
    },
  };
}

// The same sections in the CSV and the PDF; an empty section says so in a line of its own.
function yearSections(summary: YearlySummary) {
  const { year, totals } = summary;
  return {
    months: summary.months.map((row) => ({ label: row.month, cents: row.earnedCents })),
    companies: summary.companies.map((row) => ({ label: row.companyName, cents: row.earnedCents })),
    totals: [
      { label: 'Earned', cents: totals.earnedCents },
      { label: 'Paid out', cents: totals.paidOutCents },
      { label: 'Refunded back', cents: totals.refundedCents },
    ],
    noEarnings: `No earnings in ${year}.`,
    noPayouts: `No payouts were paid in ${year}.`,
  };
}

export async function renderYearlySummaryCsv(options: YearOptions): Promise<{ fileName: string; csv: string }> {
  const summary = await yearlySummaryRows(options);
  const sections = yearSections(summary);
  const amountRows = (rows: Array<{ label: string; cents: number }>, empty: string): CsvCell[][] =>
    rows.length > 0 ? rows.map((row) => [row.label, dollars(row.cents), 'USD']) : [[empty]];
  const payoutRows: CsvCell[][] =
    summary.payouts.length > 0
      ? summary.payouts.map((row) => [row.paidOn, dollars(row.amountCents), 'USD', row.methodLabel, row.reference])
      : [[sections.noPayouts]];
  const csv = buildCsv([
    ['Month', 'Earned', 'Currency'],
    ...amountRows(sections.months, sections.noEarnings),
    [],
    ['Company', 'Earned', 'Currency'],
    ...amountRows(sections.companies, sections.noEarnings),
    [],
    ['Date paid', 'Amount', 'Currency', 'Method', 'Reference'],
    ...payoutRows,
    [],
    ['Total', 'Amount', 'Currency'],
    ...amountRows(sections.totals, ''),
  ]);
  return { fileName: `tandem-earnings-${summary.year}.csv`, csv };
}

export async function renderYearlySummaryPdf({
  now = new Date(),
  ...options
}: YearOptions & { now?: Date }): Promise<{ fileName: string; pdf: Buffer }> {
  const summary = await yearlySummaryRows(options);
  const sections = yearSections(summary);
  const pdf = await createPdf({ title: `Earnings ${summary.year}`, now, margin: MARGIN });
  drawTitle(pdf, `Earnings and payouts ${summary.year}`);
  drawFacts(pdf, [
    ['Talent', summary.talent.name],
    ['Email', summary.talent.email],
    ['Year', `${summary.year} (UTC)`],
    ...sections.totals.map((row): [string, string] => [row.label, formatCents(row.cents)]),
  ]);
  drawNote(
    pdf,
    `${USD_NOTE} Refunded back is for information: earnings taken back when a company’s payment was refunded.`,
  );
  const amountRows = (rows: Array<{ label: string; cents: number }>) =>
    rows.map((row) => [row.label, formatCents(row.cents)]);
  drawSection(pdf, 'Earned by month');
  drawTable(
    pdf,
    labelAmountColumns('Month'),
    amountRows(sections.months.map((row) => ({ ...row, label: humanMonth(row.label) }))),
    sections.noEarnings,
  );
  drawSection(pdf, 'Earned by company');
  drawTable(pdf, labelAmountColumns('Company'), amountRows(sections.companies), sections.noEarnings);
  drawSection(pdf, 'Payouts paid');
  const payoutRows = summary.payouts.map((row) => [
    humanDay(row.paidOn),
    row.methodLabel ?? '—',
    row.reference ?? '—',
    formatCents(row.amountCents),
  ]);
  drawTable(pdf, payoutColumns, payoutRows, sections.noPayouts);
  return { fileName: `tandem-earnings-${summary.year}.pdf`, pdf: await pdf.finish() };
}

// ---------------------------------------------------------------------------------------------------------
// Drawing, in the invoices' layout (billing/render-invoice-pdf.ts)

interface Column {
  label: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

// Offsets from the left margin on an A4 page (483 pt between the margins); amounts as wide as "$100,000.00".
const earningColumns: Column[] = [
  { label: 'Company', x: 0, width: 115, align: 'left' },
  { label: 'Role', x: 125, width: 105, align: 'left' },
  { label: 'Week or milestone', x: 240, width: 153, align: 'left' },
  { label: 'Amount', x: 403, width: 80, align: 'right' },
];
const labelAmountColumns = (label: string): Column[] => [
  { label, x: 0, width: 393, align: 'left' },
  { label: 'Earned', x: 403, width: 80, align: 'right' },
];
const payoutColumns: Column[] = [
  { label: 'Date paid', x: 0, width: 70, align: 'left' },
  { label: 'Method', x: 80, width: 215, align: 'left' },
  { label: 'Reference', x: 305, width: 90, align: 'left' },
  { label: 'Amount', x: 403, width: 80, align: 'right' },
];

// As wide as the longest label, "Balance available before" (Noto Sans at 10 pt: 120 pt).
const FACT_LABEL_WIDTH = 130;
const contentWidth = (pdf: PdfWriter) => pdf.document.page.width - 2 * MARGIN;

function drawTitle(pdf: PdfWriter, title: string) {
  pdf.document.fillColor('black').fontSize(20);
  pdf.text(title, MARGIN, undefined, { weight: 'bold' });
  pdf.document.fontSize(11).fillColor(MUTED);
  pdf.text('Tandem');
  pdf.document.moveDown(1.2);
}

function drawFacts(pdf: PdfWriter, facts: Array<[string, string]>) {
  const { document } = pdf;
  const width = contentWidth(pdf);
  for (const [label, value] of facts) {
    const y = document.y;
    document.fillColor(MUTED).fontSize(10);
    pdf.text(label, MARGIN, y, { width: FACT_LABEL_WIDTH });
    document.fillColor('black');
    pdf.text(value, MARGIN + FACT_LABEL_WIDTH, y, { width: width - FACT_LABEL_WIDTH, weight: 'bold' });
    document.moveDown(0.3);
  }
  document.moveDown(0.6);
}

function drawNote(pdf: PdfWriter, note: string) {
  pdf.document.fillColor(MUTED).fontSize(9);
  pdf.text(note, MARGIN, undefined, { width: contentWidth(pdf) });
  pdf.document.moveDown(1.2);
}

function drawSection(pdf: PdfWriter, title: string) {
  if (pdf.document.y > pdf.document.page.height - MARGIN - 100) pdf.document.addPage();
  pdf.document.fillColor('black').fontSize(12);
  pdf.text(title, MARGIN, undefined, { weight: 'bold' });
  pdf.document.moveDown(0.4);
}

function drawRule(pdf: PdfWriter) {
  const { document } = pdf;
  document
    .moveTo(MARGIN, document.y)
    .lineTo(MARGIN + contentWidth(pdf), document.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  document.y += 4;
}

function drawRow(pdf: PdfWriter, columns: Column[], cells: string[], weight: PdfWeight) {
  const { document } = pdf;
  // A long table continues on a new page rather than splitting a row across two.
  if (document.y > document.page.height - MARGIN - 60) document.addPage();
  const y = document.y;
  let bottom = y;
  document.fontSize(10).fillColor('black');
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    pdf.text(cell, MARGIN + column.x, y, { width: column.width, align: column.align, weight });
    bottom = Math.max(bottom, document.y);
  });
  document.y = bottom + 4;
}

function drawTable(pdf: PdfWriter, columns: Column[], rows: string[][], empty?: string) {
  drawRow(
    pdf,
    columns,
    columns.map((column) => column.label),
    'bold',
  );
  drawRule(pdf);
  if (rows.length === 0 && empty)
    drawRow(pdf, [{ label: '', x: 0, width: contentWidth(pdf), align: 'left' }], [empty], 'regular');
  for (const row of rows) drawRow(pdf, columns, row, 'regular');
  drawRule(pdf);
  pdf.document.moveDown(1);
}

function drawTotal(pdf: PdfWriter, label: string, amount: string) {
  const { document } = pdf;
  const width = contentWidth(pdf);
  const y = document.y;
  document.fontSize(12).fillColor('black');
  pdf.text(label, MARGIN + width - 230, y, { width: 145, align: 'right', weight: 'bold' });
  pdf.text(amount, MARGIN + width - 80, y, { width: 80, align: 'right', weight: 'bold' });
}
