import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { talentContract } from '~/shared/contracts/talent';
import type { ApplicantProfile, UpdateApplicantProfileInput } from '~/shared/talent';

// The applicant's own profile and photo (/api/applicant/profile), and an applicant's profile as a
// company sees it (/api/applicants/:id/profile).

export const applicantProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talent.ownProfile(),
    queryFn: () => callApi(talentContract.ownProfile),
  });

// Every change answers with the whole profile (its meter included): it replaces the cached copy.
function useProfileMutation<Input>(send: (input: Input) => Promise<ApplicantProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      queryClient.setQueryData(applicantProfileQueryOptions().queryKey, profile);
    },
  });
}

export const useUpdateApplicantProfile = () =>
  useProfileMutation((input: UpdateApplicantProfileInput) => callApi(talentContract.updateOwnProfile, { body: input }));

export const useUploadApplicantPhoto = () =>
  useProfileMutation((photo: File) => callApi(talentContract.uploadPhoto, { body: photo }));

export const useRemoveApplicantPhoto = () => useProfileMutation(() => callApi(talentContract.removePhoto));
