import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminCreateJobInput, AdminJobListQuery } from '~/shared/admin-jobs';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import type { Job, UpdateJobInput } from '~/shared/jobs';

// Job Management (/api/admin/jobs): every company's jobs, one job for the edit form, the companies to
// pick from, and the administrator's Create, Edit and Archive. Everything nests under one key, so a
// change refreshes the list.

const all = ['admin', 'jobs'] as const;
const adminJobKeys = {
  all,
  list: (query: AdminJobListQuery) => [...all, 'list', query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  companies: (q: string) => [...all, 'companies', q] as const,
};

export const adminJobListQueryOptions = (query: AdminJobListQuery) =>
  queryOptions({
    queryKey: adminJobKeys.list(query),
    queryFn: () => callApi(adminJobsContract.list, { query }),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const adminJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminJobKeys.detail(id),
    queryFn: () => callApi(adminJobsContract.get, { params: { id } }),
  });

export const companyOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminJobKeys.companies(q),
    queryFn: () => callApi(adminJobsContract.companyOptions, { query: { q } }),
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
  useAdminJobMutation((input: AdminCreateJobInput) => callApi(adminJobsContract.create, { body: input }));

export const useUpdateAdminJob = () =>
  useAdminJobMutation(({ id, fields }: { id: string; fields: UpdateJobInput }) =>
    callApi(adminJobsContract.update, { params: { id }, body: fields }),
  );

export const useArchiveAdminJob = () =>
  useAdminJobMutation((id: string) => callApi(adminJobsContract.archive, { params: { id } }));
