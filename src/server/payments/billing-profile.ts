import { eq, sql } from 'drizzle-orm';
import {
  type BillingProfile,
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_TAX_RATE_BASIS_POINTS,
  paymentTexts,
} from '~/shared/billing';
import type { Database } from '../db/client';
import { billingProfiles, paymentMethods } from '../db/schema';
import { currentDefaultMethodId } from '../kernels/payments/payment-methods';
import { liveMethodOf } from '../kernels/payments/payment-views';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// A company's billing settings; the defaults until it saves its own.
export async function getBillingProfile({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<BillingProfile> {
  const [[profile], defaultMethodId] = await Promise.all([
    db.select().from(billingProfiles).where(eq(billingProfiles.companyId, companyId)),
    currentDefaultMethodId(db, companyId),
  ]);
  return {
    tax_rate_basis_points: profile?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS,
    payment_terms_days: profile?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    auto_pay: (profile?.autoPay ?? false) && defaultMethodId !== null,
    default_payment_method_id: defaultMethodId,
  };
}

// The company turns Auto-Pay on or off and picks its default method (one of its own, not removed).
// Auto-Pay needs a method to pay with.
export async function updateBillingProfile({
  db,
  companyId,
  providerName,
  input,
  actorId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  providerName: string;
  input: { auto_pay?: boolean; default_payment_method_id?: string };
  actorId: string;
  ipAddress: string | null;
}): Promise<BillingProfile> {
  await db.transaction(async (tx) => {
    await tx.insert(billingProfiles).values({ companyId }).onConflictDoNothing();
    const [profile] = await tx
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.companyId, companyId))
      .for('update');
    if (!profile) throw new Error('The billing profile was not stored.');
    let defaultMethodId = await currentDefaultMethodId(tx, companyId);
    if (input.default_payment_method_id !== undefined) {
      const [method] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(liveMethodOf(companyId, input.default_payment_method_id, providerName));
      if (!method) {
        throw new AppError('validation', paymentTexts.chooseSavedMethod, {
          default_payment_method_id: paymentTexts.chooseSavedMethod,
        });
      }
      defaultMethodId = method.id;
    }
    const autoPay = input.auto_pay ?? profile.autoPay;
    if (autoPay && !defaultMethodId) {
      throw new AppError('validation', paymentTexts.autoPayNeedsMethod, { auto_pay: paymentTexts.autoPayNeedsMethod });
    }
    await tx
      .update(billingProfiles)
      .set({ autoPay, defaultPaymentMethodId: defaultMethodId, updatedAt: sql`now()` })
      .where(eq(billingProfiles.companyId, companyId));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'billing_profile.updated',
        targetType: 'company',
        targetId: companyId,
        details: { auto_pay: autoPay, default_payment_method_id: defaultMethodId },
        ipAddress,
      },
    });
  });
  return getBillingProfile({ db, companyId });
}
