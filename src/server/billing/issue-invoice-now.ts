import { eq } from 'drizzle-orm';
import { adminCompanyTexts } from '~/shared/admin-companies';
import type { IssueInvoiceNowResult } from '~/shared/billing';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { AppError } from '../platform/errors';
import { addDays, isoDay } from '../platform/work-calendar';
import { findInvoiceOfPeriod, getNextInvoice, type NextInvoiceRun } from './next-invoice';

// Issue invoice now (decision 024): the company's next invoice, issued at once by the weekly run's own
// code (issueInvoices, for this company only), so it is the invoice the run would have issued — the same
// week, numbering, items, audit and notifications. Idempotent as the run is: an invoice per company and
// week, so a second request, or the Sunday run after it, issues nothing twice and says which one exists.
export async function issueInvoiceNow({
  db,
  companyId,
  actorId,
  ipAddress,
  now = new Date(),
  nextInvoiceRun,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
  nextInvoiceRun: NextInvoiceRun;
}): Promise<IssueInvoiceNowResult> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', adminCompanyTexts.notFound);

  const today = isoDay(now);
  const next = await getNextInvoice({ db, companyId, now, nextInvoiceRun });
  const answer = async (outcome: IssueInvoiceNowResult['outcome'], periodStart: string | null) => ({
    outcome,
    company_name: company.name,
    invoice: periodStart ? await findInvoiceOfPeriod(db, companyId, periodStart) : null,
    next_invoice: (await getNextInvoice({ db, companyId, now, nextInvoiceRun })).view,
  });

  // The upcoming run's invoice went out already (the next one is a later run's): nothing more is issued
  // before that run comes; what was approved since waits for it. Judged by runs, not weeks, so a Sunday
  // before the 02:00 run answers as every other day does.
  if (next.runsAt > nextInvoiceRun(now)) return answer('already_issued', addDays(next.periodStart, -7));
  if (next.timesheetIds.length === 0) return answer('nothing_to_invoice', null);

  const run = await issueInvoices({
    db,
    periodStart: next.periodStart,
    today,
    companyIds: [companyId],
    requestedBy: { actorId, ipAddress },
  });
  if (run.issued.length > 0) return answer('issued', next.periodStart);
  // Another request (or the run) issued it a moment before: that one stands.
  const existing = await findInvoiceOfPeriod(db, companyId, next.periodStart);
  return answer(existing ? 'already_issued' : 'nothing_to_invoice', existing ? next.periodStart : null);
}
