import { and, eq } from 'drizzle-orm';
import { type TaxFormView, taxFormStandingOf } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { adminGrants, taxForms } from '../db/schema';

// What the operations of tax forms share: the form in force, its view with every number masked, what a
// sealed number is bound to, and whether an administrator holds the grant that reveals them.

export type TaxFormRow = typeof taxForms.$inferSelect;

// A sealed number opens only on its own talent's row and column (platform/tax-id-cipher.ts).
export const sealedFor = (applicantId: string, column: 'us_tin' | 'foreign_tin') =>
  `tax_forms:${applicantId}:${column}`;

export async function findActiveTaxForm(db: Database, applicantId: string): Promise<TaxFormRow | undefined> {
  const [row] = await db
    .select()
    .from(taxForms)
    .where(and(eq(taxForms.applicantId, applicantId), eq(taxForms.status, 'active')));
  return row;
}

// The last day a form is valid, from the moment it stops being.
const lastValidDay = (expiresAt: Date | null) =>
  expiresAt ? new Date(expiresAt.getTime() - 86_400_000).toISOString().slice(0, 10) : null;

const masked = (type: 'ssn' | 'itin' | 'ein' | 'foreign', last4: string | null) => {
  if (last4 === null) return null;
  if (type === 'ein') return `••-•••${last4}`;
  if (type === 'foreign') return `•••• ${last4}`;
  return `•••-••-${last4}`;
};

export function taxFormViewOf(row: TaxFormRow, now: Date): TaxFormView {
  const validUntil = lastValidDay(row.expiresAt);
  return {
    id: row.id,
    kind: row.kind,
    signed_at: row.signedAt.toISOString(),
    valid_until: validUntil,
    standing: taxFormStandingOf({ valid_until: validUntil }, now),
    legal_name: row.legalName,
    business_name: row.businessName,
    tax_classification: row.taxClassification,
    citizenship_country: row.citizenshipCountry,
    address: { street: row.addressStreet, city: row.addressCity, country: row.addressCountry },
    mailing_address:
      row.mailingStreet && row.mailingCity
        ? { street: row.mailingStreet, city: row.mailingCity, country: row.mailingCountry }
        : null,
    us_tin_type: row.usTinType,
    us_tin_masked: row.usTinType ? masked(row.usTinType, row.usTinLast4) : null,
    foreign_tin_masked: masked('foreign', row.foreignTinLast4),
    foreign_tin_not_required_reason: row.foreignTinNotRequiredReason,
    date_of_birth: row.dateOfBirth,
    treaty: row.treatyCountry
      ? {
          country: row.treatyCountry,
          article: row.treatyArticle ?? '',
          rate: row.treatyRate ?? '',
          income_type: row.treatyIncomeType ?? '',
          conditions: row.treatyConditions ?? '',
        }
      : null,
    signature_name: row.signatureName,
  };
}

export async function holdsTaxDataReaderGrant(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: adminGrants.userId })
    .from(adminGrants)
    .where(and(eq(adminGrants.userId, userId), eq(adminGrants.grant, 'tax_data_reader')));
  return row !== undefined;
}
