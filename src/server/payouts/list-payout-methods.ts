import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { PayoutMethodList } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import { viewOf } from './payout-method-records';

// A talent's payout methods, masked, with whether they have a password (the proof a change asks for) and
// whether Stripe Connect is offered.
export async function listPayoutMethods({
  db,
  applicantId,
  connectAvailable,
}: {
  db: Database;
  applicantId: string;
  connectAvailable: boolean;
}): Promise<PayoutMethodList> {
  const [rows, [person]] = await Promise.all([
    db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)))
      .orderBy(desc(payoutMethods.isDefault), asc(payoutMethods.createdAt)),
    db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, applicantId)),
  ]);
  return { items: rows.map(viewOf), has_password: Boolean(person?.passwordHash), connect_available: connectAvailable };
}
