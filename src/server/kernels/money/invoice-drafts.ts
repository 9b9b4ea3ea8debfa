import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PAYMENT_TERMS_DAYS, DEFAULT_TAX_RATE_BASIS_POINTS, type WeekCost } from '~/shared/billing';
import { type Currency, currencyOf, DEFAULT_CURRENCY } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { integerColumn, uuidColumn } from '../../db/row-columns';
import { billingProfiles, companies } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { isoDay } from '../../platform/work-calendar';
import { type BillableWork, buildInvoiceItems, type InvoiceArithmetic } from './invoice-arithmetic';
import { loadTaxTreatments } from './load-tax-treatments';
import type { TaxTreatment } from './tax-treatment';
import { type WorkedDay, workAtTerms } from './work-amount';

// Invoices before they exist (decision 024): the invoice run drafts each company's invoice here, and the
// screens that show money ahead of it (a week's cost at approval, the next invoice's estimate) draft
// theirs through the same functions, so a preview and the invoice it foretells are one computation.

// A uuid[] literal: both drivers pass it as one string, whatever the number of ids.
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

// The minutes one week of one assignment worked under one set of terms, rounded by the one rule.
interface WeekWork extends BillableWork {
  timesheetId: string;
  companyId: string;
}

const dayRow = z.object({
  timesheet_id: uuidColumn,
  company_id: uuidColumn,
  assignment_id: uuidColumn,
  role: z.string(),
  talent_name: z.string(),
  work_date: z.string(),
  rate_cents: integerColumn,
  pay_rate_cents: integerColumn,
  minutes: integerColumn,
});

// The work of these weeks, in the order an invoice lists it (by talent, then each assignment's weeks and
// their terms as first worked). Each day is billed at the terms in effect that day (assignment_terms,
// decision 013); each week's days under one set of terms are one line, rounded once (work-amount.ts).
export async function loadBillableWork(db: Database, timesheetIds: readonly string[]): Promise<WeekWork[]> {
  if (timesheetIds.length === 0) return [];
  const days = await selectRows(
    db,
    dayRow,
    sql`select t.id as timesheet_id, a.company_id, a.id as assignment_id, a.role, u.name as talent_name,
               e.work_date::text as work_date, coalesce(terms.rate_cents, a.rate_cents) as rate_cents,
               coalesce(terms.pay_rate_cents, a.rate_cents) as pay_rate_cents, e.minutes
        from time_entries e
        join timesheets t on t.id = e.timesheet_id
        join assignments a on a.id = t.assignment_id
        join users u on u.id = a.applicant_id
        left join lateral (
          select terms.rate_cents, terms.pay_rate_cents from assignment_terms terms
          where terms.assignment_id = a.id and terms.effective_date <= e.work_date
          order by terms.effective_date desc limit 1
        ) terms on true
        where t.id = any(${uuidArray(timesheetIds)}::uuid[]) and e.minutes > 0
        order by a.company_id, u.name, a.id, t.week_start, t.id, e.work_date`,
  );
  const weeks = new Map<string, { first: z.infer<typeof dayRow>; days: WorkedDay[] }>();
  for (const day of days) {
    const week = weeks.get(day.timesheet_id) ?? { first: day, days: [] };
    week.days.push({
      workDate: day.work_date,
      minutes: day.minutes,
      rateCents: day.rate_cents,
      payRateCents: day.pay_rate_cents,
    });
    weeks.set(day.timesheet_id, week);
  }
  return [...weeks.values()].flatMap(({ first, days: weekDays }) =>
    workAtTerms(weekDays).map((group) => ({
      timesheetId: first.timesheet_id,
      companyId: first.company_id,
      assignmentId: first.assignment_id,
      role: first.role,
      talentName: first.talent_name,
      rateCents: group.rateCents,
      minutes: group.minutes,
      firstDate: group.firstDate,
      lastDate: group.lastDate,
    })),
  );
}

interface CompanyBillingTerms {
  // The tax rule of the day (decision 053); taxBasisPoints is its rate.
  tax: TaxTreatment;
  taxBasisPoints: number;
  paymentTermsDays: number;
  // The billing currency every amount of the company is in.
  currency: Currency;
}

const defaultTerms = (): CompanyBillingTerms => ({
  tax: { category: 'sales_tax', name: 'Tax', rateBasisPoints: DEFAULT_TAX_RATE_BASIS_POINTS, note: '' },
  taxBasisPoints: DEFAULT_TAX_RATE_BASIS_POINTS,
  paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
  currency: DEFAULT_CURRENCY,
});

// Each company's tax rule on a day (decision 053), its payment terms (its billing profile, or the defaults
// without one), and its billing currency.
export async function loadBillingTerms(
  db: Database,
  companyIds: readonly string[],
  day: string = isoDay(new Date()),
): Promise<Map<string, CompanyBillingTerms>> {
  const [rows, treatments] =
    companyIds.length === 0
      ? [[], new Map<string, TaxTreatment>()]
      : await Promise.all([
          db
            .select({
              companyId: companies.id,
              currency: companies.billingCurrency,
              paymentTermsDays: billingProfiles.paymentTermsDays,
            })
            .from(companies)
            .leftJoin(billingProfiles, eq(billingProfiles.companyId, companies.id))
            .where(inArray(companies.id, [...companyIds])),
          loadTaxTreatments(db, companyIds, day),
        ]);
  const byCompany = new Map(rows.map((row) => [row.companyId, row]));
  return new Map(
    companyIds.map((companyId) => {
      const row = byCompany.get(companyId);
      const tax = treatments.get(companyId) ?? defaultTerms().tax;
      return [
        companyId,
        {
          tax,
          taxBasisPoints: tax.rateBasisPoints,
          paymentTermsDays: row?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
          currency: row ? currencyOf(row.currency) : DEFAULT_CURRENCY,
        },
      ];
    }),
  );
}

