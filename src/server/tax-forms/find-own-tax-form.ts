import type { OwnTaxForm } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { findActiveTaxForm, taxFormViewOf } from './tax-form-records';

// The talent's own form in force, its numbers masked, and whether payouts wait for one (System Settings).
export async function findOwnTaxForm({
  db,
  applicantId,
  requiredForPayouts,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  requiredForPayouts: boolean;
  now?: Date;
}): Promise<OwnTaxForm> {
  const row = await findActiveTaxForm(db, applicantId);
  const form = row ? taxFormViewOf(row, now) : null;
  return { form, standing: form?.standing ?? 'none', required_for_payouts: requiredForPayouts };
}
