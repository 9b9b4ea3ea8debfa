import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TAX_FORM_REMINDER_DAYS, type TaxFormQueue, type TaxFormQueueQuery, taxFormKinds } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { integerColumn, momentColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';

const queueRow = z.object({
  applicant_id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(taxFormKinds).nullable(),
  signed_at: momentColumn.nullable(),
  expires_at: momentColumn.nullable(),
  reminded_at: momentColumn.nullable(),
  state: z.enum(['missing', 'expiring', 'expired', 'valid']),
  total: integerColumn,
});

const DAY_MS = 86_400_000;

// The talents a payout run would stop on, or soon (decision 054): each who was ever hired, with the form in force
// (if any) judged at `now`. Missing by name; expiring and expired by the day the form ends.
export async function findTaxFormQueue({
  db,
  query,
  now = new Date(),
}: {
  db: Database;
  query: TaxFormQueueQuery;
  now?: Date;
}): Promise<TaxFormQueue> {
  const soon = new Date(now.getTime() + TAX_FORM_REMINDER_DAYS * DAY_MS);
  const judged = sql`
    select u.id as applicant_id, u.name, u.email, f.kind, f.signed_at, f.expires_at, f.reminded_at,
           case when f.id is null then 'missing'
                when f.expires_at is not null and f.expires_at <= ${now.toISOString()}::timestamptz then 'expired'
                when f.expires_at is not null and f.expires_at <= ${soon.toISOString()}::timestamptz then 'expiring'
                else 'valid' end as state
    from users u
    left join tax_forms f on f.applicant_id = u.id and f.status = 'active'
    where u.role = 'applicant' and u.status = 'active'
      and exists (select 1 from assignments a where a.applicant_id = u.id)`;
  const [rows, counts] = await Promise.all([
    selectRows(
      db,
      queueRow,
      sql`select judged.*, count(*) over () as total from (${judged}) judged
          where state = ${query.state}
          order by ${query.state === 'missing' ? sql`name, applicant_id` : sql`expires_at, name, applicant_id`}
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    selectRows(
      db,
      z.object({ state: z.string(), count: integerColumn }),
      sql`select state, count(*)::int as count from (${judged}) judged group by state`,
    ),
  ]);
  const countOf = (state: string) => counts.find((row) => row.state === state)?.count ?? 0;
  return {
    items: rows.map((row) => ({
      applicant_id: row.applicant_id,
      name: row.name,
      email: row.email,
      kind: row.kind,
      signed_at: row.signed_at?.toISOString() ?? null,
      // The form's last valid day: the day before the moment it ends.
      valid_until: row.expires_at ? new Date(row.expires_at.getTime() - DAY_MS).toISOString().slice(0, 10) : null,
      reminded_at: row.reminded_at?.toISOString() ?? null,
    })),
    total: rows[0]?.total ?? countOf(query.state),
    page: query.page,
    page_size: query.page_size,
    counts: { missing: countOf('missing'), expiring: countOf('expiring'), expired: countOf('expired') },
  };
}
