import { eq } from 'drizzle-orm';
import { isPayoutCurrency } from '~/shared/currencies';
import type { Database } from '../db/client';
import { payoutMethods } from '../db/schema';
import { connectMethodOf } from './payout-method-records';
import type { ConnectProvider } from './payout-provider';

// Back from Stripe's page: ask Stripe whether the account can be paid now.
export async function refreshConnectOnboarding({
  db,
  connect,
  applicantId,
}: {
  db: Database;
  connect: ConnectProvider | null;
  applicantId: string;
}): Promise<void> {
  if (!connect) return;
  const method = await connectMethodOf(db, applicantId);
  if (!method?.stripeAccountId || method.onboardedAt) return;
  const account = await connect.accountState(method.stripeAccountId);
  if (account.onboarded) {
    // Paid in the connected account's own currency (issue 55), when Tandem pays out in it; else dollars.
    const currency = account.currency && isPayoutCurrency(account.currency) ? account.currency : 'USD';
    await db.update(payoutMethods).set({ onboardedAt: new Date(), currency }).where(eq(payoutMethods.id, method.id));
  }
}
