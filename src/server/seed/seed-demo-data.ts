import type { Database } from '../db/client';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { demoAccountManagerSeeder } from './demo-account-manager';
import { demoAccountsSeeder } from './demo-accounts';
import { demoBillingSeeder } from './demo-billing';
import { demoContactMessagesSeeder } from './demo-contact-messages';
import { demoContractsSeeder } from './demo-contracts';
import { demoFxRatesSeeder } from './demo-fx-rates';
import { demoJobsSeeder } from './demo-jobs';
import { demoPayoutsSeeder } from './demo-payouts';
import { demoReviewsSeeder } from './demo-reviews';
import type { DemoSeeder } from './demo-seeder';
import { demoTalentSeeder } from './demo-talent';
import { demoTaxFormsSeeder } from './demo-tax-forms';
import { demoTestsSeeder } from './demo-tests';
import { demoAssessmentsSeeder } from './platform-assessments';

// Demo data for `npm start` on an empty database (outside production) and for `npm run db:seed`.

// Features add their seeders here as they land.
export const demoSeeders: DemoSeeder[] = [
  demoAccountsSeeder,
  // After the accounts: the demo manager's profile, and the demo company assigned to them.
  demoAccountManagerSeeder,
  demoTestsSeeder,
  demoJobsSeeder,
  demoTalentSeeder,
  // After the talent: the assessments' passes go to listed profiles.
  demoAssessmentsSeeder,
  // After the talent: their hires are the assignments at work.
  demoBillingSeeder,
  // After the talent, before payouts: the run pays only a talent with a tax form on file.
  demoTaxFormsSeeder,
  // After billing: the paid weeks are what the payout run pays.
  demoPayoutsSeeder,
  // After billing (the demo card) and payouts (the run stays as billing made it).
  demoContractsSeeder,
  // After the talent and the companies: past work, its reviews, and the ratings they make.
  demoReviewsSeeder,
  demoContactMessagesSeeder,
  demoFxRatesSeeder,
];

interface SeedReport {
  name: string;
  created: number;
}

export async function seedDemoData({
  db,
  taxIds,
  seeders = demoSeeders,
}: {
  db: Database;
  // Seals the demo talent's tax identification numbers: the app's key (platform/tax-id-cipher.ts).
  taxIds?: TaxIdCipher;
  seeders?: DemoSeeder[];
}): Promise<SeedReport[]> {
  return db.transaction(async (transaction) => {
    const report: SeedReport[] = [];
    for (const seeder of seeders) {
      const { created } = await seeder.seed({ db: transaction, taxIds });
      report.push({ name: seeder.name, created });
    }
    return report;
  });
}
