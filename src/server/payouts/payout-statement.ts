import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import {
  basisPointsPercent,
  conversionRateText,
  payoutStatuses,
  payoutStatusLabels,
  payoutTexts,
  type TalentPayoutPart,
} from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { createPdf } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { companyAsInvoiced } from './company-as-invoiced';
import { currencyColumn, findPayoutParts } from './find-payout-parts';
import {
  amountsText,
  type Column,
  currencyName,
  drawFacts,
  drawNote,
  drawSection,
  drawTable,
  drawTitle,
  drawTotal,
  MARGIN,
  oneCurrencyNote,
} from './statement-drawing';

// A statement for one payout (docs/decisions/036): what it paid, to which method, and the earnings it paid
// out. Tenancy is in the query, so another talent's payout is simply not found. Its parties are the
// payout's, as they were when it was made, and each company as its invoice named it (decision 044).
// Each earning is in the currency its company paid in; a part converted to the payout's currency shows the
// rate, its day and source, and the FX margin, so the amount can be recomputed from the page (decision 051).

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
  currency: currencyColumn,
  status: z.enum(payoutStatuses),
  method_label: z.string().nullable(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  sent_on: z.string(),
  paid_on: z.string().nullable(),
});
type StatementPayout = z.output<typeof statementPayout>;

const earningLine = z.object({
  company_name: z.string().nullable(),
  role: z.string().nullable(),
  week_start: z.string().nullable(),
  milestone_title: z.string().nullable(),
  currency: currencyColumn,
  cents: integerColumn,
});
type EarningLine = z.output<typeof earningLine>;

async function findSentPayout(db: Database, applicantId: string, payoutId: string) {
  if (!UUID.test(payoutId)) return undefined;
  const [payout] = await selectRows(
    db,
    statementPayout,
    sql`select p.id, p.amount_cents, p.currency, p.status, p.method_label, p.reference, p.failure_reason,
               p.paid_to_name as name, p.paid_to_email as email, p.payer_name, p.sent_at,
               to_char(p.sent_at at time zone 'UTC', 'YYYY-MM-DD') as sent_on,
               to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on
        from payouts p
        where p.id = ${payoutId} and p.applicant_id = ${applicantId}
          and p.status in ${SENT_STATUSES} and p.sent_at is not null`,
  );
  return payout;
}

