import { scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { scimUsers } from '../db/schema';
import { endMembership } from '../kernels/identity/end-membership';
import { recordAuditEvent } from '../platform/record-audit-event';
import { ScimRefusal } from './scim-errors';
import type { ScimUserRow } from './scim-views';

// The client set active to false: the person's membership ends through endMembership, in the caller's transaction —
// the membership row, every session (an old cookie is refused with 401 from the next request), their API tokens and
// the rest — and member.left is emitted there. The link stays, inactive, with the role to give back on activation,
// and keeps them out of single sign-on's just-in-time membership. The caller tells their open tabs after commit
// (live session.ended). The Owner is never deactivated: ownership moves by a transfer first.
export async function deactivateScimUser({
  tx,
  companyId,
  row,
  now,
}: {
  tx: Database;
  companyId: string;
  row: ScimUserRow;
  now: Date;
}): Promise<{ endedMembership: boolean }> {
  const role = row.memberRole;
  if (role === 'owner') throw new ScimRefusal('validation', scimTexts.ownerNotDeactivated, 'mutability');
  if (role === null) {
    await tx
      .insert(scimUsers)
      .values({
        companyId,
        userId: row.id,
        active: false,
        role: row.linkRole ?? 'viewer',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: [scimUsers.companyId, scimUsers.userId], set: { active: false, updatedAt: now } });
    return { endedMembership: false };
  }
  const ended = await endMembership({ tx, companyId, userId: row.id, now });
  await tx
    .insert(scimUsers)
    .values({ companyId, userId: row.id, active: false, role, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [scimUsers.companyId, scimUsers.userId],
      set: { active: false, role, updatedAt: now },
    });
  await recordAuditEvent({
    db: tx,
    event: {
      actorId: null,
      action: 'scim_user.deactivated',
      targetType: 'user',
      targetId: row.id,
      details: { via: 'scim', company_id: companyId, email: row.email, role, ...ended },
    },
  });
  return { endedMembership: true };
}
