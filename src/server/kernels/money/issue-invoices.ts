import { and, DrizzleQueryError, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decimalOfMinor } from '~/shared/accounting';
import { formatCents, formatDaySpan } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import { integerColumn, uuidColumn } from '../../db/row-columns';
import { companyMembers, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { isUniqueViolation } from '../../platform/errors';
import { getPlatformSettings } from '../../platform/get-platform-settings';
import type { AuditAction } from '../../platform/record-audit-event';
import { addDays, humanDay, isoDay } from '../../platform/work-calendar';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { companyRolesWith } from '../notices/company-recipients';
import { notify } from '../notices/notify';
import { billingPeriodOf, lastFullWeekStart } from './billing-period';
import type { DraftInvoiceItem } from './invoice-arithmetic';
import { draftCompanyInvoices, uuidArray } from './invoice-drafts';
import { postInvoicesIssued } from './post-invoice-issued';

// The invoice run: for a week, every company with approved timesheets not yet billed gets
// one invoice — work per assignment and rate, the platform fee, the tax of its billing profile — with
// the next gapless number of the year, and each billed timesheet points at it.
//
// Once only, whoever runs it: the run locks the timesheets it bills (a second run, or a second
// instance at the same moment, waits and then finds them billed), and an invoice per company and
// period is unique. A week approved after its invoice went out is billed by the next week's invoice:
// the run takes every unbilled approved week up to its period, so none is ever left behind.
//
// Set-based at scale: companies go in batches, each batch one transaction of a few statements
// whatever its size (lock, read the work, number, insert, link, notify).

const COMPANIES_PER_TRANSACTION = 200;
const ISSUED_ACTION: AuditAction = 'invoice.issued';
const ATTEMPTS = 3;

const companyIdRow = z.object({ company_id: uuidColumn });

interface IssuedInvoice {
  id: string;
  invoiceNumber: string;
  companyId: string;
  totalCents: number;
}

interface InvoiceRun {
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  issued: IssuedInvoice[];
}

interface Period {
  periodStart: string;
  periodEnd: string;
}

// The days an invoice's work spans: its period (decision 047). Every draft here has work.
function workSpanOf(items: readonly DraftInvoiceItem[]): { period_start: string; period_end: string } {
  const days = items.flatMap((item) => (item.workStart && item.workEnd ? [item.workStart, item.workEnd] : []));
  const [first] = days;
  if (!first) throw new Error('An invoice of the run bills work.');
  return { period_start: days.reduce((a, b) => (b < a ? b : a)), period_end: days.reduce((a, b) => (b > a ? b : a)) };
}

// 'INV-2026-000123'
const formatInvoiceNumber = (year: number, sequence: number) => `INV-${year}-${String(sequence).padStart(6, '0')}`;

// The next `count` gapless numbers of the year. The year's counter row stays locked until the caller's
// transaction commits: numbers are taken in commit order, without gaps (a rollback gives them back).
export async function takeInvoiceNumbers({
  tx,
  year,
  count,
}: {
  tx: Database;
  year: number;
  count: number;
}): Promise<string[]> {
  const [counter] = await selectRows(
    tx,
    z.object({ last_number: integerColumn }),
    sql`insert into invoice_counters (year, last_number) values (${year}, ${count})
        on conflict (year) do update set last_number = invoice_counters.last_number + excluded.last_number
        returning last_number`,
  );
  const firstNumber = Number(counter?.last_number) - count + 1;
  return Array.from({ length: count }, (_, index) => formatInvoiceNumber(year, firstNumber + index));
}

// Who asked for a run out of schedule (an administrator's Issue invoice now): the audit log names them.
interface RunRequester {
  actorId: string;
  ipAddress?: string;
}

export async function issueInvoices({
  db,
  periodStart,
  today = isoDay(new Date()),
  batchSize = COMPANIES_PER_TRANSACTION,
  companyIds: onlyCompanyIds,
  requestedBy,
}: {
  db: Database;
  // A Sunday; the last full week before today when absent.
  periodStart?: string;
  // The issue date (YYYY-MM-DD, UTC).
  today?: string;
  batchSize?: number;
  // These companies only (Issue invoice now); every company when absent.
  companyIds?: readonly string[];
  requestedBy?: RunRequester;
}): Promise<InvoiceRun> {
  const period = billingPeriodOf(periodStart ?? lastFullWeekStart(today), today);
  const { platform_fee_basis_points: feeBasisPoints } = await getPlatformSettings({ db });
  const onlyThese = onlyCompanyIds ? sql`and a.company_id = any(${uuidArray(onlyCompanyIds)}::uuid[])` : sql``;
  const candidates = await selectRows(
    db,
    companyIdRow,
    sql`select distinct a.company_id
        from timesheets t join assignments a on a.id = t.assignment_id
        where t.status = 'approved' and t.invoice_id is null and t.week_start <= ${period.periodStart} ${onlyThese}
          and not exists (
            select 1 from invoices i
            where i.company_id = a.company_id and i.billing_week = ${period.periodStart} and i.milestone_id is null
          )
        order by a.company_id`,
  );
  const companyIds = candidates.map((row) => row.company_id);
  const issued: IssuedInvoice[] = [];
  for (let start = 0; start < companyIds.length; start += batchSize) {
    const batch = companyIds.slice(start, start + batchSize);
    issued.push(
      ...(await retryRaces(() => issueBatch({ db, companyIds: batch, period, today, feeBasisPoints, requestedBy }))),
    );
  }
  return { ...period, issueDate: today, issued };
}

// Two runs at once: the loser of a race for one company's period (a week approved between the
// winner's lock and its commit) or of a deadlock rolls its batch back whole — numbers included —
// and tries again, finding the winner's invoice then.
async function retryRaces<Result>(work: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = ((error instanceof DrizzleQueryError ? error.cause : error) as { code?: unknown } | undefined)?.code;
      const isRace = isUniqueViolation(error, ['invoices_company_period_unique']) || code === '40P01';
      if (!isRace || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function issueBatch({
  db,
  companyIds,
  period,
  today,
  feeBasisPoints,
  requestedBy,
}: {
  db: Database;
  companyIds: string[];
  period: Period;
  today: string;
  feeBasisPoints: number;
  requestedBy?: RunRequester;
}): Promise<IssuedInvoice[]> {
  return db.transaction(async (tx) => {
    // Locked in id order, so two runs never lock each other's rows crosswise.
    const locked = await selectRows(
      tx,
      z.object({ id: uuidColumn, company_id: uuidColumn }),
      sql`select t.id, a.company_id
          from timesheets t join assignments a on a.id = t.assignment_id
          where a.company_id = any(${uuidArray(companyIds)}::uuid[])
            and t.status = 'approved' and t.invoice_id is null and t.week_start <= ${period.periodStart}
          order by t.id
          for update of t`,
    );
    if (locked.length === 0) return [];
    const alreadyInvoiced = new Set(
      (
        await selectRows(
          tx,
          companyIdRow,
          sql`select company_id from invoices
              where billing_week = ${period.periodStart} and milestone_id is null
                and company_id = any(${uuidArray(companyIds)}::uuid[])`,
        )
      ).map((row) => row.company_id),
    );
    const timesheetIds = locked.filter((row) => !alreadyInvoiced.has(row.company_id)).map((row) => row.id);
    if (timesheetIds.length === 0) return [];

    // The same drafts the previews show (kernels/money/invoice-drafts.ts): the estimate is the invoice.
    const draftsByCompany = await draftCompanyInvoices({ db: tx, timesheetIds, feeBasisPoints, day: today });
    // A company whose approved weeks hold no minutes gets no invoice of nothing.
    const drafts = companyIds.flatMap((companyId) => {
      const draft = draftsByCompany.get(companyId);
      if (!draft) return [];
      return [{ ...draft, dueDate: addDays(today, draft.paymentTermsDays) }];
    });
    if (drafts.length === 0) return [];
    const billedCompanyIds = drafts.map((draft) => draft.companyId);

    const numbers = await takeInvoiceNumbers({ tx, year: Number(today.slice(0, 4)), count: drafts.length });

    // Rows travel as one JSON parameter each: building a thousand-row insert statement costs more
    // than running it.
    const inserted = await selectRows(
      tx,
      z.object({
        id: uuidColumn,
        invoiceNumber: z.string(),
        companyId: uuidColumn,
        totalCents: integerColumn,
        dueDate: z.string(),
        periodStart: z.string(),
        periodEnd: z.string(),
        currency: z.string().transform(currencyOf),
      }),
      sql`insert into invoices (invoice_number, company_id, period_start, period_end, billing_week, issue_date, due_date,
                                status, subtotal_cents, fee_basis_points, fee_cents, tax_basis_points, tax_cents,
                                tax_category, tax_name, tax_note, total_cents)
          select invoice_number, company_id, period_start, period_end, ${period.periodStart}::date, ${today}::date,
                 due_date, 'pending', subtotal_cents, ${feeBasisPoints}::int, fee_cents, tax_basis_points, tax_cents,
                 tax_category, tax_name, tax_note, total_cents
          from json_to_recordset(${JSON.stringify(
            drafts.map((draft, index) => ({
              invoice_number: numbers[index],
              company_id: draft.companyId,
              ...workSpanOf(draft.arithmetic.items),
              due_date: draft.dueDate,
              subtotal_cents: draft.arithmetic.subtotalCents,
              fee_cents: draft.arithmetic.feeCents,
              tax_basis_points: draft.taxBasisPoints,
              tax_cents: draft.arithmetic.taxCents,
              tax_category: draft.tax.category,
              tax_name: draft.tax.name,
              tax_note: draft.tax.note,
              total_cents: draft.arithmetic.totalCents,
            })),
          )}::json) as draft(invoice_number text, company_id uuid, period_start date, period_end date, due_date date,
                             subtotal_cents int, fee_cents int, tax_basis_points int, tax_cents int,
                             tax_category text, tax_name text, tax_note text, total_cents int)
          returning id, invoice_number as "invoiceNumber", company_id as "companyId", total_cents as "totalCents",
                    due_date::text as "dueDate", period_start::text as "periodStart", period_end::text as "periodEnd",
                    currency`,
    );
    const invoiceIdByCompany = new Map(inserted.map((invoice) => [invoice.companyId, invoice.id]));

    const itemRows = drafts.flatMap((draft) =>
      draft.arithmetic.items.map((item, index) => ({
        invoice_id: invoiceIdByCompany.get(draft.companyId),
        position: index + 1,
        kind: item.kind,
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        rate_cents: item.rateCents,
        amount_cents: item.amountCents,
        assignment_id: item.assignmentId,
        minutes: item.minutes,
        work_start: item.workStart,
        work_end: item.workEnd,
      })),
    );
    await tx.execute(
      sql`insert into invoice_items (invoice_id, position, kind, description, quantity, unit, rate_cents, amount_cents,
                                     assignment_id, minutes, work_start, work_end)
          select invoice_id, position, kind, description, quantity, unit, rate_cents, amount_cents, assignment_id,
                 minutes, work_start, work_end
          from json_to_recordset(${JSON.stringify(itemRows)}::json) as item(invoice_id uuid, position smallint,
            kind invoice_item_kind, description text, quantity numeric(10, 2), unit invoice_item_unit, rate_cents int,
            amount_cents int, assignment_id uuid, minutes int, work_start date, work_end date)`,
    );

    // The scheduled run acts for nobody: the audit log records each invoice it issued, without an actor;
    // an invoice issued now names the administrator who asked.
    const issuedIds = uuidArray(inserted.map((invoice) => invoice.id));
    await tx.execute(
      sql`insert into audit_logs (actor_id, action, target_type, target_id, details, ip_address)
          select ${requestedBy?.actorId ?? null}::uuid, ${ISSUED_ACTION}, 'invoice', i.id::text,
                 jsonb_build_object('invoice_number', i.invoice_number, 'company_id', i.company_id,
                                    'period_start', i.period_start, 'period_end', i.period_end,
                                    'billing_week', i.billing_week, 'total_cents', i.total_cents),
                 ${requestedBy?.ipAddress ?? null}::inet
          from invoices i where i.id = any(${issuedIds}::uuid[])`,
    );

    await tx.execute(
      sql`update timesheets t set invoice_id = i.id, updated_at = now()
          from assignments a, invoices i
          where t.id = any(${uuidArray(timesheetIds)}::uuid[])
            and a.id = t.assignment_id
            and i.company_id = a.company_id
            and i.id = any(${issuedIds}::uuid[])`,
    );
    await postInvoicesIssued({ db: tx, invoiceIds: inserted.map((invoice) => invoice.id) });

    // Each billed company's members who may read invoices (companyRecipients' rule, for many companies at once).
    const members = await tx
      .select({ companyId: companyMembers.companyId, userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(
        and(
          inArray(companyMembers.companyId, billedCompanyIds),
          inArray(companyMembers.role, companyRolesWith('read:invoice:own')),
          eq(users.status, 'active'),
        ),
      );
    const invoiceByCompany = new Map(inserted.map((invoice) => [invoice.companyId, invoice]));
    await notify({
      db: tx,
      items: members.flatMap((member) => {
        const invoice = invoiceByCompany.get(member.companyId);
        if (!invoice) return [];
        return [
          {
            userId: member.userId,
            type: 'invoice_issued' as const,
            title: `New invoice ${invoice.invoiceNumber}`,
            body: `Invoice ${invoice.invoiceNumber} for ${formatDaySpan(invoice.periodStart, invoice.periodEnd)} is ${formatCents(invoice.totalCents, invoice.currency)}, due ${humanDay(invoice.dueDate)}.`,
            link: `${paths.companyBilling.getHref()}?invoice=${invoice.id}`,
          },
        ];
      }),
    });
    for (const invoice of inserted) {
      await emitWebhookEvent({
        db: tx,
        companyId: invoice.companyId,
        type: 'invoice.issued',
        data: {
          invoice_id: invoice.id,
          number: invoice.invoiceNumber,
          currency: invoice.currency,
          total: decimalOfMinor(invoice.totalCents, invoice.currency),
          due_date: invoice.dueDate,
        },
      });
    }

    return inserted.map(({ id, invoiceNumber, companyId, totalCents }) => ({
      id,
      invoiceNumber,
      companyId,
      totalCents,
    }));
  });
}
