import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { paymentTexts } from '~/shared/billing';
import type { Database } from '../../db/client';
import { billingProfiles, paymentMethods } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import type { CompanyActor } from './payment-methods';

// Removes a saved method from the list (the payments made with it keep it). When it was the default, the
// newest remaining method takes over; with none left, Auto-Pay turns off, since it has nothing to pay with.
export async function removePaymentMethod({
  db,
  id,
  ...actor
}: CompanyActor & { db: Database; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(paymentMethods)
      .set({ removedAt: sql`now()` })
      .where(
        and(eq(paymentMethods.id, id), eq(paymentMethods.companyId, actor.companyId), isNull(paymentMethods.removedAt)),
      )
      .returning();
    if (!removed) throw new AppError('not_found', paymentTexts.methodNotFound);
    const [profile] = await tx
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.companyId, actor.companyId))
      .for('update');
    if (profile?.defaultPaymentMethodId === removed.id) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.companyId, actor.companyId),
            eq(paymentMethods.provider, removed.provider),
            isNull(paymentMethods.removedAt),
          ),
        )
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
        .limit(1);
      await tx
        .update(billingProfiles)
        .set({
          defaultPaymentMethodId: next?.id ?? null,
          autoPay: next ? profile.autoPay : false,
          updatedAt: sql`now()`,
        })
        .where(eq(billingProfiles.companyId, actor.companyId));
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: actor.actorId,
        action: 'payment_method.removed',
        targetType: 'payment_method',
        targetId: removed.id,
        details: { company_id: actor.companyId, label: removed.label },
        ipAddress: actor.ipAddress,
      },
    });
  });
}
