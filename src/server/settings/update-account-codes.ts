import { sql } from 'drizzle-orm';
import type { AccountCodes } from '~/shared/accounting';
import { ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';
import { ACCOUNT_CODES_KEY, getAccountCodes } from '../platform/get-account-codes';
import { recordAuditEvent } from '../platform/record-audit-event';

// Saves the accountant's codes (validated by accountCodesSchema) and records what changed, account by account,
// before and after. Nothing changed, nothing recorded.
export async function updateAccountCodes({
  db,
  codes,
  actorId,
  ipAddress,
}: {
  db: Database;
  codes: AccountCodes;
  actorId: string;
  ipAddress?: string;
}): Promise<AccountCodes> {
  return db.transaction(async (transaction) => {
    // The same lock as the System Settings: two administrators saving at once each record what they changed.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const current = await getAccountCodes({ db: transaction });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const account of ledgerAccounts) {
      const was = current.accounts[account];
      const now = codes.accounts[account];
      if (was.code === now.code && was.name === now.name) continue;
      before[account] = was;
      after[account] = now;
    }
    if (current.xero_tax_rate !== codes.xero_tax_rate) {
      before.xero_tax_rate = current.xero_tax_rate;
      after.xero_tax_rate = codes.xero_tax_rate;
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return current;
    const now = new Date();
    await transaction
      .insert(platformSettings)
      .values({ key: ACCOUNT_CODES_KEY, value: codes, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: codes, updatedAt: now } });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'settings.account_codes_updated',
        targetType: 'settings',
        details: { changed, before, after },
        ipAddress,
      },
    });
    return codes;
  });
}
