import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integerColumn, uuidColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { paymentOf } from './ledger-payment-rows';
import { postFundingRefunded } from './post-funding-refunded';
import { postTransaction } from './post-transaction';

// the milestone's refund (below).
export async function postPaymentRefunded(db: Database, paymentId: string): Promise<void> {
  const payment = await paymentOf(db, paymentId);
  if (!payment?.refunded_at || payment.status !== 'completed') return;
  const companyId = payment.company_id;
  const occurredAt = new Date(payment.refunded_at);
  if (payment.milestone_id) return postFundingRefunded(db, payment.milestone_id);
  const posted = await postTransaction({
    db,
    key: `refund:${paymentId}`,
    kind: 'payment_refunded',
    refs: { companyId, paymentId, invoiceId: payment.invoice_id },
    occurredAt,
    lines: [
      { account: 'company_receivable', amountCents: payment.amount_cents, companyId },
      { account: 'provider_clearing', amountCents: -payment.amount_cents, companyId },
    ],
  });
  if (!posted || !payment.invoice_id) return;
  const available = await selectRows(
    db,
    z.object({ applicant_id: uuidColumn, timesheet_id: uuidColumn, cents: integerColumn }),
    sql`select e.applicant_id, e.timesheet_id, (-sum(e.amount_cents))::bigint as cents
        from ledger_entries e join timesheets t on t.id = e.timesheet_id
        where t.invoice_id = ${payment.invoice_id} and e.account = 'talent_available'
        group by e.applicant_id, e.timesheet_id
        having sum(e.amount_cents) < 0`,
  );
  for (const earning of available) {
    const cents = Number(earning.cents);
    await postTransaction({
      db,
      key: `reclaim:${paymentId}:${earning.timesheet_id}`,
      kind: 'earnings_reclaimed',
      refs: { applicantId: earning.applicant_id, paymentId, timesheetId: earning.timesheet_id },
      occurredAt,
      lines: [
        {
          account: 'talent_available',
          amountCents: cents,
          applicantId: earning.applicant_id,
          timesheetId: earning.timesheet_id,
        },
        {
          account: 'talent_pending',
          amountCents: -cents,
          applicantId: earning.applicant_id,
          timesheetId: earning.timesheet_id,
        },
      ],
    });
  }
}

// What a milestone's refund gave back of its funding charge (all of it, or a settlement's part): the
