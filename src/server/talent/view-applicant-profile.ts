import type { Role } from '~/shared/permissions';
import { type ApplicantProfileView, profileTexts } from '~/shared/talent';
import type { Database } from '../db/client';
import { loadApplicantWithProfile, toProfileView } from '../kernels/profiles/profile-views';
import { AppError } from '../platform/errors';

// An applicant's profile as a company or an administrator sees it: read-only, without the meter.
// An id that names anyone but an applicant is "no such applicant"; so is a suspended applicant, to
// everyone but the administrators who manage the account.
export async function viewApplicantProfile({
  db,
  applicantId,
  viewerRole,
}: {
  db: Database;
  applicantId: string;
  viewerRole: Role;
}): Promise<ApplicantProfileView> {
  const applicant = await loadApplicantWithProfile({ db, applicantId });
  if (!applicant || (applicant.status !== 'active' && viewerRole !== 'admin')) {
    throw new AppError('not_found', profileTexts.notFound);
  }
  return toProfileView(applicant);
}
