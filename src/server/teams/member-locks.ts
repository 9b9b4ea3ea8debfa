import { eq } from 'drizzle-orm';
import type { CompanyRole } from '~/shared/permissions';
import { teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import { companyMembers } from '../db/schema';
import { AppError } from '../platform/errors';

// Every change to a team reads its members under a lock: two owners demoting each other at once, or an
// owner leaving while the other is removed, cannot leave the company without an owner.
export async function lockTeam(tx: Database, companyId: string) {
  const members = await tx
    .select({ userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .for('update');
  const roleOf = (userId: string): CompanyRole | undefined => members.find((member) => member.userId === userId)?.role;
  const ownerCount = members.filter((member) => member.role === 'owner').length;
  return {
    ownerCount,
    // The member's role; 404 when they are not in this company.
    requireMember(userId: string): CompanyRole {
      const role = roleOf(userId);
      if (!role) throw new AppError('not_found', teamTexts.memberNotFound);
      return role;
    },
  };
}

// An owner is changed or removed only by an owner, and never leaves the company without one.
export function checkOwnerChange({
  actorRole,
  targetRole,
  ownerCount,
  lastOwnerSentence,
}: {
  actorRole: CompanyRole;
  targetRole: CompanyRole;
  ownerCount: number;
  lastOwnerSentence: string;
}) {
  if (targetRole !== 'owner') return;
  if (actorRole !== 'owner') throw new AppError('forbidden', teamTexts.onlyOwnerTouchesOwner);
  if (ownerCount <= 1) throw new AppError('conflict', lastOwnerSentence);
}
