import { type AdminPayment, adminPaymentStatusLabels } from '~/shared/admin-payments';
import { paymentPurposeOf } from '~/shared/billing';
import type { Database } from '../db/client';
import { buildCsv } from '../platform/build-csv';
import { recordAuditEvent } from '../platform/record-audit-event';
import { type AdminPaymentFilter, findAdminPaymentsForExport } from './find-admin-payments';

// Refunded: how much went back in all (a settled dispute gives back a part) and the day it last did,
// "163.12 on 2026-11-28"; empty when nothing went back.
const refundedCell = (row: AdminPayment) => {
  if (!row.refunded_at) return null;
  const day = row.refunded_at.slice(0, 10);
  return row.refunded_cents > 0 ? `${(row.refunded_cents / 100).toFixed(2)} on ${day}` : day;
};

// The administrators' payments as a CSV. Every company's payments leave the platform in one file, so
// who took which rows is kept in the audit log.
export async function exportAdminPayments({
  db,
  filter,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  filter: AdminPaymentFilter;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<{ filename: string; content: string }> {
  const rows = await findAdminPaymentsForExport({ db, filter });
  const content = buildCsv([
    ['Company', 'Amount (USD)', 'Status', 'Date', 'Invoice', 'Method', 'Completed', 'Refunded', 'Failure'],
    ...rows.map((row) => [
      row.company_name,
      (row.amount_cents / 100).toFixed(2),
      adminPaymentStatusLabels[row.display_status],
      row.created_at.slice(0, 10),
      paymentPurposeOf(row),
      row.method_label,
      row.completed_at?.slice(0, 10),
      refundedCell(row),
      row.failure_message,
    ]),
  ]);
  await recordAuditEvent({
    db,
    event: { actorId, action: 'payment.exported', details: { filter, rows: rows.length }, ipAddress },
  });
  return { filename: `payments-${now.toISOString().slice(0, 10)}.csv`, content };
}
