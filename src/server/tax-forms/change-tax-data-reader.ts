import { and, eq } from 'drizzle-orm';
import { taxFormTexts } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { adminGrants, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// Gives or takes an administrator's tax data reader grant. Never one's own: a second administrator decides,
// and the audit log keeps who did.
export async function changeTaxDataReader({
  db,
  adminId,
  granted,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  adminId: string;
  granted: boolean;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<{ message: string }> {
  if (adminId === actorId) throw new AppError('forbidden', taxFormTexts.grantSelf);
  const [admin] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, adminId), eq(users.role, 'admin')));
  if (!admin) throw new AppError('not_found', taxFormTexts.grantNotAdmin);
  return db.transaction(async (tx) => {
    const changed = granted
      ? await tx
          .insert(adminGrants)
          .values({ userId: adminId, grant: 'tax_data_reader', grantedBy: actorId, grantedAt: now })
          .onConflictDoNothing()
          .returning({ userId: adminGrants.userId })
      : await tx
          .delete(adminGrants)
          .where(and(eq(adminGrants.userId, adminId), eq(adminGrants.grant, 'tax_data_reader')))
          .returning({ userId: adminGrants.userId });
    if (changed.length > 0) {
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: granted ? 'admin_grant.given' : 'admin_grant.taken',
          targetType: 'user',
          targetId: adminId,
          details: { grant: 'tax_data_reader', before: { granted: !granted }, after: { granted } },
          ipAddress,
        },
      });
    }
    return { message: granted ? taxFormTexts.grantGiven(admin.name) : taxFormTexts.grantTaken(admin.name) };
  });
}
