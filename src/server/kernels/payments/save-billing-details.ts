import { eq, sql } from 'drizzle-orm';
import { type BillingDetails, billingDetailsTexts } from '~/shared/billing-details';
import type { Database } from '../../db/client';
import { billingProfiles, companies } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { findBillingDetails } from './find-billing-details';

type CompanyPart = Omit<
  BillingDetails,
  'tax_rate_basis_points' | 'payment_terms_days' | 'currency' | 'currency_is_fixed'
> & {
  currency?: BillingDetails['currency'];
};

// Saves a company's billing details: the company its own part (legal name, address, tax id), an
// administrator the rates too. Invoices already issued keep what they were issued with (decision 044);
// the next invoice reads these. The audit log records what changed, before and after.
export async function saveBillingDetails({
  db,
  companyId,
  details,
  actorId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  details: CompanyPart & Partial<Pick<BillingDetails, 'tax_rate_basis_points' | 'payment_terms_days'>>;
  actorId: string;
  ipAddress?: string | null;
}): Promise<BillingDetails> {
  await db.transaction(async (tx) => {
    // The company row locked: a currency change and the check that it has no job yet are one step.
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const before = await findBillingDetails({ db: tx, companyId });
    if (details.currency && details.currency !== before.currency) {
      if (before.currency_is_fixed) {
        throw new AppError('conflict', billingDetailsTexts.currencyFixed, {
          currency: billingDetailsTexts.currencyFixed,
        });
      }
      await tx.update(companies).set({ billingCurrency: details.currency }).where(eq(companies.id, companyId));
    }
    await tx.insert(billingProfiles).values({ companyId }).onConflictDoNothing();
    await tx
      .update(billingProfiles)
      .set({
        legalName: details.legal_name,
        addressLine1: details.address_line1,
        addressLine2: details.address_line2,
        city: details.city,
        region: details.region,
        postalCode: details.postal_code,
        country: details.country,
        taxId: details.tax_id,
        ...(details.tax_rate_basis_points === undefined ? {} : { taxRateBasisPoints: details.tax_rate_basis_points }),
        ...(details.payment_terms_days === undefined ? {} : { paymentTermsDays: details.payment_terms_days }),
        updatedAt: new Date(),
      })
      .where(eq(billingProfiles.companyId, companyId));
    const after = await findBillingDetails({ db: tx, companyId });
    const changed = (Object.keys(after) as (keyof BillingDetails)[]).filter(
      (key) => key !== 'currency_is_fixed' && before[key] !== after[key],
    );
    if (changed.length === 0) return;
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'billing_details.updated',
        targetType: 'company',
        targetId: companyId,
        details: {
          changed,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
        ipAddress: ipAddress ?? undefined,
      },
    });
  });
  return findBillingDetails({ db, companyId });
}
