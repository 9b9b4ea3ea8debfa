import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { talentContract } from '~/shared/contracts/talent';
import type { OwnTimeZone } from '~/shared/meetings';
import type { ApplicantProfile, UpdateApplicantProfileInput } from '~/shared/talent';
import type {
  UpdateCertificationsInput,
  UpdateEducationInput,
  UpdateLanguagesInput,
  UpdatePortfolioInput,
  UpdateWorkHistoryInput,
} from '~/shared/talent-background';

// The applicant's own profile and photo (/api/applicant/profile), and an applicant's profile as a
// company sees it (/api/applicants/:id/profile).

export const applicantProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talent.ownProfile(),
    queryFn: () => callApi(talentContract.ownProfile),
  });

// Every change answers with the whole profile (its meter included): it replaces the cached copy. The
// profile's time zone is the applicant's own (docs/decisions/022), which meetings read too.
function useProfileMutation<Input>(send: (input: Input) => Promise<ApplicantProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (profile) => {
      queryClient.setQueryData(applicantProfileQueryOptions().queryKey, profile);
      const zoneKey = queryKeys.account.timeZone();
      const before = queryClient.getQueryData<OwnTimeZone>(zoneKey)?.time_zone;
      queryClient.setQueryData<OwnTimeZone>(zoneKey, { time_zone: profile.timezone });
      if (before !== profile.timezone) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.applicant.meetings() }),
        ]);
      }
    },
  });
}

export const useUpdateApplicantProfile = () =>
  useProfileMutation((input: UpdateApplicantProfileInput) => callApi(talentContract.updateOwnProfile, { body: input }));

export const useUploadApplicantPhoto = () =>
  useProfileMutation((photo: File) => callApi(talentContract.uploadPhoto, { body: photo }));

export const useRemoveApplicantPhoto = () => useProfileMutation(() => callApi(talentContract.removePhoto));

// The background lists, each saved whole in the order shown.
export const useSaveWorkHistory = () =>
  useProfileMutation((body: UpdateWorkHistoryInput) => callApi(talentContract.updateWorkHistory, { body }));
export const useSaveEducation = () =>
  useProfileMutation((body: UpdateEducationInput) => callApi(talentContract.updateEducation, { body }));
export const useSaveLanguages = () =>
  useProfileMutation((body: UpdateLanguagesInput) => callApi(talentContract.updateLanguages, { body }));
export const useSaveCertifications = () =>
  useProfileMutation((body: UpdateCertificationsInput) => callApi(talentContract.updateCertifications, { body }));
export const useSavePortfolio = () =>
  useProfileMutation((body: UpdatePortfolioInput) => callApi(talentContract.updatePortfolio, { body }));
