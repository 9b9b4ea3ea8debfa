import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AdminApplicantListQuery,
  ApplicantBulkInput,
  ApplicantVerificationsInput,
} from '~/shared/admin-applicants';
import { adminApplicantsContract } from '~/shared/contracts/admin-applicants';
import { taxFormsContract } from '~/shared/contracts/tax-forms';

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

// An applicant's tax form (issue 56): masked for every administrator; revealed and downloaded with the grant.
export const applicantTaxFormQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.taxForm.applicant(id),
    queryFn: () => callApi(taxFormsContract.applicant, { params: { id } }),
  });

export const revealApplicantTaxIds = (id: string) => callApi(taxFormsContract.reveal, { params: { id } });

export const downloadApplicantTaxForm = (id: string) =>
  downloadApi(taxFormsContract.applicantPdf, 'tax-form.pdf', { params: { id } });
