import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, DEFAULT_CURRENCY, minorUnitsOf } from '~/shared/currencies';
import { formatMoney, minorToDecimal } from '~/shared/money-format';
import {
  basisPointsPercent,
  payoutTexts,
  rateOriginText,
  rateSourceWords,
  rateText,
  type TalentPayoutPart,
} from '~/shared/payouts';
import { type TaxFormKind, taxFormKindLabels, taxFormKinds } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';
import { AppError } from '../platform/errors';
import { createPdf } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { companyAsInvoiced } from './company-as-invoiced';
import { currencyColumn, partColumns, partOf } from './find-payout-parts';
import {
  type Amount,
  amountsText,
  type Column,
  currencyName,
  drawFacts,
  drawNote,
  drawSection,
  drawTable,
  drawTitle,
  MARGIN,
  oneCurrencyNote,
} from './statement-drawing';

// A calendar year (UTC) of the talent's money (docs/decisions/036), for their tax filing: earned by month
// and by company, the payouts paid, the conversions between them, and the totals — as CSV and PDF, read from
// the ledger. Amounts are never added across currencies (decision 051): earnings are in the currency each
// company paid in, payouts in the one the talent is paid in, and each total is per currency.

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const humanMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

const labelAmountColumns = (label: string): Column[] => [
  { label, x: 0, width: 378, align: 'left' },
  { label: 'Earned', x: 388, width: 95, align: 'right' },
];
const payoutColumns: Column[] = [
  { label: 'Date paid', x: 0, width: 70, align: 'left' },
  { label: 'Method', x: 80, width: 200, align: 'left' },
  { label: 'Reference', x: 290, width: 90, align: 'left' },
  { label: 'Amount', x: 388, width: 95, align: 'right' },
];
// A conversion's rate and margin take two lines each: the rate, then its source and day; the margin, then
// its percentage. The rate as wide as "1 GBP = 31234.5678901234 VND" (ten decimals).
const conversionColumns: Column[] = [
  { label: 'Converted', x: 0, width: 66, align: 'left' },
  { label: 'From', x: 70, width: 72, align: 'right' },
  { label: 'Rate', x: 152, width: 158, align: 'left' },
  { label: 'To', x: 312, width: 80, align: 'right' },
  { label: 'FX margin', x: 398, width: 85, align: 'right' },
];

export interface YearlySummary {
  year: number;
  talent: { name: string; email: string };
  months: Array<{ month: string; currency: Currency; earnedCents: number }>;
  companies: Array<{ companyName: string; currency: Currency; earnedCents: number }>;
  payouts: Array<{
    id: string;
    paidOn: string;
    currency: Currency;
    amountCents: number;
    methodLabel: string | null;
    reference: string | null;
  }>;
  // The parts of the year's payouts that were converted: from the currency earned in to the payout's.
  conversions: Array<{ payoutId: string; convertedOn: string; paidOn: string; to: Currency; part: TalentPayoutPart }>;
  // Per currency, in code order; a total with nothing in it is one zero.
  totals: { earned: Amount[]; paidOut: Amount[]; refunded: Amount[] };
  // The tax form in force (issue 56), and the year's Form 1099-NEC where Tandem issued one (decision 055).
  taxForm: { kind: TaxFormKind; signedOn: string; validUntil: string | null } | null;
  necForm: { box1Cents: number; corrected: boolean; issuedOn: string } | null;
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
    z.object({ month: z.string(), company_name: z.string(), currency: currencyColumn, cents: integerColumn }),
    sql`select to_char(l.occurred_at at time zone 'UTC', 'YYYY-MM') as month,
               coalesce(${companyAsInvoiced}, 'A company no longer on Tandem') as company_name,
               e.currency, (-sum(e.amount_cents))::bigint as cents
        from ledger_entries e
        join ledger_transactions l on l.id = e.transaction_id
        left join timesheets t on t.id = e.timesheet_id
        left join milestones m on m.id = e.milestone_id
        left join assignments a on a.id = coalesce(t.assignment_id, m.assignment_id)
        left join companies c on c.id = a.company_id
        where e.applicant_id = ${applicantId} and e.account = 'talent_pending'
          and l.kind in ('work_approved', 'milestone_released') and ${inYear(sql`l.occurred_at`, year)}
        group by 1, 2, 3`,
  );
}

