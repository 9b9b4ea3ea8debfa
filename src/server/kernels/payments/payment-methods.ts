import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentMethod } from '~/shared/billing';
import type { Database } from '../../db/client';
import { billingProfiles, companies, paymentMethods } from '../../db/schema';
import { recordAuditEvent } from '../../platform/record-audit-event';
import type { NewPaymentMethodInput, PaymentProvider, SavedMethod } from './payment-provider';
import { paymentMethodView } from './payment-views';

export interface CompanyActor {
  companyId: string;
  actorId: string | null;
  ipAddress: string | null;
}

// The default method a profile names, when it is still one the company can use.
export async function currentDefaultMethodId(db: Database, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(billingProfiles)
    .innerJoin(paymentMethods, eq(paymentMethods.id, billingProfiles.defaultPaymentMethodId))
    .where(and(eq(billingProfiles.companyId, companyId), isNull(paymentMethods.removedAt)));
  return row?.id ?? null;
}

export async function listPaymentMethods({
  db,
  companyId,
  providerName,
}: {
  db: Database;
  companyId: string;
  providerName: string;
}): Promise<{ items: PaymentMethod[] }> {
  const [rows, defaultId] = await Promise.all([
    db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.companyId, companyId),
          eq(paymentMethods.provider, providerName),
          isNull(paymentMethods.removedAt),
        ),
      )
      .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id)),
    currentDefaultMethodId(db, companyId),
  ]);
  return { items: rows.map((row) => paymentMethodView(row, defaultId)) };
}

// Keeps a method the provider saved. A kept one is listed, and the company's first becomes its default;
// one used for a single payment is stored removed, so the payment (and its retries) can still charge it.
export async function insertPaymentMethod({
  tx,
  companyId,
  actorId,
  ipAddress,
  saved,
  providerName,
  keep,
}: { tx: Database } & CompanyActor & { saved: SavedMethod; providerName: string; keep: boolean }) {
  const [method] = await tx
    .insert(paymentMethods)
    .values({
      companyId,
      kind: saved.kind,
      label: saved.label,
      last4: saved.last4,
      provider: providerName,
      providerRef: saved.provider_ref,
      removedAt: keep ? null : sql`now()`,
    })
    .returning();
  if (!method) throw new Error('The payment method was not stored.');
  if (!keep) return method;
  // In one statement, so two methods added at once cannot both become the default.
  await tx
    .insert(billingProfiles)
    .values({ companyId, defaultPaymentMethodId: method.id })
    .onConflictDoUpdate({
      target: billingProfiles.companyId,
      set: {
        defaultPaymentMethodId: sql`case when exists (select 1 from ${paymentMethods} where ${paymentMethods.id} = ${billingProfiles.defaultPaymentMethodId} and ${paymentMethods.removedAt} is null) then ${billingProfiles.defaultPaymentMethodId} else excluded.default_payment_method_id end`,
        updatedAt: sql`now()`,
      },
    });
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'payment_method.added',
      targetType: 'payment_method',
      targetId: method.id,
      details: { company_id: companyId, kind: method.kind, label: method.label },
      ipAddress,
    },
  });
  return method;
}

// The provider checks and keeps the details first (outside any transaction: it may be a network call).
export async function saveWithProvider(
  db: Database,
  provider: PaymentProvider,
  companyId: string,
  method: NewPaymentMethodInput,
): Promise<SavedMethod> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return provider.saveMethod({ method, company: { id: companyId, name: company?.name ?? '' } });
}

export async function addPaymentMethod({
  db,
  provider,
  input,
  ...actor
}: CompanyActor & { db: Database; provider: PaymentProvider; input: NewPaymentMethodInput }): Promise<PaymentMethod> {
  const saved = await saveWithProvider(db, provider, actor.companyId, input);
  const method = await db.transaction((tx) =>
    insertPaymentMethod({ tx, ...actor, saved, providerName: provider.name, keep: true }),
  );
  return paymentMethodView(method, await currentDefaultMethodId(db, actor.companyId));
}
