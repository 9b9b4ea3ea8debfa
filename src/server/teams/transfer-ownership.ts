import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '~/shared/permissions';
import { type TeamMember, teamTexts } from '~/shared/teams';
import { companyMembers } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TeamChange } from './change-member-role';
import { getTeamMember } from './find-team-members';
import { lockTeam } from './member-locks';

// POST …/ownership: the owner hands the company to another member, who becomes Owner; the old owner
// becomes Admin. Only an owner may (update:company_ownership:own), and only to someone in the company.
export async function transferOwnership({
  db,
  companyId,
  actorId,
  ipAddress,
  userId,
}: TeamChange & { userId: string }): Promise<TeamMember> {
  if (userId === actorId) throw new AppError('conflict', teamTexts.transferToYourself);
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, companyId);
    const actorRole = team.requireMember(actorId);
    const before = team.requireMember(userId);
    if (actorRole !== 'owner') throw new AppError('forbidden', teamTexts.onlyOwnerTouchesOwner);
    const setRole = (memberId: string, role: CompanyRole) =>
      tx
        .update(companyMembers)
        .set({ role })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberId)));
    await setRole(userId, 'owner');
    await setRole(actorId, 'admin');
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company.ownership_transferred',
        targetType: 'company',
        targetId: companyId,
        details: {
          new_owner_id: userId,
          before: { owner_id: actorId, new_owner_role: before },
          after: { owner_id: userId, previous_owner_role: 'admin' },
        },
        ipAddress,
      },
    });
    return getTeamMember({ db: tx, companyId, userId });
  });
}
