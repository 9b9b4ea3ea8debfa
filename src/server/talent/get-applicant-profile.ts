import type { ApplicantProfile } from '~/shared/talent';
import type { Database } from '../db/client';
import { loadApplicantWithProfile, toOwnProfile } from '../kernels/profiles/profile-views';
import { AppError } from '../platform/errors';

// The signed-in applicant's own profile, with how complete it is.
export async function getApplicantProfile({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<ApplicantProfile> {
  const applicant = await loadApplicantWithProfile({ db, applicantId });
  if (!applicant) throw new AppError('not_found', 'Your applicant profile could not be found.');
  return toOwnProfile(applicant);
}
