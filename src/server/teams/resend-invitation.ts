import { eq } from 'drizzle-orm';
import { type TeamInvitation, teamTexts } from '~/shared/teams';
import { companyInvitations } from '../db/schema';
import { canJoinCompany, findAccountAt } from '../kernels/identity/company-invitations';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { describeInvitation, freshLink, lockPending, mailInvitation, nameOf, type Sender } from './manage-invitations';

// POST …/resend: a new link (the old one stops working) for 7 more days, emailed again.
export async function resendInvitation(sender: Sender & { id: string }): Promise<TeamInvitation> {
  const { db, companyId, actorId, ipAddress, id, now = new Date() } = sender;
  return db.transaction(async (tx) => {
    const pending = await lockPending(tx, companyId, id);
    // The address may have found another way in since (an account elsewhere): say so rather than mail it.
    const account = await findAccountAt(tx, pending.email);
    if (account?.companyId === companyId) throw new AppError('conflict', teamTexts.alreadyMember(pending.email));
    if (!canJoinCompany(account)) throw new AppError('conflict', teamTexts.alreadyHasAccount(pending.email));
    const { token, values } = freshLink(now);
    const [row] = await tx
      .update(companyInvitations)
      .set(values)
      .where(eq(companyInvitations.id, pending.id))
      .returning();
    if (!row) throw new Error('The invitation disappeared.');
    await mailInvitation({ ...sender, db: tx }, row, token);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company_invitation.resent',
        targetType: 'company_invitation',
        targetId: row.id,
        details: {
          company_id: companyId,
          email: row.email,
          before: { expires_at: pending.expiresAt.toISOString() },
          after: { expires_at: row.expiresAt.toISOString() },
        },
        ipAddress,
      },
    });
    const invitedBy = row.invitedById ? await nameOf(tx, row.invitedById) : null;
    return describeInvitation(row, invitedBy, now);
  });
}