function payoutsPaidIn(db: Database, applicantId: string, year: number) {
  return selectRows(
    db,
    z.object({
      id: uuidColumn,
      paid_on: z.string(),
      amount_cents: integerColumn,
      currency: currencyColumn,
      method_label: z.string().nullable(),
      reference: z.string().nullable(),
    }),
    sql`select id, amount_cents, currency, method_label, reference,
               to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on
        from payouts
        where applicant_id = ${applicantId} and status = 'paid' and ${inYear(sql`paid_at`, year)}
        order by paid_at, id`,
  );
}

// The converted parts of the payouts paid in the year, dated by the day the payout was sent: approval
// locked the rate and the ledger posted the conversion then.
function conversionsPaidIn(db: Database, applicantId: string, year: number) {
  return selectRows(
    db,
    z.object({
      payout_id: uuidColumn,
      converted_on: z.string(),
      paid_on: z.string(),
      to_currency: currencyColumn,
      source_currency: currencyColumn,
      source_cents: integerColumn,
      amount_cents: integerColumn,
      margin_cents: integerColumn,
      margin_basis_points: integerColumn,
      rate: z.string().nullable(),
      rate_date: z.string().nullable(),
      rate_source: z.enum(['ecb', 'file', 'manual']).nullable(),
    }),
    sql`select p.id as payout_id, to_char(p.sent_at at time zone 'UTC', 'YYYY-MM-DD') as converted_on,
               to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on, p.currency as to_currency,
               ${partColumns}
        from payouts p join payout_parts pp on pp.payout_id = p.id
        where p.applicant_id = ${applicantId} and p.status = 'paid' and ${inYear(sql`p.paid_at`, year)}
          and pp.rate is not null
        order by p.paid_at, p.id, pp.source_currency`,
  );
}

function taxFormsOf(db: Database, applicantId: string, year: number) {
  return selectRows(
    db,
    z.object({
      kind: z.enum(taxFormKinds),
      signed_on: z.string(),
      valid_until: z.string().nullable(),
      nec_box1_cents: integerColumn.nullable(),
      nec_corrected: z.boolean().nullable(),
      nec_issued_on: z.string().nullable(),
    }),
    sql`select f.kind, to_char(f.signed_at at time zone 'UTC', 'YYYY-MM-DD') as signed_on,
               to_char((f.expires_at at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD') as valid_until,
               n.box1_cents as nec_box1_cents, n.corrected as nec_corrected,
               to_char(n.issued_at at time zone 'UTC', 'YYYY-MM-DD') as nec_issued_on
        from tax_forms f
        left join nec_forms n on n.applicant_id = f.applicant_id and n.tax_year = ${year} and n.status = 'issued'
        where f.applicant_id = ${applicantId} and f.status = 'active'`,
  );
}

function refundedIn(db: Database, applicantId: string, year: number) {
  return selectRows(
    db,
    z.object({ currency: currencyColumn, cents: integerColumn }),
    sql`select e.currency, sum(e.amount_cents)::bigint as cents
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where e.applicant_id = ${applicantId} and e.account = 'talent_available'
          and l.kind = 'earnings_reclaimed' and ${inYear(sql`l.occurred_at`, year)}
        group by e.currency
        order by e.currency`,
  );
}

// Sums by label and currency, sorted by currency, then label (months in order, companies by name).
function sumByCurrency<Row extends { currency: Currency; cents: number }>(rows: Row[], labelOf: (row: Row) => string) {
  const sums = new Map<string, { label: string; currency: Currency; cents: number }>();
  for (const row of rows) {
    const key = `${row.currency} ${labelOf(row)}`;
    const sum = sums.get(key) ?? { label: labelOf(row), currency: row.currency, cents: 0 };
    sum.cents += row.cents;
    sums.set(key, sum);
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([, sum]) => sum);
}

