import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { bankCodeTypeLabels, bankCodeTypes, payoutMethodKindLabels, payoutMethodKinds } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';
import { findPayoutRun } from './find-payout-run';

// The run's bank-file payouts on their way, for the finance team to upload to their bank or Wise as a
// batch. The only place an account number leaves the database whole. The payout id is the reference the
// results file names each line by.
export async function renderBankFile(db: Database, runId: string): Promise<{ fileName: string; csv: string }> {
  const run = await findPayoutRun({ db, runId });
  const lines = await selectRows(
    db,
    z.object({
      id: uuidColumn,
      name: z.string(),
      email: z.string(),
      amount_cents: integerColumn,
      kind: z.enum(payoutMethodKinds).nullable(),
      holder_name: z.string().nullable(),
      bank_name: z.string().nullable(),
      account_number: z.string().nullable(),
      bank_code_type: z.enum(bankCodeTypes).nullable(),
      bank_code: z.string().nullable(),
      wallet_email: z.string().nullable(),
    }),
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
