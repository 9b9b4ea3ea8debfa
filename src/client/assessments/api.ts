import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { TestInput, TestList } from '~/shared/assessments';
import { testsContract } from '~/shared/contracts/assessments';

// The company's skills tests (/api/tests): one hook per change. The reads live in lib/test-queries.ts,
// since the jobs feature reads tests too; they are re-exported here for this feature's pages.
export { activeTestsQueryOptions, testListQueryOptions, testQueryOptions } from '~/client/lib/test-queries';

// A test change can change the job list's figures (linked tests), so both caches refresh.
function useRefreshTests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tests.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
    ]);
}

export function useCreateTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (input: TestInput) => callApi(testsContract.create, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateTest(id: string) {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (input: TestInput) => callApi(testsContract.update, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useCloneTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => callApi(testsContract.clone, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useArchiveTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => callApi(testsContract.archive, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useRestoreTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => callApi(testsContract.restore, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(testsContract.delete, { params: { id } }),
    // Everything refreshes except the deleted test and what hangs under it (its attempts), which would
    // only answer 404 now.
    onSuccess: (_, id) => {
      const deletedKey = queryKeys.tests.detail(id);
      const deleted = hashKey(deletedKey);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.tests.all,
          predicate: (query) => hashKey(query.queryKey.slice(0, deletedKey.length)) !== deleted,
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
      ]);
    },
    // Refused because the test was taken meanwhile (409) or is gone (404): show the list as it now is.
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.tests.lists() });
      }
    },
  });
}

// The star flips at once and settles on the server's answer.
export function useSetTestFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      callApi(testsContract.setFavorite, { params: { id }, body: { favorite } }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tests.lists() });
      queryClient.setQueriesData<TestList>({ queryKey: queryKeys.tests.lists() }, (list) =>
        list
          ? { ...list, items: list.items.map((test) => (test.id === id ? { ...test, is_favorite: favorite } : test)) }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tests.all }),
  });
}
