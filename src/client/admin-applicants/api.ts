import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AdminApplicantDetail,
  AdminApplicantList,
  AdminApplicantListQuery,
  ApplicantBulkInput,
  ApplicantBulkResult,
  ApplicantVerificationsInput,
} from '~/shared/admin-applicants';

// Applicant Management (/api/admin/applicants): the list, the drawer and the bulk actions.

export const adminApplicantListQueryOptions = (query: AdminApplicantListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminApplicants.list(query),
    queryFn: () => apiClient.get<AdminApplicantList>(`/api/admin/applicants${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const adminApplicantDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminApplicants.detail(id),
    queryFn: () => apiClient.get<AdminApplicantDetail>(`/api/admin/applicants/${id}`),
  });

export function useApplicantBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantBulkInput) => apiClient.post<ApplicantBulkResult>('/api/admin/applicants/bulk', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminApplicants.all }),
  });
}

export function useChangeApplicantVerifications(applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantVerificationsInput) =>
      apiClient.put<AdminApplicantDetail>(`/api/admin/applicants/${applicantId}/verifications`, input),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.adminApplicants.detail(applicantId), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminApplicants.detail(applicantId) }),
  });
}
