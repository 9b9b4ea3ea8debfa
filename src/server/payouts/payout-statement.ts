import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents } from '~/shared/billing';
import { payoutStatuses, payoutStatusLabels, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { createPdf } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { companyAsInvoiced } from './company-as-invoiced';
import {
  type Column,
  drawFacts,
  drawNote,
  drawSection,
  drawTable,
  drawTitle,
  drawTotal,
  MARGIN,
  USD_NOTE,
} from './statement-drawing';

// A statement for one payout (docs/decisions/036): what it paid, to which method, and the earnings it paid
// out. Tenancy is in the query, so another talent's payout is simply not found. Its parties are the
// payout's, as they were when it was made, and each company as its invoice named it (decision 044).

const CARRIED_LABEL = 'Earlier balance carried';
const SENT_STATUSES = sql`('sent', 'paid', 'failed')`;
// The payout id comes from a URL: anything but a uuid is no payout, rather than a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Offsets from the left margin on an A4 page (483 pt between the margins); amounts as wide as "$100,000.00".
const earningColumns: Column[] = [
  { label: 'Company', x: 0, width: 115, align: 'left' },
  { label: 'Role', x: 125, width: 105, align: 'left' },
  { label: 'Week or milestone', x: 240, width: 153, align: 'left' },
  { label: 'Amount', x: 403, width: 80, align: 'right' },
];

const statementPayout = z.object({
  id: uuidColumn,
  name: z.string(),
  email: z.string(),
  payer_name: z.string(),
  sent_at: momentColumn,
  amount_cents: integerColumn,
  status: z.enum(payoutStatuses),
  method_label: z.string().nullable(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  sent_on: z.string(),
  paid_on: z.string().nullable(),
  available_before: integerColumn,
});

const earningLine = z.object({
  company_name: z.string().nullable(),
  role: z.string().nullable(),
  week_start: z.string().nullable(),
  milestone_title: z.string().nullable(),
  cents: integerColumn,
});

// The balance available before: the account up to the moment it was sent, less the payout's own move,
// which may be stamped a moment before or after sent_at.
async function findSentPayout(db: Database, applicantId: string, payoutId: string) {
  if (!UUID.test(payoutId)) return undefined;
  const [payout] = await selectRows(
    db,
    statementPayout,
    sql`select p.id, p.amount_cents, p.status, p.method_label, p.reference, p.failure_reason,
               p.paid_to_name as name, p.paid_to_email as email, p.payer_name, p.sent_at,
               to_char(p.sent_at at time zone 'UTC', 'YYYY-MM-DD') as sent_on,
               to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on,
               (select coalesce(-sum(e.amount_cents), 0)::bigint
                from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
                where e.applicant_id = p.applicant_id and e.account = 'talent_available'
                  and l.occurred_at <= p.sent_at and l.payout_id is distinct from p.id) as available_before
        from payouts p
        where p.id = ${payoutId} and p.applicant_id = ${applicantId}
          and p.status in ${SENT_STATUSES} and p.sent_at is not null`,
  );
  return payout;
}

// The earnings that became available since the previous payout was sent, up to this one: each earning's
// net move (a reclaim in the same span cancels its move). An earning only taken back in the span (one
// paid out before) is left to the carried line, as the balance it reduced was.
function earningsPaidBy(db: Database, payoutId: string) {
  return selectRows(
    db,
    earningLine,
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
        select b.cents, ${companyAsInvoiced} as company_name, a.role, t.week_start::text as week_start,
               m.title as milestone_title
        from became b
        left join timesheets t on t.id = b.timesheet_id
        left join milestones m on m.id = b.milestone_id
        left join assignments a on a.id = coalesce(t.assignment_id, m.assignment_id)
        left join companies c on c.id = a.company_id
        order by 2, t.week_start nulls last, m.title`,
  );
}

// The rows of the earnings table, plus the carried line that makes them add up to the payout to the cent.
function statementRows(payout: z.output<typeof statementPayout>, earnings: z.output<typeof earningLine>[]): string[][] {
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
}: {
  db: Database;
  applicantId: string;
  payoutId: string;
}): Promise<{ fileName: string; pdf: Buffer }> {
  const payout = await findSentPayout(db, applicantId, payoutId);
  if (!payout) throw new AppError('not_found', payoutTexts.statementNotFound);
  const rows = statementRows(payout, await earningsPaidBy(db, payout.id));
  const shortId = payout.id.slice(0, 8);
  // Dated by the payout, not the download: the same statement is the same file, byte for byte.
  const pdf = await createPdf({ title: `Payout statement ${shortId}`, now: payout.sent_at, margin: MARGIN });
  drawTitle(pdf, 'Payout statement');
  drawFacts(pdf, [
    ['Paid by', payout.payer_name],
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
