import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { w8benExpiresAt } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { taxForms } from '../db/schema';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { sealedFor } from '../tax-forms/tax-form-records';

// A tax form in force for a talent, written straight to its row (no PDF: the seeders' transaction and most
// tests have no file store) — what the payout gate asks of a talent the tests and the demo pay; the one in
// force already when the talent has one. The real signing is tax-forms/submit-tax-form.ts.
export async function buildTaxForm(
  db: Database,
  {
    cipher,
    applicantId,
    legalName = 'Test Talent',
    kind = 'w9',
    signedAt = new Date(),
    usTin = '123456789',
    foreignTin = 'AB123456C',
  }: {
    cipher: TaxIdCipher;
    applicantId: string;
    legalName?: string;
    kind?: 'w9' | 'w8ben';
    signedAt?: Date;
    usTin?: string;
    foreignTin?: string;
  },
) {
  const common = {
    id: randomUUID(),
    applicantId,
    kind,
    legalName,
    signatureName: legalName,
    signedAt,
    electronicConsentAt: signedAt,
    createdAt: signedAt,
  };
  const [row] = await db
    .insert(taxForms)
    .values(
      kind === 'w9'
        ? {
            ...common,
            taxClassification: 'individual',
            addressStreet: '100 Congress Ave',
            addressCity: 'Austin, TX 78701',
            usTinType: 'ssn',
            usTinSealed: cipher.seal(usTin, sealedFor(applicantId, 'us_tin')),
            usTinLast4: usTin.slice(-4),
          }
        : {
            ...common,
            citizenshipCountry: 'CO',
            addressStreet: 'Carrera 7 # 71-21',
            addressCity: 'Bogotá 110231',
            addressCountry: 'CO',
            foreignTinSealed: cipher.seal(foreignTin, sealedFor(applicantId, 'foreign_tin')),
            foreignTinLast4: foreignTin.slice(-4),
            dateOfBirth: '1991-04-12',
            expiresAt: w8benExpiresAt(signedAt),
          },
    )
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [active] = await db
    .select()
    .from(taxForms)
    .where(and(eq(taxForms.applicantId, applicantId), eq(taxForms.status, 'active')));
  if (!active) throw new Error('The tax form was not stored.');
  return active;
}
