import { eq } from 'drizzle-orm';
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
  if (await connect.isOnboarded(method.stripeAccountId)) {
    await db.update(payoutMethods).set({ onboardedAt: new Date() }).where(eq(payoutMethods.id, method.id));
  }
}
