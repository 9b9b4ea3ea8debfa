import { and, eq } from 'drizzle-orm';
import { taxForms, users } from '../db/schema';
import { demoAccounts } from './demo-accounts';
import type { DemoSeeder } from './demo-seeder';
import { buildTaxForm } from './tax-form-factories';

const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';

// The demo talent's W-8BEN (issue 56): Jonas Reyes lives in Bogotá, so the payout run that pays him has the
// tax form System Settings ask for. Signed in January, so it reads "on file until" the end of three years on.
// Before the payouts seeder.
export const demoTaxFormsSeeder: DemoSeeder = {
  name: 'tax-forms',
  async seed({ db, taxIds }) {
    if (!taxIds) throw new Error('The demo tax forms need the key that seals tax identification numbers.');
    const [talent] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, demoTalentEmail));
    if (!talent) return { created: 0 };
    const [existing] = await db
      .select({ id: taxForms.id })
      .from(taxForms)
      .where(and(eq(taxForms.applicantId, talent.id), eq(taxForms.status, 'active')));
    if (existing) return { created: 0 };
    const signedAt = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 15, 14, 30));
    await buildTaxForm(db, {
      cipher: taxIds,
      applicantId: talent.id,
      legalName: talent.name,
      kind: 'w8ben',
      signedAt,
      // A Colombian NIT with its check digit, as the DIAN writes it.
      foreignTin: '900373913-4',
    });
    return { created: 1 };
  },
};
