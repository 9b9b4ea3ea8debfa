import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AssignmentOptionList } from '~/shared/admin-assignments';
import type { AdminCreateJobInput, AdminJobList, AdminJobListQuery } from '~/shared/admin-jobs';
import type { Job, UpdateJobInput } from '~/shared/jobs';

// Job Management (/api/admin/jobs): every company's jobs, one job for the edit form, the companies to
// pick from, and the administrator's Create, Edit and Archive. Everything nests under one key, so a
// change refreshes the list.

const all = ['admin', 'jobs'] as const;
export const adminJobKeys = {
  all,
  list: (query: AdminJobListQuery) => [...all, 'list', query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  companies: (q: string) => [...all, 'companies', q] as const,
};

export const adminJobListQueryOptions = (query: AdminJobListQuery) =>
  queryOptions({
    queryKey: adminJobKeys.list(query),
    queryFn: () => apiClient.get<AdminJobList>(`/api/admin/jobs${queryString(query)}`),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const adminJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminJobKeys.detail(id),
    queryFn: () => apiClient.get<Job>(`/api/admin/jobs/${id}`),
  });

export const companyOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminJobKeys.companies(q),
    queryFn: () => apiClient.get<AssignmentOptionList>(`/api/admin/jobs/company-options${queryString({ q })}`),
    placeholderData: keepPreviousData,
  });

function useAdminJobMutation<Variables>(mutationFn: (variables: Variables) => Promise<Job>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The company's own job lists read the same rows.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
      ]),
  });
}

export const useCreateAdminJob = () =>
  useAdminJobMutation((input: AdminCreateJobInput) => apiClient.post<Job>('/api/admin/jobs', input));

export const useUpdateAdminJob = () =>
  useAdminJobMutation(({ id, fields }: { id: string; fields: UpdateJobInput }) =>
    apiClient.put<Job>(`/api/admin/jobs/${id}`, fields),
  );

export const useArchiveAdminJob = () =>
  useAdminJobMutation((id: string) => apiClient.post<Job>(`/api/admin/jobs/${id}/archive`, {}));
