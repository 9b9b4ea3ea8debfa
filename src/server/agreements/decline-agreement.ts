import { eq } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { paths } from '~/shared/routes';
import { agreements, users } from '../db/schema';
import { notify } from '../kernels/notices/notify';
import { agreementDeclinedEmail } from '../mail/templates/agreement-declined';
import { type Acting, auditAgreement, companyMembersWith, lockAgreement } from './agreement-actions';
import { findAgreementRow } from './agreement-views';
import { requireSignable } from './signing-rules';

// The talent declines to sign, saying why: the company is told and may void it or send it again.
export async function declineAgreement({
  db,
  mailer,
  publicUrl,
  agreementId,
  actorId,
  ipAddress,
  reason,
  now = new Date(),
}: Acting & { reason: string }): Promise<{ message: string }> {
  await findAgreementRow(db, agreementId, { kind: 'talent', userId: actorId });
  await db.transaction(async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    requireSignable(agreement, 'talent', now);
    await tx
      .update(agreements)
      .set({ status: 'declined', declineReason: reason, endedAt: now, endedById: actorId })
      .where(eq(agreements.id, agreementId));
    await auditAgreement(tx, 'agreement.declined', { actorId, ipAddress, agreement }, { reason });
    const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    const members = await companyMembersWith(tx, agreement.companyId, 'read:agreement:own');
    const link = paths.companyAgreement.getHref({ id: agreementId });
    const talentName = talent?.name ?? 'The talent';
    await notify({
      db: tx,
      items: members.map((member) => ({
        userId: member.id,
        type: 'assignment_changed' as const,
        title: `${talentName} declined ${agreement.title}`,
        body: reason,
        link,
      })),
    });
    for (const member of members) {
      await mailer.send(
        member.email,
        agreementDeclinedEmail({
          name: member.name,
          title: agreement.title,
          talentName,
          reason,
          url: `${publicUrl}${link}`,
        }),
        { transaction: tx },
      );
    }
  });
  return { message: signingTexts.declined };
}
