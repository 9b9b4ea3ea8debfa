import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { one, postTransaction } from './post-transaction';

// charge less the release invoice paid from it (decision 035), out of escrow. One refund per milestone.
export async function postFundingRefunded(db: Database, milestoneId: string): Promise<void> {
  const refund = one(
    await selectRows(
      db,
      z.object({
        company_id: uuidColumn,
        payment_id: uuidColumn,
        charged: integerColumn,
        released: integerColumn,
        at: momentColumn,
      }),
      sql`select p.company_id, p.id as payment_id, p.amount_cents as charged, m.updated_at as at,
                 coalesce((select sum(i.total_cents) from invoices i where i.milestone_id = m.id), 0)::bigint as released
          from milestones m join payments p on p.milestone_id = m.id and p.status = 'completed'
          where m.id = ${milestoneId} and m.refunded_cents > 0`,
    ),
  );
  if (!refund) return;
  const cents = refund.charged - Number(refund.released);
  const companyId = refund.company_id;
  await postTransaction({
    db,
    key: `milestone-refund:${milestoneId}`,
    kind: 'funding_refunded',
    refs: { companyId, paymentId: refund.payment_id, milestoneId },
    occurredAt: new Date(refund.at),
    lines: [
      { account: 'escrow', amountCents: cents, companyId },
      { account: 'provider_clearing', amountCents: -cents, companyId },
    ],
  });
}
