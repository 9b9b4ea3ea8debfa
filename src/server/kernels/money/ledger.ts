import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type LedgerAccount, type LedgerTransactionKind, ledgerAccounts } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../../db/client';
import { idRow, integerColumn, momentColumn, uuidColumn } from '../../db/row-columns';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { uuidArray } from './invoice-drafts';

// The money ledger (docs/decisions/036): double entry, integer cents, USD, append only. Every event that
// moves money posts one transaction, named by a key that says what made it, so posting is idempotent:
// the feature that moves the money posts in its own transaction, and `postMissingTransactions` (the
// hourly job, and every payout run) posts anything not posted yet — rows written before the ledger, or by
// a path that does not post. Debits are positive, credits negative: a liability's or revenue's balance is
// minus its sum. work/, billing/, earnings/ and payouts/ all post or read it, hence platform/.

export interface LedgerLine {
  account: LedgerAccount;
  amountCents: number;
  applicantId?: string | null;
  companyId?: string | null;
  timesheetId?: string | null;
  milestoneId?: string | null;
}

interface TransactionRefs {
  companyId?: string | null;
  applicantId?: string | null;
  invoiceId?: string | null;
  paymentId?: string | null;
  timesheetId?: string | null;
  milestoneId?: string | null;
  payoutId?: string | null;
}

export class UnbalancedTransactionError extends Error {}

// Posts a transaction once: a second post of the same key changes nothing and answers false. Zero lines
// are left out; a transaction whose lines are all zero is still recorded, so its key counts as posted.
export async function postTransaction(
  db: Database,
  {
    key,
    kind,
    refs = {},
    lines,
    occurredAt,
  }: { key: string; kind: LedgerTransactionKind; refs?: TransactionRefs; lines: LedgerLine[]; occurredAt?: Date },
): Promise<boolean> {
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0 || lines.some((line) => !Number.isSafeInteger(line.amountCents))) {
    throw new UnbalancedTransactionError(`ledger transaction ${key} does not balance (${sum})`);
  }
  const [posted] = await db
    .insert(ledgerTransactions)
    .values({ key, kind, ...refs, ...(occurredAt && { occurredAt }) })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!posted) return false;
  const written = lines.filter((line) => line.amountCents !== 0);
  if (written.length > 0) {
    await db.insert(ledgerEntries).values(
      written.map((line) => ({
        transactionId: posted.id,
        account: line.account,
        amountCents: line.amountCents,
        applicantId: line.applicantId ?? null,
        companyId: line.companyId ?? null,
        timesheetId: line.timesheetId ?? null,
        milestoneId: line.milestoneId ?? null,
      })),
    );
  }
  return true;
}

const one = <Row>(rows: Row[]) => rows[0];

