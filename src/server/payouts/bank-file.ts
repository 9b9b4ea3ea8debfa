import { sql } from 'drizzle-orm';
import { type BankCodeType, bankCodeTypeLabels, type PayoutMethodKind, payoutMethodKindLabels } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectUncheckedRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';
import { findPayoutRun } from './find-payout-run';

// The run's bank-file payouts on their way, for the finance team to upload to their bank or Wise as a
// batch. The only place an account number leaves the database whole. The payout id is the reference the
// results file names each line by.
export async function renderBankFile(db: Database, runId: string): Promise<{ fileName: string; csv: string }> {
  const run = await findPayoutRun({ db, runId });
  const lines = await selectUncheckedRows<{
    id: string;
    name: string;
    email: string;
    amount_cents: number;
    kind: PayoutMethodKind | null;
    holder_name: string | null;
    bank_name: string | null;
    account_number: string | null;
    bank_code_type: BankCodeType | null;
    bank_code: string | null;
    wallet_email: string | null;
  }>(
    db,
    sql`select p.id, u.name, u.email, p.amount_cents, m.kind, m.holder_name, m.bank_name, m.account_number,
               m.bank_code_type, m.bank_code, m.email as wallet_email
        from payouts p join users u on u.id = p.applicant_id left join payout_methods m on m.id = p.method_id
        where p.run_id = ${runId} and p.status = 'sent' and p.provider = 'bank_file'
        order by u.name, p.id`,
  );
  const csv = buildCsv([
    [
      'payout_id',
      'talent_name',
      'talent_email',
      'amount',
      'currency',
      'method',
      'account_holder',
      'bank_name',
      'account_number',
      'bank_code_type',
      'bank_code',
      'wallet_email',
      'reference',
    ],
    ...lines.map((line) => [
      line.id,
      line.name,
      line.email,
      (line.amount_cents / 100).toFixed(2),
      'USD',
      line.kind ? payoutMethodKindLabels[line.kind] : '',
      line.holder_name,
      line.bank_name,
      line.account_number,
      line.bank_code_type ? bankCodeTypeLabels[line.bank_code_type] : '',
      line.bank_code,
      line.wallet_email,
      `Tandem payout ${line.id.slice(0, 8)}`,
    ]),
  ]);
  return { fileName: `tandem-payouts-${run.scheduled_for}.csv`, csv };
}