// Per currency, in code order; nothing at all is a zero in `fallback`, so a total always says something.
function totalsByCurrency(rows: readonly Amount[], fallback: Currency): Amount[] {
  const sums = new Map<Currency, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.cents);
  const totals = [...sums]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => ({ currency, cents }));
  return totals.length > 0 ? totals : [{ currency: fallback, cents: 0 }];
}

export async function yearlySummaryRows({ db, applicantId, year }: YearOptions): Promise<YearlySummary> {
  const [[talent], earned, paid, converted, refunded, [taxForm]] = await Promise.all([
    selectRows(
      db,
      z.object({ name: z.string(), email: z.string(), payout_currency: currencyColumn.nullable() }),
      // Named as on the year's last payout (decision 044): a rename afterwards changes no summary of a year
      // paid out; a year with no payout names the talent as they are now.
      sql`select coalesce(p.paid_to_name, u.name) as name, coalesce(p.paid_to_email, u.email) as email,
                 (select m.currency from payout_methods m
                  where m.applicant_id = u.id and m.is_default and m.removed_at is null) as payout_currency
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
    conversionsPaidIn(db, applicantId, year),
    refundedIn(db, applicantId, year),
    taxFormsOf(db, applicantId, year),
  ]);
  if (!talent) throw new AppError('not_found', payoutTexts.talentNotFound);
  // A total with nothing in it says zero in the currency it would be in: what the talent is paid in, and
  // refunds in what they earned in.
  const fallback = talent.payout_currency ?? DEFAULT_CURRENCY;
  const earnedTotals = totalsByCurrency(earned, fallback);
  const months = sumByCurrency(earned, (row) => row.month).map((sum) => ({
    month: sum.label,
    currency: sum.currency,
    earnedCents: sum.cents,
  }));
  const companies = sumByCurrency(earned, (row) => row.company_name).map((sum) => ({
    companyName: sum.label,
    currency: sum.currency,
    earnedCents: sum.cents,
  }));
  const payouts = paid.map((row) => ({
    id: row.id,
    paidOn: row.paid_on,
    currency: row.currency,
    amountCents: row.amount_cents,
    methodLabel: row.method_label,
    reference: row.reference,
  }));
  const conversions = converted.map((row) => ({
    payoutId: row.payout_id,
    convertedOn: row.converted_on,
    paidOn: row.paid_on,
    to: row.to_currency,
    part: partOf(row),
  }));
  return {
    year,
    talent: { name: talent.name, email: talent.email },
    months,
    companies,
    payouts,
    conversions,
    totals: {
      earned: earnedTotals,
      paidOut: totalsByCurrency(
        payouts.map((payout) => ({ currency: payout.currency, cents: payout.amountCents })),
        fallback,
      ),
      refunded: totalsByCurrency(refunded, earnedTotals[0]?.currency ?? fallback),
    },
    taxForm: taxForm ? { kind: taxForm.kind, signedOn: taxForm.signed_on, validUntil: taxForm.valid_until } : null,
    necForm:
      taxForm?.nec_box1_cents != null && taxForm.nec_issued_on
        ? {
            box1Cents: taxForm.nec_box1_cents,
            corrected: taxForm.nec_corrected ?? false,
            issuedOn: taxForm.nec_issued_on,
          }
        : null,
  };
}

// "Form W-9, signed 3 March 2026"; "Form W-8BEN, signed …, valid until …"; or that none is on file.
function taxFormText(form: YearlySummary['taxForm']): string {
  if (!form) return 'None on file';
  const signed = `${taxFormKindLabels[form.kind]}, signed ${humanDay(form.signedOn)}`;
  return form.validUntil ? `${signed}, valid until ${humanDay(form.validUntil)}` : signed;
}

function necFormText(form: YearlySummary['necForm']): string | null {
  if (!form) return null;
  return `${formatMoney(form.box1Cents, 'USD')} in box 1, issued ${humanDay(form.issuedOn)}${form.corrected ? ' (corrected)' : ''}`;
}

// The currencies a summary names, earned, paid or refunded in.
const currenciesOf = (summary: YearlySummary) =>
  new Set(Object.values(summary.totals).flatMap((amounts: Amount[]) => amounts.map((amount) => amount.currency)));

// The same sections in the CSV and the PDF; in the PDF an empty section says so in a line of its own.
function yearSections(summary: YearlySummary) {
  const { year, totals } = summary;
  return {
    months: summary.months.map((row) => ({ label: row.month, currency: row.currency, cents: row.earnedCents })),
    companies: summary.companies.map((row) => ({
      label: row.companyName,
      currency: row.currency,
      cents: row.earnedCents,
    })),
    totals: [
      { label: 'Earned', amounts: totals.earned },
      { label: 'Paid out', amounts: totals.paidOut },
      { label: 'Refunded back', amounts: totals.refunded },
    ],
    noEarnings: `No earnings in ${year}.`,
    noPayouts: `No payouts were paid in ${year}.`,
    noConversions: `Nothing was converted between currencies in ${year}.`,
  };
}

// An amount as a CSV cell: a plain decimal in its currency's minor unit (1234.50, 1234 for JPY), which the
// Currency column beside it names.
const decimalOf = (cents: number, currency: Currency) => minorToDecimal(cents, minorUnitsOf(currency));

// One table an accountant's tools import (RFC 4180, one header): each row says what it is, and carries
// the columns that apply to it. An empty section has no rows; its total says 0.00. A conversion row is a
// payout's part: Amount and Currency what it paid, the source and rate beside them.
const CSV_HEADER = [
  'Kind',
  'Month',
  'Company',
  'Date paid',
  'Amount',
  'Currency',
  'Method',
  'Reference',
  'Date converted',
  'Converted from',
  'From currency',
  'Rate',
  'Rate date',
  'Rate source',
  'FX margin',
  'FX margin %',
];
const NO_CONVERSION = ['', '', '', '', '', '', '', ''];

export async function renderYearlySummaryCsv(options: YearOptions): Promise<{ fileName: string; csv: string }> {
  const summary = await yearlySummaryRows(options);
  const sections = yearSections(summary);
  const payoutOf = new Map(summary.payouts.map((payout) => [payout.id, payout]));
  const csv = buildCsv([
    CSV_HEADER,
    ...sections.months.map((row) => [
      'Earned by month',
      row.label,
      '',
      '',
      decimalOf(row.cents, row.currency),
      row.currency,
      '',
      '',
      ...NO_CONVERSION,
    ]),
    ...sections.companies.map((row) => [
      'Earned by company',
      '',
      row.label,
      '',
      decimalOf(row.cents, row.currency),
      row.currency,
      '',
      '',
      ...NO_CONVERSION,
    ]),
    ...summary.payouts.map((row) => [
      'Payout paid',
      '',
      '',
      row.paidOn,
      decimalOf(row.amountCents, row.currency),
      row.currency,
      row.methodLabel,
      row.reference,
      ...NO_CONVERSION,
    ]),
    ...summary.conversions.map(({ payoutId, convertedOn, paidOn, to, part }) => [
      'Conversion',
      '',
      '',
      paidOn,
      decimalOf(part.amount_cents, to),
      to,
      payoutOf.get(payoutId)?.methodLabel,
      payoutOf.get(payoutId)?.reference,
      convertedOn,
      decimalOf(part.source_cents, part.source_currency),
      part.source_currency,
      part.rate?.rate,
      part.rate?.date,
      part.rate ? rateSourceWords[part.rate.source] : '',
      decimalOf(part.margin_cents, to),
      minorToDecimal(part.margin_basis_points, 2),
    ]),
    ['Tax form on file', '', '', '', '', '', '', taxFormText(summary.taxForm), ...NO_CONVERSION],
    ...(summary.necForm
      ? [
          [
            'Form 1099-NEC',
            '',
            '',
            summary.necForm.issuedOn,
            decimalOf(summary.necForm.box1Cents, 'USD'),
            'USD',
            '',
            summary.necForm.corrected ? 'Corrected' : 'Issued',
            ...NO_CONVERSION,
          ],
        ]
      : []),
    ...sections.totals.flatMap((row) =>
      row.amounts.map((amount) => [
        `Total ${row.label.toLowerCase()}`,
        '',
        '',
        '',
        decimalOf(amount.cents, amount.currency),
        amount.currency,
        '',
        '',
        ...NO_CONVERSION,
      ]),
    ),
  ]);
  return { fileName: `tandem-earnings-${summary.year}.csv`, csv };
}

function summaryNote(summary: YearlySummary): string {
  const refunded = 'Refunded back is for information: earnings taken back when a company’s payment was refunded.';
  const [only, ...others] = currenciesOf(summary);
  if (only && others.length === 0) return `${oneCurrencyNote(only)} ${refunded}`;
  return `Each amount is in its own currency, never added to another: earnings in the currency the company paid in, payouts in the currency you are paid in, converted by Tandem at the rates listed under Conversions. Any further conversion is made by your bank or wallet and shows on its statement. ${refunded}`;
}

// Rows with their amounts written in their currency; where a table holds more than one currency, a total
// line for each follows, so no reader adds euros to dollars.
function amountRows<Row extends Amount>(rows: readonly Row[], cellsOf: (row: Row) => string[]): string[][] {
  const lines = rows.map((row) => [...cellsOf(row), formatMoney(row.cents, row.currency)]);
  const totals = totalsByCurrency(rows, rows[0]?.currency ?? DEFAULT_CURRENCY);
  if (totals.length < 2) return lines;
  const blanks = lines[0]?.slice(2).map(() => '') ?? [];
  return [
    ...lines,
    ...totals.map((total) => [
      `Total in ${currencyName(total.currency)}`,
      ...blanks,
      formatMoney(total.cents, total.currency),
    ]),
  ];
}

// A conversion's row; its rate and margin cells each take a second line (drawRow fits a cell's lines).
function conversionRows(summary: YearlySummary): string[][] {
  return summary.conversions.flatMap(({ convertedOn, to, part }) => {
    if (!part.rate) return [];
    const from = part.source_currency;
    return [
      [
        humanDay(convertedOn),
        formatMoney(part.source_cents, from),
        `${rateText(from, to, part.rate)}\n${rateOriginText(part.rate)}`,
        formatMoney(part.amount_cents, to),
        `${formatMoney(part.margin_cents, to)}\n${basisPointsPercent(part.margin_basis_points)}`,
      ],
    ];
  });
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
    ...sections.totals.map((row): [string, string] => [row.label, amountsText(row.amounts)]),
    ['Tax form', taxFormText(summary.taxForm)],
    ...((nec) => (nec ? [['Form 1099-NEC', nec] as [string, string]] : []))(necFormText(summary.necForm)),
  ]);
  drawNote(pdf, summaryNote(summary));
  drawSection(pdf, 'Earned by month');
  drawTable(
    pdf,
    labelAmountColumns('Month'),
    amountRows(sections.months, (row) => [humanMonth(row.label)]),
    sections.noEarnings,
  );
  drawSection(pdf, 'Earned by company');
  drawTable(
    pdf,
    labelAmountColumns('Company'),
    amountRows(sections.companies, (row) => [row.label]),
    sections.noEarnings,
  );
  drawSection(pdf, 'Payouts paid');
  const payoutRows = amountRows(
    summary.payouts.map((row) => ({ ...row, cents: row.amountCents })),
    (row) => [humanDay(row.paidOn), row.methodLabel ?? '—', row.reference ?? '—'],
  );
  drawTable(pdf, payoutColumns, payoutRows, sections.noPayouts);
  drawSection(pdf, 'Conversions');
  drawTable(pdf, conversionColumns, conversionRows(summary), sections.noConversions);
  return { fileName: `tandem-earnings-${summary.year}.pdf`, pdf: await pdf.finish() };
}
