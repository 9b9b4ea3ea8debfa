import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../platform/secure-tokens';
import type { Purpose } from './cancel-pending-links';
import { invalidLinkMessage } from './one-time-tokens';

// Marks the token used and returns it; a token works once, and only before it expires.
export async function consumeOneTimeToken({
  db,
  token,
  purposes,
}: {
  db: Database;
  token: string;
  purposes: Purpose[];
}) {
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!used) throw new AppError('validation', invalidLinkMessage);
  return used;
}
