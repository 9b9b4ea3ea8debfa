import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type AccountCodes, accountCodesSchema, defaultAccountCodes } from '~/shared/accounting';
import { ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';

// The accountant's codes of the ledger accounts (docs/decisions/046), kept in platform_settings under one key
// beside the System Settings and outside their Reset: a reset must not silently re-map the books.
export const ACCOUNT_CODES_KEY = 'ledger_account_codes';

const storedShape = z.object({ accounts: z.record(z.string(), z.unknown()).optional(), xero_tax_rate: z.unknown() });
const accountShape = accountCodesSchema.shape.accounts.valueType;

// The codes in force: each account's stored code where valid, the default for one missing (an account the
// ledger gained after the codes were saved) or malformed.
export async function getAccountCodes({ db }: { db: Database }): Promise<AccountCodes> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, ACCOUNT_CODES_KEY));
  const stored = storedShape.safeParse(row?.value);
  if (!stored.success) return defaultAccountCodes;
  const accounts = { ...defaultAccountCodes.accounts };
  for (const account of ledgerAccounts) {
    const parsed = accountShape.safeParse(stored.data.accounts?.[account]);
    if (parsed.success) accounts[account] = parsed.data;
  }
  const taxRate = accountCodesSchema.shape.xero_tax_rate.safeParse(stored.data.xero_tax_rate);
  return { accounts, xero_tax_rate: taxRate.success ? taxRate.data : defaultAccountCodes.xero_tax_rate };
}
