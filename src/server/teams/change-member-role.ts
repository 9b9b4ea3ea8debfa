import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '~/shared/permissions';
import { type TeamMember, teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import { companyMembers } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getTeamMember } from './find-team-members';
import { checkOwnerChange, lockTeam } from './member-locks';

export interface TeamChange {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
}

// PATCH a member's role: never to Owner (a transfer moves ownership), an owner's only by an owner, and
// never the last owner's.
export async function changeMemberRole({
  db,
  companyId,
  actorId,
  ipAddress,
  userId,
  role,
}: TeamChange & { userId: string; role: CompanyRole }): Promise<TeamMember> {
  if (role === 'owner')
    throw new AppError('validation', teamTexts.ownershipByTransfer, { role: teamTexts.ownershipByTransfer });
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, companyId);
    const actorRole = team.requireMember(actorId);
    const before = team.requireMember(userId);
    if (before === role) return getTeamMember({ db: tx, companyId, userId });
    checkOwnerChange({
      actorRole,
      targetRole: before,
      ownerCount: team.ownerCount,
      lastOwnerSentence: teamTexts.lastOwnerDemoted,
    });
    await tx
      .update(companyMembers)
      .set({ role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company_member.role_changed',
        targetType: 'user',
        targetId: userId,
        details: { company_id: companyId, before: { role: before }, after: { role } },
        ipAddress,
      },
    });
    return getTeamMember({ db: tx, companyId, userId });
  });
}
