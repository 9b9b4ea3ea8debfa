import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type AgreementParty, signingTexts } from '~/shared/agreements';
import type { Database } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { agreementCodeEmail } from '../mail/templates/agreement-code';
import { AppError } from '../platform/errors';
import { hashToken } from '../platform/secure-tokens';
import { type AgreementViewer, findAgreementRow } from './agreement-views';
import { requireSignable, signingCodeKey } from './signing-rules';

const CODE_LIFETIME_MINUTES = 15;

// A six-digit code to the signer's own address: with the session, it shows the signature is theirs (decision
// 056). A new code replaces the one before; none is sent for an agreement they cannot sign now.
export async function sendSigningCode({
  db,
  mailer,
  agreementId,
  viewer,
  party,
  userId,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  agreementId: string;
  viewer: AgreementViewer;
  party: AgreementParty;
  userId: string;
  now?: Date;
}): Promise<{ message: string }> {
  const { agreement } = await findAgreementRow(db, agreementId, viewer);
  requireSignable(agreement, party, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const [person] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!person) throw new AppError('not_found', signingTexts.notFound);
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, 'agreement_signature'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    await tx.insert(oneTimeTokens).values({
      userId,
      purpose: 'agreement_signature',
      tokenHash: hashToken(signingCodeKey(userId, agreementId, code)),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60_000),
    });
    await mailer.send(person.email, agreementCodeEmail({ name: person.name, code, title: agreement.title }), {
      transaction: tx,
    });
  });
  return { message: signingTexts.codeSent };
}