export interface CompanyInvoiceDraft extends CompanyBillingTerms {
  companyId: string;
  feeBasisPoints: number;
  arithmetic: InvoiceArithmetic;
}

// One invoice per company over these weeks, as the invoice run issues it: every minute of the weeks at
// its day's rate, the platform fee, the company's tax. A company whose weeks hold no minutes gets none.
export async function draftCompanyInvoices({
  db,
  timesheetIds,
  feeBasisPoints,
  day,
}: {
  db: Database;
  timesheetIds: readonly string[];
  feeBasisPoints: number;
  // The issue day, whose tax rate applies; today when left out.
  day?: string;
}): Promise<Map<string, CompanyInvoiceDraft>> {
  const workByCompany = new Map<string, BillableWork[]>();
  for (const line of await loadBillableWork(db, timesheetIds)) {
    const lines = workByCompany.get(line.companyId) ?? [];
    lines.push(line);
    workByCompany.set(line.companyId, lines);
  }
  const terms = await loadBillingTerms(db, [...workByCompany.keys()], day);
  const drafts = new Map<string, CompanyInvoiceDraft>();
  for (const [companyId, work] of workByCompany) {
    const companyTerms = terms.get(companyId) ?? defaultTerms();
    drafts.set(companyId, {
      companyId,
      feeBasisPoints,
      ...companyTerms,
      arithmetic: buildInvoiceItems({
        work,
        feeBasisPoints,
        taxBasisPoints: companyTerms.taxBasisPoints,
        taxName: companyTerms.tax.name,
        currency: companyTerms.currency,
      }),
    });
  }
  return drafts;
}

// What one week adds to its company's invoice, drafted alone with the rates it is (or was) billed at.
export interface WeekCostDraft {
  feeBasisPoints: number;
  taxBasisPoints: number;
  currency: Currency;
  arithmetic: InvoiceArithmetic;
}

// Each week's cost: an invoiced week at its invoice's fee and tax, any other at today's fee and its
// company's tax, as the next run would bill it. A week of no minutes costs nothing.
export async function draftWeekCosts({
  db,
  timesheetIds,
  feeBasisPoints,
}: {
  db: Database;
  timesheetIds: readonly string[];
  feeBasisPoints: number;
}): Promise<Map<string, WeekCostDraft>> {
  if (timesheetIds.length === 0) return new Map();
  const weeks = await selectRows(
    db,
    z.object({
      id: uuidColumn,
      company_id: uuidColumn,
      invoice_fee_basis_points: integerColumn.nullable(),
      invoice_tax_basis_points: integerColumn.nullable(),
    }),
    sql`select t.id, a.company_id, i.fee_basis_points as invoice_fee_basis_points,
               i.tax_basis_points as invoice_tax_basis_points
        from timesheets t
        join assignments a on a.id = t.assignment_id
        left join invoices i on i.id = t.invoice_id
        where t.id = any(${uuidArray(timesheetIds)}::uuid[])`,
  );
  const terms = await loadBillingTerms(db, [...new Set(weeks.map((week) => week.company_id))]);
  const workByWeek = new Map<string, BillableWork[]>();
  for (const line of await loadBillableWork(db, timesheetIds)) {
    const lines = workByWeek.get(line.timesheetId) ?? [];
    lines.push(line);
    workByWeek.set(line.timesheetId, lines);
  }
  return new Map(
    weeks.map((week) => {
      const isInvoiced = week.invoice_fee_basis_points !== null && week.invoice_tax_basis_points !== null;
      const companyTerms = terms.get(week.company_id) ?? defaultTerms();
      const rates = {
        feeBasisPoints: isInvoiced ? Number(week.invoice_fee_basis_points) : feeBasisPoints,
        taxBasisPoints: isInvoiced ? Number(week.invoice_tax_basis_points) : companyTerms.taxBasisPoints,
        currency: companyTerms.currency,
      };
      return [week.id, { ...rates, arithmetic: buildInvoiceItems({ work: workByWeek.get(week.id) ?? [], ...rates }) }];
    }),
  );
}

// A week's cost as the API shows it.
export function weekCostView(draft: WeekCostDraft): WeekCost {
  const { items, subtotalCents, feeCents, taxCents, totalCents } = draft.arithmetic;
  return {
    work: items
      .filter((item) => item.kind === 'work')
      .map((item) => ({
        rate_cents: item.rateCents,
        minutes: item.minutes ?? 0,
        amount_cents: item.amountCents,
        work_start: item.workStart ?? '',
        work_end: item.workEnd ?? '',
      })),
    subtotal_cents: subtotalCents,
    fee_basis_points: draft.feeBasisPoints,
    fee_cents: feeCents,
    tax_basis_points: draft.taxBasisPoints,
    tax_cents: taxCents,
    total_cents: totalCents,
    currency: draft.currency,
  };
}

// The cost of a week nothing was logged in (or that is not in the map), at the company's tax and currency.
export const noCost = ({
  feeBasisPoints,
  companyTerms = defaultTerms(),
}: {
  feeBasisPoints: number;
  companyTerms: CompanyBillingTerms | undefined;
}): WeekCostDraft => {
  const rates = { feeBasisPoints, taxBasisPoints: companyTerms.taxBasisPoints, currency: companyTerms.currency };
  return { ...rates, arithmetic: buildInvoiceItems({ work: [], ...rates }) };
};
