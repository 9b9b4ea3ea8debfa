import { and, eq } from 'drizzle-orm';
import { adminApplicantTexts } from '~/shared/admin-applicants';
import type { AdminTaxForm } from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../platform/errors';
import { findActiveTaxForm, holdsTaxDataReaderGrant, taxFormViewOf } from './tax-form-records';

// An applicant's form in force as an administrator sees it: masked like the talent's own, and whether this
// administrator holds the grant that reveals the numbers and the PDF.
export async function findApplicantTaxForm({
  db,
  applicantId,
  adminId,
  requiredForPayouts,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  adminId: string;
  requiredForPayouts: boolean;
  now?: Date;
}): Promise<AdminTaxForm> {
  const [applicant] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
  if (!applicant) throw new AppError('not_found', adminApplicantTexts.notFound);
  const [row, canReveal] = await Promise.all([
    findActiveTaxForm(db, applicantId),
    holdsTaxDataReaderGrant(db, adminId),
  ]);
  const form = row ? taxFormViewOf(row, now) : null;
  return {
    form,
    standing: form?.standing ?? 'none',
    required_for_payouts: requiredForPayouts,
    can_reveal: canReveal,
  };
}
