import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import type { CreateAssignmentInput } from '~/shared/admin-assignments';
import type { AssignmentStatus } from '~/shared/applications';
import type { ChangeAssignmentTermsInput, EndAssignmentInput } from '~/shared/billing';
import { adminAssignmentsContract } from '~/shared/contracts/admin-assignments';
import { workContract } from '~/shared/contracts/work';

// Assignment Management: every assignment, its summary, the New Assignment pickers, and the
// administrator's moves (start, end, create). Everything here nests under one key, so a move refreshes
// the list and the cards together.

interface AdminAssignmentListQuery {
  q?: string;
  status?: AssignmentStatus;
  page: number;
  page_size: number;
}

const all = ['admin', 'assignments'] as const;
const adminAssignmentKeys = {
  all,
  summary: () => [...all, 'summary'] as const,
  list: (query: AdminAssignmentListQuery) => [...all, 'list', query] as const,
  options: (kind: 'companies' | 'applicants', q: string) => [...all, 'options', kind, q] as const,
};

export const adminAssignmentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminAssignmentKeys.summary(),
    queryFn: () => callApi(adminAssignmentsContract.summary),
  });

export const adminAssignmentsQueryOptions = (query: AdminAssignmentListQuery) =>
  queryOptions({
    queryKey: adminAssignmentKeys.list(query),
    queryFn: () => callApi(workContract.adminAssignments, { query }),
    placeholderData: keepPreviousData,
  });

export const assignmentOptionsQueryOptions = (kind: 'companies' | 'applicants', q: string) =>
  queryOptions({
    queryKey: adminAssignmentKeys.options(kind, q),
    queryFn: () =>
      callApi(
        kind === 'companies' ? adminAssignmentsContract.companyOptions : adminAssignmentsContract.applicantOptions,
        {
          query: { q },
        },
      ),
    placeholderData: keepPreviousData,
  });

function useRefreshAssignments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
}

export function useCreateAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: (input: CreateAssignmentInput) => callApi(adminAssignmentsContract.create, { body: input }),
    onSuccess: refresh,
  });
}

export function useStartAdminAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => callApi(workContract.startAdminAssignment, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useEndAdminAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id, ...body }: EndAssignmentInput & { id: string }) =>
      callApi(workContract.endAdminAssignment, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useChangeAdminAssignmentTerms() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id, ...body }: ChangeAssignmentTermsInput & { id: string }) =>
      callApi(workContract.changeAdminAssignmentTerms, { params: { id }, body }),
    onSuccess: refresh,
  });
}
