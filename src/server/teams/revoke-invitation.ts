import { eq } from 'drizzle-orm';
import { companyInvitations } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { lockPending, type Sender } from './manage-invitations';

// DELETE: the link stops working; the address may be invited again.
export async function revokeInvitation({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  now = new Date(),
}: Omit<Sender, 'mailer' | 'publicUrl'> & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const pending = await lockPending(tx, companyId, id);
    await tx.update(companyInvitations).set({ revokedAt: now }).where(eq(companyInvitations.id, pending.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company_invitation.revoked',
        targetType: 'company_invitation',
        targetId: pending.id,
        details: { company_id: companyId, email: pending.email, role: pending.role },
        ipAddress,
      },
    });
  });
}