// The balance available before, in each currency the talent held: the account up to the moment it was
// sent, less the payout's own move, which may be stamped a moment before or after sent_at.
function availableBefore(db: Database, payoutId: string) {
  return selectRows(
    db,
    z.object({ currency: currencyColumn, cents: integerColumn }),
    sql`select e.currency, (-sum(e.amount_cents))::bigint as cents
        from payouts p
        join ledger_entries e on e.applicant_id = p.applicant_id and e.account = 'talent_available'
        join ledger_transactions l on l.id = e.transaction_id
        where p.id = ${payoutId} and l.occurred_at <= p.sent_at and l.payout_id is distinct from p.id
        group by e.currency having sum(e.amount_cents) <> 0
        order by e.currency`,
  );
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
          select e.timesheet_id, e.milestone_id, e.currency, (-sum(e.amount_cents))::bigint as cents
          from ledger_entries e
          join ledger_transactions l on l.id = e.transaction_id
          join span s on s.applicant_id = e.applicant_id
          where e.account = 'talent_available' and l.kind in ('earnings_available', 'earnings_reclaimed')
            and (e.timesheet_id is not null or e.milestone_id is not null)
            and l.occurred_at <= s.until and (s.since is null or l.occurred_at > s.since)
          group by e.timesheet_id, e.milestone_id, e.currency
          having sum(e.amount_cents) < 0
        )
        select b.currency, b.cents, ${companyAsInvoiced} as company_name, a.role, t.week_start::text as week_start,
               m.title as milestone_title
        from became b
        left join timesheets t on t.id = b.timesheet_id
        left join milestones m on m.id = b.milestone_id
        left join assignments a on a.id = coalesce(t.assignment_id, m.assignment_id)
        left join companies c on c.id = a.company_id
        order by 3, t.week_start nulls last, m.title`,
  );
}

// The currencies of a statement: its parts' (the order they were paid in), then any other an earning is in.
function currenciesOf(parts: readonly TalentPayoutPart[], earnings: readonly EarningLine[]): Currency[] {
  return [...new Set([...parts.map((part) => part.source_currency), ...earnings.map((earning) => earning.currency)])];
}

// The rows of the earnings table, currency by currency, each in its own: per currency, a carried line makes
// them add up to what the payout took of that currency, to the minor unit.
function statementRows(parts: readonly TalentPayoutPart[], earnings: readonly EarningLine[]): string[][] {
  return currenciesOf(parts, earnings).flatMap((currency) => {
    const ofCurrency = earnings.filter((earning) => earning.currency === currency);
    const rows = ofCurrency.map((earning) => [
      earning.company_name ?? '—',
      earning.role ?? '—',
      earning.week_start ? `Week of ${humanDay(earning.week_start)}` : `Milestone: ${earning.milestone_title ?? '—'}`,
      formatMoney(earning.cents, currency),
    ]);
    const taken = parts.find((part) => part.source_currency === currency)?.source_cents ?? 0;
    const carried = taken - ofCurrency.reduce((sum, earning) => sum + earning.cents, 0);
    if (carried !== 0) rows.push([CARRIED_LABEL, '', '', formatMoney(carried, currency)]);
    return rows;
  });
}

// A part's lines: a converted one from what was earned, through the rate and the margin, to what was
// paid; one in the payout's own currency, just its amount.
function partFacts(part: TalentPayoutPart, payoutCurrency: Currency): Array<[string, string]> {
  const earned: [string, string] = [
    `Earned in ${part.source_currency}`,
    formatMoney(part.source_cents, part.source_currency),
  ];
  if (!part.rate) return [earned];
  return [
    earned,
    ['Rate', conversionRateText(part.source_currency, payoutCurrency, part.rate)],
    ['Converted', formatMoney(part.amount_cents + part.margin_cents, payoutCurrency)],
    [`FX margin (${basisPointsPercent(part.margin_basis_points)})`, formatMoney(-part.margin_cents, payoutCurrency)],
    [`Paid in ${payoutCurrency}`, formatMoney(part.amount_cents, payoutCurrency)],
  ];
}

function statementNote(payout: StatementPayout, currencies: readonly Currency[]): string {
  const used = new Set([payout.currency, ...currencies]);
  if (used.size === 1) return oneCurrencyNote(payout.currency);
  return `Each earning is in the currency its company paid in, and the payout in ${currencyName(payout.currency)}: Tandem converted at the rates shown, keeping the FX margin shown. Any further conversion is made by your bank or wallet and shows on its statement.`;
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
  const [earnings, before, partsById] = await Promise.all([
    earningsPaidBy(db, payout.id),
    availableBefore(db, payout.id),
    findPayoutParts({ db, payoutIds: [payout.id] }),
  ]);
  const parts = partsById.get(payout.id) ?? [];
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
    ['Amount', formatMoney(payout.amount_cents, payout.currency)],
    ['Balance available before', before.length > 0 ? amountsText(before) : formatMoney(0, payout.currency)],
  ]);
  drawNote(pdf, statementNote(payout, currenciesOf(parts, earnings)));
  drawSection(pdf, 'Earnings paid out');
  drawTable(pdf, earningColumns, statementRows(parts, earnings));
  if (parts.some((part) => part.rate)) {
    drawSection(pdf, `Paid in ${currencyName(payout.currency)}`);
    for (const part of parts) drawFacts(pdf, partFacts(part, payout.currency));
  }
  drawTotal(pdf, 'Total paid out', formatMoney(payout.amount_cents, payout.currency));
  return { fileName: `tandem-payout-${shortId}.pdf`, pdf: await pdf.finish() };
}
