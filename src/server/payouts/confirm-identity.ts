import { and, eq, gt, isNull } from 'drizzle-orm';
import { type PayoutProof, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import { verifyPassword } from '../kernels/identity/passwords';
import { AppError } from '../platform/errors';
import { hashToken } from '../platform/secure-tokens';

// The fresh proof a change of where the money goes needs: the password, for a person who has one; a code
// emailed to them, for a person who has none. Throws a validation error naming the field.
export async function confirmIdentity({
  db,
  applicantId,
  proof,
}: {
  db: Database;
  applicantId: string;
  proof: PayoutProof;
}): Promise<void> {
  const [person] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, applicantId));
  if (person?.passwordHash) {
    if (!proof.password) {
      const message = proof.email_code ? payoutTexts.passwordInstead : payoutTexts.passwordNeeded;
      throw new AppError('validation', message, { 'proof.password': message });
    }
    if (!(await verifyPassword(person.passwordHash, proof.password))) {
      throw new AppError('validation', payoutTexts.passwordWrong, { 'proof.password': payoutTexts.passwordWrong });
    }
    return;
  }
  if (!proof.email_code) {
    const message = proof.password ? payoutTexts.noPassword : payoutTexts.codeNeeded;
    throw new AppError('validation', message, { 'proof.email_code': message });
  }
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, applicantId),
        eq(oneTimeTokens.purpose, 'payout_method'),
        eq(oneTimeTokens.tokenHash, hashToken(`${applicantId}:${proof.email_code}`)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  if (!used) throw new AppError('validation', payoutTexts.codeWrong, { 'proof.email_code': payoutTexts.codeWrong });
}
