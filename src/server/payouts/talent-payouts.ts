import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TalentPayoutList } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, totalRow, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { currencyColumn, findPayoutParts } from './find-payout-parts';
import { iso } from './payout-view-rows';

// The talent's own payouts, newest first, each with its parts: what it paid from each currency they earned in.
export async function talentPayouts({
  db,
  applicantId,
  page,
  pageSize,
}: {
  db: Database;
  applicantId: string;
  page: number;
  pageSize: number;
}): Promise<TalentPayoutList> {
  const sentStatuses = sql`('sent', 'paid', 'failed')`;
  const [rows, [counted]] = await Promise.all([
    selectRows(
      db,
      z.object({
        id: uuidColumn,
        amount_cents: integerColumn,
        currency: currencyColumn,
        status: z.enum(['sent', 'paid', 'failed']),
        method_label: z.string().nullable(),
        reference: z.string().nullable(),
        failure_reason: z.string().nullable(),
        sent_at: momentColumn,
        paid_at: momentColumn.nullable(),
        failed_at: momentColumn.nullable(),
      }),
      sql`select id, amount_cents, currency, status, method_label, reference, failure_reason, sent_at, paid_at, failed_at
          from payouts where applicant_id = ${applicantId} and status in ${sentStatuses}
          order by sent_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(
      db,
      totalRow,
      sql`select count(*)::int as total from payouts where applicant_id = ${applicantId} and status in ${sentStatuses}`,
    ),
  ]);
  const parts = await findPayoutParts({ db, payoutIds: rows.map((row) => row.id) });
  return {
    items: rows.map((row) => ({
      id: row.id,
      amount_cents: row.amount_cents,
      currency: row.currency,
      parts: parts.get(row.id) ?? [],
      status: row.status,
      method_label: row.method_label ?? '',
      reference: row.reference,
      failure_reason: row.failure_reason,
      sent_at: new Date(row.sent_at).toISOString(),
      paid_at: iso(row.paid_at),
      failed_at: iso(row.failed_at),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
