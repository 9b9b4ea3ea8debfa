import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';

export type Purpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

const everyPurpose: Purpose[] = ['verify_email', 'change_email', 'reset_password'];

// Unused emailed links stop working once the account's password or address changes: a reset link
// sitting in an old inbox must not undo the change.
export async function cancelPendingLinks({
  db,
  userId,
  purposes = everyPurpose,
}: {
  db: Database;
  userId: string;
  purposes?: Purpose[];
}): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)),
    );
}
