import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { generateToken, hashToken } from '../../platform/secure-tokens';

type Purpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export const invalidLinkMessage = 'This link is invalid or has expired. Please request a new one.';

const tokenLifetimeMinutes: Record<Purpose, number> = {
  verify_email: 24 * 60,
  change_email: 24 * 60,
  reset_password: 60,
  payout_method: 15,
  agreement_signature: 15,
};

// A new link replaces any earlier unused one of the same purpose.
export async function issueOneTimeToken({
  db,
  userId,
  purpose,
  email,
}: {
  db: Database;
  userId: string;
  purpose: Purpose;
  email?: string;
}): Promise<string> {
  const token = generateToken();
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email: email ?? null,
    expiresAt: new Date(Date.now() + tokenLifetimeMinutes[purpose] * 60_000),
  });
  return token;
}

// A token as it was issued, used or not (to say why a link no longer works).
export async function findOneTimeToken({ db, token, purposes }: { db: Database; token: string; purposes: Purpose[] }) {
  const [found] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), inArray(oneTimeTokens.purpose, purposes)));
  return found;
}
