import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminCreateTestInput, AdminTestListQuery, BulkTestAction } from '~/shared/admin-tests';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import { adminTestsContract } from '~/shared/contracts/admin-tests';

// Tests & Content Management (/api/admin/tests): every test, one test for the read-only view, the owners
// to pick from, Create New Test and the bulk Archive and Delete. Everything nests under one key.

const all = ['admin', 'tests'] as const;
const adminTestKeys = {
  all,
  list: (query: AdminTestListQuery) => [...all, 'list', query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  owners: (q: string) => [...all, 'owners', q] as const,
};

export const adminTestListQueryOptions = (query: AdminTestListQuery) =>
  queryOptions({
    queryKey: adminTestKeys.list(query),
    queryFn: () => callApi(adminTestsContract.list, { query }),
    placeholderData: keepPreviousData,
  });

export const adminTestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminTestKeys.detail(id),
    queryFn: () => callApi(adminTestsContract.get, { params: { id } }),
  });

// The companies that can own a test: the same list Create Job picks from.
export const testOwnerOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminTestKeys.owners(q),
    queryFn: () => callApi(adminJobsContract.companyOptions, { query: { q } }),
    placeholderData: keepPreviousData,
  });

function useInvalidateTests() {
  const queryClient = useQueryClient();
  // The companies' own test lists read the same rows.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tests.all }),
    ]);
}

export function useCreateAdminTest() {
  const invalidate = useInvalidateTests();
  return useMutation({
    mutationFn: (input: AdminCreateTestInput) => callApi(adminTestsContract.create, { body: input }),
    onSettled: invalidate,
  });
}

export function useBulkTestAction() {
  const invalidate = useInvalidateTests();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkTestAction; ids: string[] }) =>
      callApi(adminTestsContract[action], { body: { ids } }),
    onSettled: invalidate,
  });
}