// An approved week: the company owes the talent's pay (billed or not yet), and the talent is owed it,
// pending.
export async function postWorkApproved(db: Database, timesheetId: string): Promise<void> {
  const week = one(
    await selectRows(
      db,
      z.object({
        pay: integerColumn.nullable(),
        applicant_id: uuidColumn,
        company_id: uuidColumn,
        approved_at: momentColumn.nullable(),
      }),
      sql`select t.talent_pay_cents as pay, a.applicant_id, a.company_id, t.approved_at
          from timesheets t join assignments a on a.id = t.assignment_id
          where t.id = ${timesheetId} and t.status = 'approved'`,
    ),
  );
  if (!week) return;
  const pay = Number(week.pay ?? 0);
  await postTransaction(db, {
    key: `work:${timesheetId}`,
    kind: 'work_approved',
    refs: { companyId: week.company_id, applicantId: week.applicant_id, timesheetId },
    occurredAt: week.approved_at ? new Date(week.approved_at) : undefined,
    lines: [
      { account: 'company_receivable', amountCents: pay, companyId: week.company_id },
      { account: 'talent_pending', amountCents: -pay, applicantId: week.applicant_id, timesheetId },
    ],
  });
}

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
    await postTransaction(db, {
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
  await postInvoicesIssued(db, [invoiceId]);
}

// Weekly invoices issued, many at once (the invoice run issues a thousand in one transaction): one statement.
export async function postInvoicesIssued(db: Database, invoiceIds: string[]): Promise<void> {
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

const paymentRow = z.object({
  company_id: uuidColumn,
  invoice_id: uuidColumn.nullable(),
  milestone_id: uuidColumn.nullable(),
  amount_cents: integerColumn,
  status: z.string(),
  completed_at: momentColumn.nullable(),
  refunded_at: momentColumn.nullable(),
});

const paymentOf = async (db: Database, paymentId: string) =>
  one(
    await selectRows(
      db,
      paymentRow,
      sql`select company_id, invoice_id, milestone_id, amount_cents, status, completed_at, refunded_at
          from payments where id = ${paymentId}`,
    ),
  );

// A completed payment: the cash is with the provider; it settles the company's invoice, or it is held in
// escrow for a milestone.
export async function postPaymentCompleted(db: Database, paymentId: string): Promise<void> {
  const payment = await paymentOf(db, paymentId);
  if (payment?.status !== 'completed') return;
  const companyId = payment.company_id;
  const funding = payment.milestone_id !== null;
  await postTransaction(db, {
    key: `payment:${paymentId}`,
    kind: funding ? 'funding_received' : 'payment_received',
    refs: { companyId, paymentId, invoiceId: payment.invoice_id, milestoneId: payment.milestone_id },
    occurredAt: payment.completed_at ? new Date(payment.completed_at) : undefined,
    lines: [
      { account: 'provider_clearing', amountCents: payment.amount_cents, companyId },
      { account: funding ? 'escrow' : 'company_receivable', amountCents: -payment.amount_cents, companyId },
    ],
  });
}

// A refunded payment gives the cash back. An invoice's: the company owes it again, and the talent's
// earnings of that invoice that were available go back to pending until it is paid again — taken back
// from a balance not yet paid out, or leaving it negative, recovered from later earnings. A funding's is
// the milestone's refund (below).
export async function postPaymentRefunded(db: Database, paymentId: string): Promise<void> {
  const payment = await paymentOf(db, paymentId);
  if (!payment?.refunded_at || payment.status !== 'completed') return;
  const companyId = payment.company_id;
  const occurredAt = new Date(payment.refunded_at);
  if (payment.milestone_id) return postFundingRefunded(db, payment.milestone_id);
  const posted = await postTransaction(db, {
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
    await postTransaction(db, {
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
  await postTransaction(db, {
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

// Everything the features should have posted and did not (rows from before the ledger, demo data): each
// post is idempotent, so this may run at any time, on any instance, as often as it likes.
export async function postMissingTransactions(db: Database): Promise<number> {
  let posted = 0;
  const missing = async (query: SQL, post: (tx: Database, id: string) => Promise<void>) => {
    for (const { id } of await selectRows(db, idRow, query)) {
      await db.transaction((tx) => post(tx, id));
      posted += 1;
    }
  };
  await missing(
    sql`select t.id from timesheets t where t.status = 'approved'
        and not exists (select 1 from ledger_transactions l where l.key = 'work:' || t.id)
        order by t.approved_at`,
    postWorkApproved,
  );
  await missing(
    sql`select i.id from invoices i
        where not exists (select 1 from ledger_transactions l where l.invoice_id = i.id
                          and l.kind in ('invoice_issued', 'milestone_released'))
        order by i.created_at`,
    postInvoiceIssued,
  );
  await missing(
    sql`select p.id from payments p where p.status = 'completed'
        and not exists (select 1 from ledger_transactions l where l.key = 'payment:' || p.id)
        order by p.completed_at`,
    postPaymentCompleted,
  );
  await missing(
    sql`select m.id from milestones m where m.refunded_cents > 0
        and not exists (select 1 from ledger_transactions l where l.key = 'milestone-refund:' || m.id)`,
    postFundingRefunded,
  );
  await missing(
    sql`select p.id from payments p where p.status = 'completed' and p.refunded_at is not null and p.invoice_id is not null
        and not exists (select 1 from ledger_transactions l where l.key = 'refund:' || p.id)
        order by p.refunded_at`,
    postPaymentRefunded,
  );
  // A large catch-up (the first after the ledger was added, or after an import) changes the ledger's size
  // by orders of magnitude: its statistics follow now rather than whenever autovacuum comes round, so the
  // run that follows is planned on the ledger as it is (scripts/bench-payouts.ts).
  if (posted >= LARGE_CATCH_UP) await db.execute(sql`analyze ledger_transactions, ledger_entries`);
  return posted;
}

const LARGE_CATCH_UP = 1000;

// Pending earnings that may be paid now become available, in one statement per run: an hourly week once
// its invoice is paid (when the System Setting says earnings wait for it) and the security period has
// passed since; a released milestone (paid from escrow) once the security period has passed since its
// release. The key counts the earning's earlier moves to available, so a week taken back by a refund
// becomes available again, once, after its invoice is paid again; two instances running it at once post
// each move once (the key is unique).
export async function makeEarningsAvailable(
  db: Database,
  {
    now,
    settings,
  }: { now: Date; settings: Pick<PlatformSettings, 'payouts_wait_for_payment' | 'payout_security_days'> },
): Promise<number> {
  const cutoff = new Date(now.getTime() - settings.payout_security_days * 86_400_000).toISOString();
  const waitForPayment = settings.payouts_wait_for_payment;
  const rows = await selectRows(
    db,
    idRow,
    sql`with pending as (
          select e.applicant_id, e.timesheet_id, e.milestone_id, (-sum(e.amount_cents))::bigint as cents
          from ledger_entries e
          where e.account = 'talent_pending' and e.applicant_id is not null
          group by e.applicant_id, e.timesheet_id, e.milestone_id
          having sum(e.amount_cents) < 0
        ), ready as (
          select p.*, coalesce(p.timesheet_id, p.milestone_id) as earning_id
          from pending p
          left join timesheets t on t.id = p.timesheet_id
          left join invoices i on i.id = t.invoice_id
          left join invoices r on r.milestone_id = p.milestone_id
          where (p.timesheet_id is not null
                 and (not ${waitForPayment}::boolean or i.status = 'paid')
                 and greatest(t.approved_at, case when ${waitForPayment}::boolean then i.paid_at end)
                     <= ${cutoff}::timestamptz)
             or (p.milestone_id is not null and r.created_at <= ${cutoff}::timestamptz)
        ), moves as (
          select r.*, 'available:' || r.earning_id || ':' ||
                 (select count(*) from ledger_transactions l
                  where l.applicant_id = r.applicant_id and l.kind = 'earnings_available'
                    and (l.timesheet_id = r.timesheet_id or l.milestone_id = r.milestone_id)) as key
          from ready r
        ), posted as (
          insert into ledger_transactions (key, kind, applicant_id, timesheet_id, milestone_id, occurred_at)
          select key, 'earnings_available', applicant_id, timesheet_id, milestone_id, ${now.toISOString()}::timestamptz
          from moves
          on conflict (key) do nothing
          returning id, key
        ), lines as (
          insert into ledger_entries (transaction_id, account, amount_cents, applicant_id, timesheet_id, milestone_id)
          select posted.id, side.account::ledger_account, side.sign * m.cents, m.applicant_id, m.timesheet_id, m.milestone_id
          from posted join moves m on m.key = posted.key
          cross join (values ('talent_pending', 1), ('talent_available', -1)) as side(account, sign)
          returning transaction_id
        )
        select distinct transaction_id as id from lines`,
  );
  return rows.length;
}

// An account's sum of lines.
const accountSumRow = z.object({ account: z.enum(ledgerAccounts), cents: integerColumn });

export interface TalentBalance {
  pendingCents: number;
  availableCents: number;
  inTransitCents: number;
  paidOutCents: number;
}

// What the ledger owes one talent, by stage: minus each account's sum (they are liabilities).
export async function talentBalanceOf(db: Database, applicantId: string): Promise<TalentBalance> {
  const rows = await selectRows(
    db,
    accountSumRow,
    sql`select account, (-sum(amount_cents))::bigint as cents from ledger_entries
        where applicant_id = ${applicantId}
          and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out')
        group by account`,
  );
  const of = (account: LedgerAccount) => Number(rows.find((row) => row.account === account)?.cents ?? 0);
  return {
    pendingCents: of('talent_pending'),
    availableCents: of('talent_available'),
    inTransitCents: of('payouts_in_transit'),
    paidOutCents: of('paid_out'),
  };
}

// Each account's balance as the sum of its lines (debit positive), and the sum of all of them.
export async function accountSums(db: Database): Promise<{ sums: Map<LedgerAccount, number>; total: number }> {
  const rows = await selectRows(
    db,
    accountSumRow,
    sql`select account, sum(amount_cents)::bigint as cents from ledger_entries group by account`,
  );
  const sums = new Map(rows.map((row) => [row.account, Number(row.cents)] as const));
  return { sums, total: [...sums.values()].reduce((a, b) => a + b, 0) };
}
