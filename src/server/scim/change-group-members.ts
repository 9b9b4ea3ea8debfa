import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '~/shared/permissions';
import { type ScimGroupRole, scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyMembers, scimUsers } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import { findScimUserRow, isUuid, type ScimUserRow } from './scim-views';

// Every change to a group reads the company's members under a lock, as Settings → Team does (teams/member-locks.ts):
// a group's members are read, changed and answered one request at a time.
export async function lockCompanyMembers(tx: Database, companyId: string) {
  await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .for('update');
}

async function memberRow(tx: Database, companyId: string, userId: string): Promise<ScimUserRow> {
  if (!isUuid(userId)) throw new ScimRefusal('validation', scimTexts.memberUnknown(userId), 'invalidValue');
  try {
    return await findScimUserRow(tx, companyId, userId);
  } catch (error) {
    if (error instanceof ScimRefusal && error.code === 'not_found') {
      throw new ScimRefusal('validation', scimTexts.memberUnknown(userId), 'invalidValue');
    }
    throw error;
  }
}

// A person's role set as Settings → Team sets it (teams/change-member-role.ts, which needs a member acting and is
// another feature's): the membership's role and the same audit row, its actor the identity provider (null). A
// deactivated person's link keeps the role they get back.
async function setRole(
  tx: Database,
  {
    companyId,
    row,
    role,
    group,
    now,
  }: { companyId: string; row: ScimUserRow; role: CompanyRole; group: ScimGroupRole; now: Date },
) {
  if (row.memberRole !== null && row.memberRole !== role) {
    await tx
      .update(companyMembers)
      .set({ role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, row.id)));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: null,
        action: 'company_member.role_changed',
        targetType: 'user',
        targetId: row.id,
        details: {
          via: 'scim',
          scim_group: group,
          company_id: companyId,
          before: { role: row.memberRole },
          after: { role },
        },
      },
    });
  }
  if (row.linked !== null && row.linkRole !== role) {
    await tx
      .update(scimUsers)
      .set({ role, updatedAt: now })
      .where(and(eq(scimUsers.companyId, companyId), eq(scimUsers.userId, row.id)));
  }
}

// The group's members changed: those added get its role, those removed the company's default role (unless they hold
// another role by now). The Owner's role is never a group's: ownership moves by a transfer.
export async function changeGroupMembers({
  tx,
  caller,
  role,
  added,
  removed,
  now,
}: {
  tx: Database;
  caller: ScimCaller;
  role: ScimGroupRole;
  added: readonly string[];
  removed: readonly string[];
  now: Date;
}): Promise<void> {
  const { companyId } = caller;
  for (const userId of added) {
    const row = await memberRow(tx, companyId, userId);
    if (row.memberRole === 'owner')
      throw new ScimRefusal('validation', scimTexts.ownerRoleKept(row.name), 'mutability');
    await setRole(tx, { companyId, row, role, group: role, now });
  }
  for (const userId of removed) {
    const row = await memberRow(tx, companyId, userId);
    if ((row.memberRole ?? row.linkRole) === role) {
      await setRole(tx, { companyId, row, role: caller.defaultRole, group: role, now });
    }
  }
}
