import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '~/shared/billing';
import { payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';
import { AppError } from '../platform/errors';
import { createPdf } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { companyAsInvoiced } from './company-as-invoiced';
import {
  type Column,
  dollars,
  drawFacts,
  drawNote,
  drawSection,
  drawTable,
  drawTitle,
  MARGIN,
  USD_NOTE,
} from './statement-drawing';

// A calendar year (UTC) of the talent's money (docs/decisions/036), for their tax filing: earned by month
// and by company, the payouts paid, and the totals — as CSV and PDF, read from the ledger.

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const humanMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

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
  return selectRows(
    db,
    z.object({ month: z.string(), company_name: z.string(), cents: integerColumn }),
    sql`select to_char(l.occurred_at at time zone 'UTC', 'YYYY-MM') as month,
               coalesce(${companyAsInvoiced}, 'A company no longer on Tandem') as company_name,
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
  return selectRows(
    db,
    z.object({
      id: uuidColumn,
      paid_on: z.string(),
      amount_cents: integerColumn,
      method_label: z.string().nullable(),
      reference: z.string().nullable(),
    }),
    sql`select id, amount_cents, method_label, reference, to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on
        from payouts
        where applicant_id = ${applicantId} and status = 'paid' and ${inYear(sql`paid_at`, year)}
        order by paid_at, id`,
  );
}

async function refundedIn(db: Database, applicantId: string, year: number): Promise<number> {
  const [row] = await selectRows(
    db,
    z.object({ cents: integerColumn }),
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
    selectRows(
      db,
      z.object({ name: z.string(), email: z.string() }),
      // Named as on the year's last payout (decision 044): a rename afterwards changes no summary of a year
      // paid out; a year with no payout names the talent as they are now.
      sql`select coalesce(p.paid_to_name, u.name) as name, coalesce(p.paid_to_email, u.email) as email
          from users u
          left join lateral (
            select paid_to_name, paid_to_email from payouts
            where applicant_id = u.id and status = 'paid' and ${inYear(sql`paid_at`, year)}
            order by paid_at desc, id desc limit 1
          ) p on true
          where u.id = ${applicantId}`,
    ),
    earnedByMonthAndCompany(db, applicantId, year),
    payoutsPaidIn(db, applicantId, year),
    refundedIn(db, applicantId, year),
  ]);
  if (!talent) throw new AppError('not_found', payoutTexts.talentNotFound);
  const centsOf = (row: { cents: number }) => row.cents;
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

// The same sections in the CSV and the PDF; in the PDF an empty section says so in a line of its own.
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

// One table an accountant's tools import (RFC 4180, one header): each row says what it is, and carries
// the columns that apply to it. An empty section has no rows; its total says 0.00.
const CSV_HEADER = ['Kind', 'Month', 'Company', 'Date paid', 'Amount', 'Currency', 'Method', 'Reference'];

export async function renderYearlySummaryCsv(options: YearOptions): Promise<{ fileName: string; csv: string }> {
  const summary = await yearlySummaryRows(options);
  const sections = yearSections(summary);
  const csv = buildCsv([
    CSV_HEADER,
    ...sections.months.map((row) => ['Earned by month', row.label, '', '', dollars(row.cents), 'USD', '', '']),
    ...sections.companies.map((row) => ['Earned by company', '', row.label, '', dollars(row.cents), 'USD', '', '']),
    ...summary.payouts.map((row) => [
      'Payout paid',
      '',
      '',
      row.paidOn,
      dollars(row.amountCents),
      'USD',
      row.methodLabel,
      row.reference,
    ]),
    ...sections.totals.map((row) => [
      `Total ${row.label.toLowerCase()}`,
      '',
      '',
      '',
      dollars(row.cents),
      'USD',
      '',
      '',
    ]),
  ]);
  return { fileName: `tandem-earnings-${summary.year}.csv`, csv };
}

export async function renderYearlySummaryPdf({
  now = new Date(),
  ...options
}: YearOptions & { now?: Date }): Promise<{ fileName: string; pdf: Buffer }> {
  const summary = await yearlySummaryRows(options);
  const sections = yearSections(summary);
  // A year that is over is dated by its end, so its summary is the same file whenever it is downloaded.
  const yearEnd = new Date(yearBounds(summary.year).to);
  const pdf = await createPdf({
    title: `Earnings ${summary.year}`,
    now: now < yearEnd ? now : yearEnd,
    margin: MARGIN,
  });
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
