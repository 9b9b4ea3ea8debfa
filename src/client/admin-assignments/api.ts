import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import type { AdminAssignmentSummary, AssignmentOptionList, CreateAssignmentInput } from '~/shared/admin-assignments';
import type { AssignmentStatus } from '~/shared/applications';
import type { Assignment, AssignmentList, ChangeAssignmentTermsInput, EndAssignmentInput } from '~/shared/billing';

// Assignment Management (issue 16 §3): every assignment, its summary, the New Assignment pickers, and the
// administrator's moves (start, end, create). Everything here nests under one key, so a move refreshes
// the list and the cards together.

export interface AdminAssignmentListQuery {
  q?: string;
  status?: AssignmentStatus;
  page: number;
  page_size: number;
}

const all = ['admin', 'assignments'] as const;
export const adminAssignmentKeys = {
  all,
  summary: () => [...all, 'summary'] as const,
  list: (query: AdminAssignmentListQuery) => [...all, 'list', query] as const,
  options: (kind: 'companies' | 'applicants', q: string) => [...all, 'options', kind, q] as const,
};

export const adminAssignmentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminAssignmentKeys.summary(),
    queryFn: () => apiClient.get<AdminAssignmentSummary>('/api/admin/assignments/summary'),
  });

export const adminAssignmentsQueryOptions = (query: AdminAssignmentListQuery) =>
  queryOptions({
    queryKey: adminAssignmentKeys.list(query),
    queryFn: () => apiClient.get<AssignmentList>(`/api/admin/assignments${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const assignmentOptionsQueryOptions = (kind: 'companies' | 'applicants', q: string) =>
  queryOptions({
    queryKey: adminAssignmentKeys.options(kind, q),
    queryFn: () => apiClient.get<AssignmentOptionList>(`/api/admin/assignment-options/${kind}${queryString({ q })}`),
    placeholderData: keepPreviousData,
  });

function useRefreshAssignments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: all });
}

export function useCreateAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: (input: CreateAssignmentInput) => apiClient.post<Assignment>('/api/admin/assignments', input),
    onSuccess: refresh,
  });
}

const movePath = (id: string, action: string) => `/api/admin/assignments/${encodeURIComponent(id)}/${action}`;

export function useStartAdminAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => apiClient.post<Assignment>(movePath(id, 'start')),
    onSuccess: refresh,
  });
}

export function useEndAdminAssignment() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id, ...input }: EndAssignmentInput & { id: string }) =>
      apiClient.post<Assignment>(movePath(id, 'end'), input),
    onSuccess: refresh,
  });
}

export function useChangeAdminAssignmentTerms() {
  const refresh = useRefreshAssignments();
  return useMutation({
    mutationFn: ({ id, ...input }: ChangeAssignmentTermsInput & { id: string }) =>
      apiClient.post<Assignment>(movePath(id, 'terms'), input),
    onSuccess: refresh,
  });
}
