import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { InvoiceSeller } from '~/shared/billing-details';
import { maskTin } from '~/shared/tax-forms';
import { type NecListQuery, type NecRecipients, necThresholdCents } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { findNecCandidates, necCandidatesSql, necIssueBlock } from './nec-payments';
import { holdsTaxDataReaderGrant } from './tax-form-records';

// The year's US persons for an administrator, a page at a time by name: what the ledger says was paid beside
// the form issued, so a form not yet issued or out of date since shows as such. Numbers masked.
export async function findNecRecipients({
  db,
  query,
  payer,
  viewerId,
  now = new Date(),
}: {
  db: Database;
  query: NecListQuery;
  payer: InvoiceSeller;
  viewerId: string;
  now?: Date;
}): Promise<NecRecipients> {
  const { year, page, page_size } = query;
  const [rows, counts, canDownload] = await Promise.all([
    findNecCandidates(db, year, {
      tail: sql`order by name, applicant_id limit ${page_size} offset ${(page - 1) * page_size}`,
    }),
    selectRows(
      db,
      z.object({ state: z.string(), count: integerColumn }),
      sql`select state, count(*)::int as count from (${necCandidatesSql(year)}) candidates group by state`,
    ),
    holdsTaxDataReaderGrant(db, viewerId),
  ]);
  const countOf = (state: string) => counts.find((row) => row.state === state)?.count ?? 0;
  const blockedReason = necIssueBlock(year, payer, now);
  return {
    year,
    threshold_cents: necThresholdCents(year),
    can_issue: blockedReason === null,
    blocked_reason: blockedReason,
    can_download_file: canDownload,
    items: rows.map((row) => ({
      applicant_id: row.applicant_id,
      name: row.name,
      email: row.email,
      legal_name: row.legal_name,
      tin_type: row.tin_type,
      tin_masked: maskTin(row.tin_type, row.tin_last4),
      paid_cents: row.paid_cents,
      paid_other: row.paid_other,
      state: row.state,
      form:
        row.form_id && row.form_box1_cents !== null && row.form_issued_at
          ? {
              id: row.form_id,
              box1_cents: row.form_box1_cents,
              corrected: row.form_corrected ?? false,
              issued_at: row.form_issued_at.toISOString(),
            }
          : null,
    })),
    total: countOf('not_issued') + countOf('issued') + countOf('changed'),
    page,
    page_size,
    counts: { not_issued: countOf('not_issued'), issued: countOf('issued'), changed: countOf('changed') },
  };
}
