import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_TAX_RATE_BASIS_POINTS, type NextInvoice } from '~/shared/billing';
import { DEFAULT_CURRENCY } from '~/shared/currencies';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { invoices } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { lastFullWeekStart } from '../kernels/money/billing-period';
import { draftCompanyInvoices, loadBillingTerms, uuidArray } from '../kernels/money/invoice-drafts';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { addDays, isoDay } from '../platform/work-calendar';

// The invoice each company gets next (decision 024): the first run of the schedule whose week the company
// has no invoice for yet (an administrator may have issued this week's already), and what it would hold
// if it ran now: the approved weeks not yet billed, up to its week, drafted as the run drafts them.

// When the weekly invoice run next happens after a moment (AppContext.nextInvoiceRun, from schedule.ts).
export type NextInvoiceRun = (after: Date) => Date;

// A company is at most one run ahead (Issue invoice now bills the upcoming run's week once); a third run
// is looked at for invoices issued before that rule, when a Sunday could bill two weeks early.
const RUNS_LOOKED_AHEAD = 3;

export interface UpcomingInvoice {
  runsAt: Date;
  periodStart: string;
  // The approved, unbilled weeks the invoice takes.
  timesheetIds: string[];
  view: NextInvoice;
}

export async function findNextInvoices({
  db,
  companyIds,
  now,
  nextInvoiceRun,
}: {
  db: Database;
  companyIds: readonly string[];
  now: Date;
  nextInvoiceRun: NextInvoiceRun;
}): Promise<Map<string, UpcomingInvoice>> {
  if (companyIds.length === 0) return new Map();
  const runs: Array<{ runsAt: Date; periodStart: string }> = [];
  for (let after = now; runs.length < RUNS_LOOKED_AHEAD; ) {
    const runsAt = nextInvoiceRun(after);
    runs.push({ runsAt, periodStart: lastFullWeekStart(isoDay(runsAt)) });
    after = runsAt;
  }
  const [issued, unbilled, settings, terms] = await Promise.all([
    db
      .select({ companyId: invoices.companyId, periodStart: invoices.billingWeek })
      .from(invoices)
      .where(
        and(
          inArray(invoices.companyId, [...companyIds]),
          inArray(
            invoices.billingWeek,
            runs.map((run) => run.periodStart),
          ),
          // A milestone's release invoice is not a week's (decision 035).
          isNull(invoices.milestoneId),
        ),
      ),
    selectRows(
      db,
      z.object({ id: uuidColumn, company_id: uuidColumn, week_start: z.string(), minutes: integerColumn }),
      sql`select t.id, a.company_id, t.week_start::text as week_start,
                 coalesce((select sum(e.minutes) from time_entries e where e.timesheet_id = t.id), 0)::int as minutes
          from timesheets t join assignments a on a.id = t.assignment_id
          where a.company_id = any(${uuidArray(companyIds)}::uuid[])
            and t.status = 'approved' and t.invoice_id is null
          order by t.id`,
    ),
    getPlatformSettings({ db }),
    loadBillingTerms(db, companyIds),
  ]);
  const isIssued = new Set(issued.map((invoice) => `${invoice.companyId}/${invoice.periodStart}`));
  const runOf = new Map(
    companyIds.map((companyId) => [
      companyId,
      runs.find((run) => !isIssued.has(`${companyId}/${run.periodStart}`)) ?? runs[runs.length - 1],
    ]),
  );
  // As the run selects them: approved, not billed, of a week up to the invoice's.
  const taken = unbilled.filter((week) => {
    const run = runOf.get(week.company_id);
    return run !== undefined && week.week_start <= run.periodStart;
  });
  const feeBasisPoints = settings.platform_fee_basis_points;
  const drafts = await draftCompanyInvoices({ db, timesheetIds: taken.map((week) => week.id), feeBasisPoints });

  const upcoming = new Map<string, UpcomingInvoice>();
  for (const companyId of companyIds) {
    const run = runOf.get(companyId);
    if (!run) continue;
    const weeks = taken.filter((week) => week.company_id === companyId);
    const draft = drafts.get(companyId);
    const arithmetic = draft?.arithmetic;
    upcoming.set(companyId, {
      runsAt: run.runsAt,
      periodStart: run.periodStart,
      timesheetIds: weeks.map((week) => week.id),
      view: {
        runs_at: run.runsAt.toISOString(),
        period_start: run.periodStart,
        period_end: addDays(run.periodStart, 6),
        weeks: weeks.length,
        total_minutes: weeks.reduce((sum, week) => sum + Number(week.minutes), 0),
        subtotal_cents: arithmetic?.subtotalCents ?? 0,
        fee_basis_points: feeBasisPoints,
        fee_cents: arithmetic?.feeCents ?? 0,
        tax_basis_points:
          draft?.taxBasisPoints ?? terms.get(companyId)?.taxBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS,
        tax_cents: arithmetic?.taxCents ?? 0,
        total_cents: arithmetic?.totalCents ?? 0,
        currency: terms.get(companyId)?.currency ?? DEFAULT_CURRENCY,
      },
    });
  }
  return upcoming;
}

// One company's next invoice (Billing's "Next invoice on …").
export async function getNextInvoice(options: {
  db: Database;
  companyId: string;
  now: Date;
  nextInvoiceRun: NextInvoiceRun;
}): Promise<UpcomingInvoice> {
  const upcoming = (await findNextInvoices({ ...options, companyIds: [options.companyId] })).get(options.companyId);
  if (!upcoming) throw new Error('Every company has a next invoice.');
  return upcoming;
}

// The invoice a company's run of a week issued, if any.
export async function findInvoiceOfPeriod(db: Database, companyId: string, periodStart: string) {
  const [invoice] = await db
    .select({
      id: invoices.id,
      invoice_number: invoices.invoiceNumber,
      period_start: invoices.periodStart,
      period_end: invoices.periodEnd,
      issue_date: invoices.issueDate,
      total_cents: invoices.totalCents,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.billingWeek, periodStart), isNull(invoices.milestoneId)));
  return invoice ?? null;
}
