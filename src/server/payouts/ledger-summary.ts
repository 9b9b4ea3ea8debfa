import { type LedgerSummary, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { accountSums } from '../kernels/money/account-sums';

// Each account's balance, and what they add up to (zero when the ledger balances).
export async function ledgerSummary({ db }: { db: Database }): Promise<LedgerSummary> {
  const { sums, total } = await accountSums(db);
  return {
    accounts: ledgerAccounts.map((account) => ({ account, balance_cents: sums.get(account) ?? 0 })),
    imbalance_cents: total,
  };
}
