import { and, eq } from 'drizzle-orm';
import { scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { scimUsers } from '../db/schema';
import { endMembership } from '../kernels/identity/end-membership';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import { findScimUserRow } from './scim-views';

// DELETE /Users/:id: the person leaves the company (endMembership: membership, sessions, tokens, in this
// transaction; member.left emitted there) and the client's link to them goes, so a later POST may provision the
// address again. Their account stays, with no company, as after any removal. The Owner is never deleted this way.
// Returns whether a membership ended, for the caller to tell the person's open tabs.
export async function deleteScimUser({
  db,
  caller,
  userId,
  now = new Date(),
}: {
  db: Database;
  caller: ScimCaller;
  userId: string;
  now?: Date;
}): Promise<{ endedMembership: boolean }> {
  const { companyId } = caller;
  return db.transaction(async (tx) => {
    const row = await findScimUserRow(tx, companyId, userId, { lock: true });
    if (row.memberRole === 'owner') throw new ScimRefusal('validation', scimTexts.ownerNotDeactivated, 'mutability');
    const ended = row.memberRole === null ? null : await endMembership({ tx, companyId, userId, now });
    await tx.delete(scimUsers).where(and(eq(scimUsers.companyId, companyId), eq(scimUsers.userId, userId)));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: null,
        action: 'scim_user.deleted',
        targetType: 'user',
        targetId: userId,
        details: {
          via: 'scim',
          company_id: companyId,
          email: row.email,
          role: row.memberRole ?? row.linkRole,
          ...ended,
        },
      },
    });
    return { endedMembership: ended !== null };
  });
}
