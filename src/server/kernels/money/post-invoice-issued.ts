import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { integerColumn, momentColumn, uuidColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';
import { uuidArray } from './invoice-drafts';

import { one, postTransaction } from './post-transaction';

const invoiceRow = z.object({
  company_id: uuidColumn,
  milestone_id: uuidColumn.nullable(),
  subtotal_cents: integerColumn,
  fee_cents: integerColumn,
  tax_cents: integerColumn,
  total_cents: integerColumn,
  created_at: momentColumn,
});

// An invoice issued. A weekly invoice: the rest of what the company owes beyond the talent's pay of its
// weeks (posted at approval) — the margin (the work billed less that pay), the fee and the tax. A
// milestone's release invoice (decision 035), paid from escrow: the talent earns its work, pending; the
// fee is revenue; the tax is owed to the authorities. So a paid invoice splits exactly into talent
// earnings + platform margin + fee + tax.
export async function postInvoiceIssued(db: Database, invoiceId: string): Promise<void> {
  const invoice = one(
    await selectRows(
      db,
      invoiceRow,
      sql`select company_id, milestone_id, subtotal_cents, fee_cents, tax_cents, total_cents, created_at
          from invoices where id = ${invoiceId}`,
    ),
  );
  if (!invoice) return;
  const occurredAt = new Date(invoice.created_at);
  const companyId = invoice.company_id;
  if (invoice.milestone_id) {
    const contract = one(
      await selectRows(
        db,
        z.object({ applicant_id: uuidColumn }),
        sql`select a.applicant_id from milestones m join assignments a on a.id = m.assignment_id
            where m.id = ${invoice.milestone_id}`,
      ),
    );
    if (!contract) return;
    await postTransaction({
      db,
      key: `release:${invoiceId}`,
      kind: 'milestone_released',
      refs: { companyId, applicantId: contract.applicant_id, invoiceId, milestoneId: invoice.milestone_id },
      occurredAt,
      lines: [
        { account: 'escrow', amountCents: invoice.total_cents, companyId },
        {
          account: 'talent_pending',
          amountCents: -invoice.subtotal_cents,
          applicantId: contract.applicant_id,
          milestoneId: invoice.milestone_id,
        },
        { account: 'platform_revenue', amountCents: -invoice.fee_cents, companyId },
        { account: 'tax_payable', amountCents: -invoice.tax_cents, companyId },
      ],
    });
    return;
  }
  await postInvoicesIssued({ db, invoiceIds: [invoiceId] });
}

// Weekly invoices issued, many at once (the invoice run issues a thousand in one transaction): one statement.
export async function postInvoicesIssued({ db, invoiceIds }: { db: Database; invoiceIds: string[] }): Promise<void> {
  if (invoiceIds.length === 0) return;
  await db.execute(
    sql`with billed as (
          select i.id, i.company_id, i.created_at, i.subtotal_cents::bigint as subtotal, i.fee_cents::bigint as fee,
                 i.tax_cents::bigint as tax, i.total_cents::bigint as total,
                 coalesce((select sum(t.talent_pay_cents) from timesheets t where t.invoice_id = i.id), 0)::bigint as pay
          from invoices i
          where i.id = any(${uuidArray(invoiceIds)}::uuid[]) and i.milestone_id is null
        ), posted as (
          insert into ledger_transactions (key, kind, company_id, invoice_id, occurred_at)
          select 'invoice:' || id, 'invoice_issued', company_id, id, created_at from billed
          on conflict (key) do nothing
          returning id, invoice_id
        )
        insert into ledger_entries (transaction_id, account, amount_cents, company_id)
        select posted.id, line.account::ledger_account, line.cents, b.company_id
        from posted join billed b on b.id = posted.invoice_id
        cross join lateral (values ('company_receivable', b.total - b.pay), ('platform_revenue', b.pay - b.subtotal),
                                   ('platform_revenue', -b.fee), ('tax_payable', -b.tax)) as line(account, cents)
        where line.cents <> 0`,
  );
}
