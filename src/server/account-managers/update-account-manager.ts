import { eq } from 'drizzle-orm';
import { type AccountManager, accountManagerTexts, type UpdateAccountManagerInput } from '~/shared/account-managers';
import type { Database } from '../db/client';
import { accountManagerProfiles, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getAccountManager } from './find-account-managers';

const sameValue = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

// The dialog's Save: name, status, specialties and bio. The audit row keeps the changed fields' values
// before and after; a save that changes nothing writes none.
export async function updateAccountManager({
  db,
  id,
  input,
  actorId,
  ipAddress,
}: {
  db: Database;
  id: string;
  input: UpdateAccountManagerInput;
  actorId: string;
  ipAddress?: string;
}): Promise<AccountManager> {
  const current = await getAccountManager({ db, id });
  if (!current) throw new AppError('not_found', accountManagerTexts.notFound);

  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of ['name', 'status', 'specialties', 'bio'] as const) {
    if (!sameValue(current[key], input[key])) {
      before[key] = current[key];
      after[key] = input[key];
    }
  }
  if (Object.keys(after).length === 0) return current;

  await db.transaction(async (tx) => {
    const now = new Date();
    if ('name' in after) await tx.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, id));
    const profile = { status: input.status, specialties: input.specialties, bio: input.bio, updatedAt: now };
    await tx
      .insert(accountManagerProfiles)
      .values({ userId: id, ...profile, joinDate: current.join_date })
      .onConflictDoUpdate({ target: accountManagerProfiles.userId, set: profile });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'account_manager.updated',
        targetType: 'user',
        targetId: id,
        details: { before, after },
        ipAddress,
      },
    });
  });
  const updated = await getAccountManager({ db, id });
  if (!updated) throw new AppError('not_found', accountManagerTexts.notFound);
  return updated;
}
