import { eq } from 'drizzle-orm';
import { AGREEMENT_LIFETIME_DAYS, signingTexts } from '~/shared/agreements';
import { agreements } from '../db/schema';
import { findAgreementSettings } from '../kernels/agreements/agreement-settings';
import { AppError } from '../platform/errors';
import { type Acting, auditAgreement, DAY_MS, lockAgreement, sendToTalent } from './agreement-actions';
import { findAgreementRow, nextParty } from './agreement-views';

// A declined, voided or expired agreement sent again: a new agreement with the same words (they never change),
// a fresh time to sign, and the old one voided if it was still open.
export async function resendAgreement({
  db,
  mailer,
  publicUrl,
  agreementId,
  companyId,
  actorId,
  ipAddress,
  now = new Date(),
}: Acting & { companyId: string }): Promise<{ id: string; message: string }> {
  await findAgreementRow(db, agreementId, { kind: 'company', companyId, mayCountersign: true });
  const id = await db.transaction(async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    if (agreement.status === 'completed') throw new AppError('conflict', 'A signed agreement needs no resending.');
    if (nextParty(agreement, now) !== null) {
      throw new AppError('conflict', 'This agreement can still be signed: send a reminder instead.');
    }
    if (agreement.status !== 'voided') {
      await tx
        .update(agreements)
        .set({ status: 'voided', endedAt: now, endedById: actorId })
        .where(eq(agreements.id, agreementId));
    }
    const settings = await findAgreementSettings(tx, companyId);
    const [created] = await tx
      .insert(agreements)
      .values({
        companyId: agreement.companyId,
        applicantId: agreement.applicantId,
        applicationId: agreement.applicationId,
        assignmentId: agreement.assignmentId,
        kind: agreement.kind,
        templateId: agreement.templateId,
        templateVersion: agreement.templateVersion,
        title: agreement.title,
        body: agreement.body,
        countersign: settings.countersign,
        blocksWork: agreement.blocksWork,
        sentById: actorId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + AGREEMENT_LIFETIME_DAYS * DAY_MS),
      })
      .returning();
    if (!created) throw new Error('The agreement was not sent again.');
    await auditAgreement(tx, 'agreement.resent', { actorId, ipAddress, agreement }, { new_agreement_id: created.id });
    await sendToTalent(tx, mailer, publicUrl, created, false);
    return created.id;
  });
  return { id, message: signingTexts.resent };
}
