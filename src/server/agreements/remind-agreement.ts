import { eq } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { agreements } from '../db/schema';
import { AppError } from '../platform/errors';
import { type Acting, auditAgreement, lockAgreement, REMIND_INTERVAL_MS, sendToTalent } from './agreement-actions';
import { findAgreementRow } from './agreement-views';
import { requireSignable } from './signing-rules';

// Nudges whoever signs next: the talent by email and notification (the company's own countersigners see it in
// their list). At most once a day.
export async function remindAgreement({
  db,
  mailer,
  publicUrl,
  agreementId,
  companyId,
  actorId,
  ipAddress,
  now = new Date(),
}: Acting & { companyId: string }): Promise<{ message: string }> {
  await findAgreementRow(db, agreementId, { kind: 'company', companyId, mayCountersign: true });
  await db.transaction(async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    requireSignable(agreement, 'talent', now);
    if (agreement.remindedAt && now.getTime() - agreement.remindedAt.getTime() < REMIND_INTERVAL_MS) {
      throw new AppError('conflict', signingTexts.remindedRecently);
    }
    await tx.update(agreements).set({ remindedAt: now }).where(eq(agreements.id, agreementId));
    await auditAgreement(tx, 'agreement.reminded', { actorId, ipAddress, agreement });
    await sendToTalent(tx, mailer, publicUrl, agreement, true);
  });
  return { message: signingTexts.reminded };
}
