import { eq } from 'drizzle-orm';
import { payoutMethodKindLabels, payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { connectMethodOf, hasDefaultMethod, WAIT_MS } from './payout-method-records';
import type { ConnectProvider } from './payout-provider';

// Stripe Connect: the talent's Express account, made once, and the onboarding page to finish it on. The
// method waits like any other from when it was first made.
export async function startConnectOnboarding({
  db,
  connect,
  publicUrl,
  applicantId,
  now = new Date(),
}: {
  db: Database;
  connect: ConnectProvider | null;
  publicUrl: string;
  applicantId: string;
  now?: Date;
}): Promise<{ url: string }> {
  if (!connect) throw new AppError('conflict', payoutTexts.connectUnavailable);
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, applicantId));
  if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
  const existing = await connectMethodOf(db, applicantId);
  let accountId = existing?.stripeAccountId;
  if (!accountId) {
    ({ accountId } = await connect.createAccount({ email: person.email, applicantId }));
    const hasDefault = await hasDefaultMethod(db, applicantId);
    await db
      .insert(payoutMethods)
      .values({
        applicantId,
        kind: 'stripe_connect',
        label: `${payoutMethodKindLabels.stripe_connect} · account ending in ${accountId.slice(-4)}`,
        stripeAccountId: accountId,
        isDefault: !hasDefault,
        usableFrom: new Date(now.getTime() + WAIT_MS),
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const earnings = `${publicUrl}${paths.applicantEarnings.getHref()}`;
  return connect.accountLink({
    accountId,
    returnUrl: `${earnings}?stripe=return`,
    refreshUrl: `${earnings}?stripe=refresh`,
  });
}
