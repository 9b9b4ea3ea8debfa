import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ApplicantProfile, ApplicantProfileView, UpdateApplicantProfileInput } from '~/shared/talent';

// The applicant's own profile and photo (/api/applicant/profile), and an applicant's profile as a
// company sees it (/api/applicants/:id/profile).

const PROFILE_PATH = '/api/applicant/profile';
const PHOTO_PATH = '/api/applicant/profile/photo';

export const applicantProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talent.ownProfile(),
    queryFn: () => apiClient.get<ApplicantProfile>(PROFILE_PATH),
  });

export const applicantProfileViewQueryOptions = (applicantId: string) =>
  queryOptions({
    queryKey: queryKeys.talent.profile(applicantId),
    queryFn: () => apiClient.get<ApplicantProfileView>(`/api/applicants/${encodeURIComponent(applicantId)}/profile`),
  });

// Every change answers with the whole profile (its meter included): it replaces the cached copy.
function useProfileMutation<Input>(send: (input: Input) => Promise<ApplicantProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      queryClient.setQueryData(applicantProfileQueryOptions().queryKey, profile);
      return queryClient.invalidateQueries({ queryKey: queryKeys.talent.profile(profile.id) });
    },
  });
}

export const useUpdateApplicantProfile = () =>
  useProfileMutation((input: UpdateApplicantProfileInput) => apiClient.put<ApplicantProfile>(PROFILE_PATH, input));

export const useUploadApplicantPhoto = () =>
  useProfileMutation((photo: File) => apiClient.put<ApplicantProfile>(PHOTO_PATH, photo));

export const useRemoveApplicantPhoto = () => useProfileMutation(() => apiClient.delete<ApplicantProfile>(PHOTO_PATH));
