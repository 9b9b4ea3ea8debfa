import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AdminApplicantListQuery,
  ApplicantBulkInput,
  ApplicantVerificationsInput,
} from '~/shared/admin-applicants';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';

// Applicant Management (/api/admin/applicants): the list, the drawer and the bulk actions.

export const adminApplicantListQueryOptions = (query: AdminApplicantListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminApplicants.list(query),
    queryFn: () => callApi(adminApplicantsContract.list, { query }),
    placeholderData: keepPreviousData,
  });

export const adminApplicantDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminApplicants.detail(id),
    queryFn: () => callApi(adminApplicantsContract.get, { params: { id } }),
  });

export function useApplicantBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantBulkInput) => callApi(adminApplicantsContract.bulk, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminApplicants.all }),
  });
}

export function useChangeApplicantVerifications(applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantVerificationsInput) =>
      callApi(adminApplicantsContract.changeVerifications, { params: { id: applicantId }, body: input }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.adminApplicants.detail(applicantId), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminApplicants.detail(applicantId) }),
  });
}
