import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { oneTimeTokens, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { payoutMethodCodeEmail } from '../mail/templates/payout-method-code';
import { AppError } from '../platform/errors';
import { hashToken } from '../platform/secure-tokens';
import { CODE_LIFETIME_MINUTES } from './payout-method-records';

// A six-digit code by email, for a person with no password; a new one replaces the last.
export async function sendPayoutCode({
  db,
  mailer,
  applicantId,
}: {
  db: Database;
  mailer: Mailer;
  applicantId: string;
}) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ name: users.name, email: users.email, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, applicantId));
    if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
    // A code it would refuse (confirmIdentity): none is sent.
    if (person.hasPassword) throw new AppError('conflict', payoutTexts.passwordInstead);
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, applicantId),
          eq(oneTimeTokens.purpose, 'payout_method'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    await tx.insert(oneTimeTokens).values({
      userId: applicantId,
      purpose: 'payout_method',
      tokenHash: hashToken(`${applicantId}:${code}`),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MINUTES * 60_000),
    });
    await mailer.send(person.email, payoutMethodCodeEmail({ name: person.name, code }), { transaction: tx });
  });
}
