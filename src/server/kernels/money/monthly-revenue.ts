import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Currency } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { integerColumn } from '../../db/row-columns';
import { creditNotes, invoices } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { currencyColumn } from './reporting-currency';

// Monthly Revenue, the one definition (docs/decisions/023-monthly-revenue.md): the invoices issued in a
// calendar month (UTC, by issue date), paid or not, each counted for its work and its platform fee, before
// tax, less the credit notes issued in the month against invoices, for the work and fee they credit
// (decision 048; a milestone's funding refunded was never invoiced, so never revenue, and its credit note
// subtracts nothing). Every screen that shows the figure (admin dashboard, Company Management, Account Manager Management,
// the manager portal) sums this over the companies it speaks of, so the rows add up to the total.

export interface RevenueMonth {
  // YYYY-MM-DD: the first day of the month and of the next.
  start: string;
  end: string;
}

// The calendar month (UTC) holding `now`, or `monthsBack` months before it.
export function revenueMonthOf(now: Date, monthsBack = 0): RevenueMonth {
  const day = (monthIndex: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), monthIndex, 1)).toISOString().slice(0, 10);
  return { start: day(now.getUTCMonth() - monthsBack), end: day(now.getUTCMonth() - monthsBack + 1) };
}

// What one invoice adds: its work and its platform fee. Tax is collected for the tax authorities and
// passed on, so it is not revenue.
export const invoiceRevenueCents = sql<number>`(${invoices.subtotalCents} + ${invoices.feeCents})`;

// The invoices of the month, by issue date.
export const isIssuedIn = (month: RevenueMonth) =>
  and(gte(invoices.issueDate, month.start), lt(invoices.issueDate, month.end)) as SQL;

// What one credit note takes back: the work and fee it credits of an invoice; nothing when it credits
// money never invoiced (a milestone's funding).
export const creditNoteRevenueCents = sql<number>`(case when ${creditNotes.invoiceId} is null then 0
  else ${creditNotes.subtotalCents} + ${creditNotes.feeCents} end)`;

// The credit notes of the month, by issue date.
export const isCreditedIn = (month: RevenueMonth) =>
  and(gte(creditNotes.issueDate, month.start), lt(creditNotes.issueDate, month.end)) as SQL;

// The Monthly Revenue of the companies `companyIds` names (a subquery, or one company's id column), as a
// scalar subquery: bigint cents, 0 when nothing was issued.
export const monthlyRevenueOf = (companyIds: SQL, month: RevenueMonth) =>
  sql<number>`((select coalesce(sum(${invoiceRevenueCents}), 0) from ${invoices}
    where ${invoices.companyId} in (${companyIds}) and ${isIssuedIn(month)})
    - (select coalesce(sum(${creditNoteRevenueCents}), 0) from ${creditNotes}
    where ${creditNotes.companyId} in (${companyIds}) and ${isCreditedIn(month)}))::bigint`;

// Monthly Revenue a currency: each invoice and credit note counts in its own currency (its company's billing
// currency when issued), so a platform billing in several has one figure a currency, never their sum; a report
// converts each at its recorded rate (reporting-currency.ts) before adding them up. Currencies with nothing
// issued in the month are left out.
export async function monthlyRevenueByCurrency({
  db,
  month,
}: {
  db: Database;
  month: RevenueMonth;
}): Promise<Map<Currency, number>> {
  const rows = await selectRows(
    db,
    z.object({ currency: currencyColumn, cents: integerColumn }),
    sql`select currency, sum(cents)::bigint as cents from (
          select ${invoices.currency} as currency, ${invoiceRevenueCents} as cents from ${invoices}
          where ${isIssuedIn(month)}
          union all
          select ${creditNotes.currency}, -${creditNoteRevenueCents} from ${creditNotes}
          where ${isCreditedIn(month)}
        ) issued
        group by currency
        order by currency`,
  );
  return new Map(rows.filter((row) => row.cents !== 0).map((row) => [row.currency, row.cents]));
}
