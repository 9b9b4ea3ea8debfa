import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { InvoiceSeller } from '~/shared/billing-details';
import { currencies } from '~/shared/currencies';
import { necFormTexts, necThresholdCents } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';

// What the year-end forms are made of (decision 055): each US person — a talent whose tax form in force is a
// W-9 — with what the ledger says Tandem paid them in the calendar year (UTC), and the 1099-NEC issued for it.
// Paid means paid out: the `paid_out` side of each `payout_paid` transaction, so the form and the books agree
// to the cent. A person is listed once paid the year's threshold in dollars, or once a form was issued.

export const necCandidateRow = z.object({
  applicant_id: uuidColumn,
  name: z.string(),
  email: z.string(),
  tax_form_id: uuidColumn,
  legal_name: z.string(),
  business_name: z.string().nullable(),
  street: z.string(),
  city_line: z.string(),
  tin_type: z.enum(['ssn', 'itin', 'ein']),
  tin_last4: z.string(),
  paid_cents: integerColumn,
  paid_other: z.array(z.object({ currency: z.enum(currencies), cents: integerColumn })),
  form_id: uuidColumn.nullable(),
  form_box1_cents: integerColumn.nullable(),
  form_tax_form_id: uuidColumn.nullable(),
  form_corrected: z.boolean().nullable(),
  form_issued_at: momentColumn.nullable(),
  state: z.enum(['not_issued', 'issued', 'changed']),
});
export type NecCandidate = z.infer<typeof necCandidateRow>;

const yearBounds = (year: number) => ({ from: `${year}-01-01T00:00:00Z`, to: `${year + 1}-01-01T00:00:00Z` });

// The candidates as a subquery: `where` narrows it (one talent, a state), `tail` orders and pages it.
export function necCandidatesSql(year: number): SQL {
  const { from, to } = yearBounds(year);
  return sql`
    with paid as (
      select e.applicant_id, e.currency, (-sum(e.amount_cents))::bigint as cents
      from ledger_transactions l join ledger_entries e on e.transaction_id = l.id
      where l.kind = 'payout_paid' and e.account = 'paid_out'
        and l.occurred_at >= ${from}::timestamptz and l.occurred_at < ${to}::timestamptz
      group by e.applicant_id, e.currency
    ), listed as (
      select u.id as applicant_id, u.name, u.email, f.id as tax_form_id, f.legal_name, f.business_name,
             f.address_street as street, f.address_city as city_line, f.us_tin_type as tin_type,
             f.us_tin_last4 as tin_last4,
             coalesce((select p.cents from paid p where p.applicant_id = u.id and p.currency = 'USD'), 0) as paid_cents,
             coalesce((select json_agg(json_build_object('currency', p.currency, 'cents', p.cents) order by p.currency)
                       from paid p where p.applicant_id = u.id and p.currency <> 'USD'), '[]'::json) as paid_other,
             n.id as form_id, n.box1_cents as form_box1_cents, n.tax_form_id as form_tax_form_id,
             n.corrected as form_corrected, n.issued_at as form_issued_at
      from tax_forms f
      join users u on u.id = f.applicant_id
      left join nec_forms n on n.applicant_id = f.applicant_id and n.tax_year = ${year} and n.status = 'issued'
      where f.kind = 'w9' and f.status = 'active' and f.us_tin_type is not null
    )
    select listed.*,
           case when form_id is null then 'not_issued'
                when form_box1_cents <> paid_cents or form_tax_form_id <> tax_form_id then 'changed'
                else 'issued' end as state
    from listed
    where paid_cents >= ${necThresholdCents(year)} or form_id is not null`;
}

export function findNecCandidates(
  db: Database,
  year: number,
  { where = sql`true`, tail = sql`order by name, applicant_id` }: { where?: SQL; tail?: SQL } = {},
) {
  return selectRows(
    db,
    necCandidateRow,
    sql`select candidates.* from (${necCandidatesSql(year)}) candidates where ${where} ${tail}`,
  );
}

// Why the year's forms may not be issued yet, or null: the year must be over, and the payer named in full.
export function necIssueBlock(year: number, payer: InvoiceSeller, now: Date): string | null {
  if (year >= now.getUTCFullYear()) return necFormTexts.yearNotOver(year);
  if (!payer.us_ein || !payer.address.trim() || !payer.phone || !payer.legal_name) return necFormTexts.payerIncomplete;
  return null;
}
