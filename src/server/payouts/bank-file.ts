import { bankCodeTypeLabels, payoutMethodKindLabels } from '~/shared/payouts';
import type { Database } from '../db/client';
import { buildCsv } from '../platform/build-csv';
import { decimalOf, findBankFileLines } from './bank-file-lines';
import { findPayoutRun } from './find-payout-run';

// The run's bank-file payouts on their way, for the finance team to upload to their bank or Wise as a
// batch. The bank files (this CSV, pain001-file.ts and nacha-file.ts) are the only places an account number
// leaves the database whole. The payout id is the reference the results file names each line by. One file
// for every currency: each line's amount is in its own, named beside it with its ISO decimals.
export async function renderBankFile(db: Database, runId: string): Promise<{ fileName: string; csv: string }> {
  const run = await findPayoutRun({ db, runId });
  const lines = await findBankFileLines(db, runId);
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
      decimalOf(line.amount_cents, line.currency),
      line.currency,
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
