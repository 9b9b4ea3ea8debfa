import { teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import { endMembership } from '../kernels/identity/end-membership';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { checkOwnerChange, lockTeam } from './member-locks';

// DELETE a member: not oneself (Leave company is for that), an owner only by an owner, never the last.
export async function removeMember({
  db,
  companyId,
  actorId,
  ipAddress,
  userId,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  userId: string;
  now?: Date;
}): Promise<void> {
  if (userId === actorId) throw new AppError('conflict', teamTexts.removeYourself);
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, companyId);
    const actorRole = team.requireMember(actorId);
    const role = team.requireMember(userId);
    checkOwnerChange({
      actorRole,
      targetRole: role,
      ownerCount: team.ownerCount,
      lastOwnerSentence: teamTexts.lastOwnerDemoted,
    });
    const ended = await endMembership({ tx, companyId, userId, now });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company_member.removed',
        targetType: 'user',
        targetId: userId,
        details: { company_id: companyId, role, ...ended },
        ipAddress,
      },
    });
  });
}

// POST leave: the member takes themselves off the team; the last owner cannot.
export async function leaveCompany({
  db,
  companyId,
  userId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  userId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, companyId);
    const role = team.requireMember(userId);
    if (role === 'owner' && team.ownerCount <= 1) throw new AppError('conflict', teamTexts.lastOwnerLeaves);
    const ended = await endMembership({ tx, companyId, userId, now });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: userId,
        action: 'company_member.left',
        targetType: 'company',
        targetId: companyId,
        details: { role, ...ended },
        ipAddress,
      },
    });
  });
}
