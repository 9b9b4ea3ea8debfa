import { eq } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { paths } from '~/shared/routes';
import { agreements } from '../db/schema';
import { notify } from '../kernels/notices/notify';
import { AppError } from '../platform/errors';
import { type Acting, auditAgreement, lockAgreement } from './agreement-actions';
import { findAgreementRow } from './agreement-views';

// The company withdraws an agreement nobody has finished signing: it no longer holds the work back.
export async function voidAgreement({
  db,
  agreementId,
  companyId,
  actorId,
  ipAddress,
  now = new Date(),
}: Omit<Acting, 'mailer' | 'publicUrl'> & { companyId: string }): Promise<{ message: string }> {
  await findAgreementRow(db, agreementId, { kind: 'company', companyId, mayCountersign: true });
  await db.transaction(async (tx) => {
    const agreement = await lockAgreement(tx, agreementId);
    if (agreement.status === 'completed') throw new AppError('conflict', 'A signed agreement cannot be voided.');
    if (agreement.status === 'voided') throw new AppError('conflict', 'This agreement is already voided.');
    await tx
      .update(agreements)
      .set({ status: 'voided', endedAt: now, endedById: actorId })
      .where(eq(agreements.id, agreementId));
    await auditAgreement(tx, 'agreement.voided', { actorId, ipAddress, agreement });
    await notify({
      db: tx,
      items: {
        userId: agreement.applicantId,
        type: 'assignment_changed',
        title: `${agreement.title} was voided`,
        body: 'The company withdrew it: there is nothing to sign.',
        link: paths.applicantAgreement.getHref({ id: agreementId }),
      },
    });
  });
  return { message: signingTexts.voided };
}
