import { and, count, eq, isNull } from 'drizzle-orm';
import { type NewPayoutMethod, type PayoutMethod, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { emailChange, hasDefaultMethod, labelOf, MAX_METHODS, viewOf, WAIT_MS } from './payout-method-records';

// A payout method added after a fresh proof (confirm-identity.ts): usable after the wait, the default when it is the
// person's first, announced by email.
export async function addPayoutMethod({
  db,
  mailer,
  publicUrl,
  applicantId,
  method,
  now = new Date(),
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  applicantId: string;
  method: NewPayoutMethod;
  now?: Date;
  ipAddress?: string;
}): Promise<PayoutMethod> {
  return db.transaction(async (tx) => {
    // One change at a time per person: the count and the default below are read under this lock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
    const [existing] = await tx
      .select({ total: count() })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)));
    if ((existing?.total ?? 0) >= MAX_METHODS) throw new AppError('conflict', payoutTexts.tooMany);
    const hasDefault = await hasDefaultMethod(tx, applicantId);
    const { label, last4 } = labelOf(method);
    const [row] = await tx
      .insert(payoutMethods)
      .values({
        applicantId,
        kind: method.kind,
        currency: method.currency,
        label,
        ...(method.kind === 'bank_account'
          ? {
              holderName: method.holder_name,
              bankName: method.bank_name,
              accountNumber: method.account_number,
              bankCodeType: method.bank_code_type,
              bankCode: method.bank_code,
            }
          : { email: method.email }),
        isDefault: !hasDefault,
        usableFrom: new Date(now.getTime() + WAIT_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The payout method was not stored.');
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.added',
        targetType: 'payout_method',
        targetId: row.id,
        details: {
          kind: row.kind,
          label: row.label,
          last4,
          is_default: row.isDefault,
          usable_from: row.usableFrom.toISOString(),
        },
        ipAddress,
      },
    });
    await emailChange(tx, { mailer, publicUrl, applicantId, row, change: 'added' });
    return viewOf(row);
  });
}
