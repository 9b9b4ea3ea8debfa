import { hashKey, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsKey } from '~/client/jobs/api';
import { apiClient } from '~/client/lib/api-client';
import type { Test, TestInput, TestList, TestListQuery } from '~/shared/assessments';

// The company's skills tests (/api/tests): query options for reads, one hook per change.

export const testsKey = ['tests'] as const;

function testListSearch(query: TestListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const testListQueryOptions = (query: TestListQuery) =>
  queryOptions({
    queryKey: [...testsKey, 'list', query],
    queryFn: () => apiClient.get<TestList>(`/api/tests${testListSearch(query)}`),
    placeholderData: keepPreviousData,
  });

// What a job can require: published, not archived (the Required Tests dialog).
export const activeTestsQueryOptions = (q?: string) =>
  testListQueryOptions({ active_only: 'true', q: q || undefined, page_size: 100, sort: 'name_asc' });

export const testQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...testsKey, 'detail', id], queryFn: () => apiClient.get<Test>(`/api/tests/${id}`) });

// A test change can change the job list's figures (linked tests), so both caches refresh.
function useRefreshTests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: testsKey }),
      queryClient.invalidateQueries({ queryKey: jobsKey }),
    ]);
}

export function useCreateTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (input: TestInput) => apiClient.post<Test>('/api/tests', input),
    onSuccess: refresh,
  });
}

export function useUpdateTest(id: string) {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (input: TestInput) => apiClient.put<Test>(`/api/tests/${id}`, input),
    onSuccess: refresh,
  });
}

export function useCloneTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<Test>(`/api/tests/${id}/clone`),
    onSuccess: refresh,
  });
}

export function useArchiveTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<Test>(`/api/tests/${id}/archive`),
    onSuccess: refresh,
  });
}

export function useRestoreTest() {
  const refresh = useRefreshTests();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<Test>(`/api/tests/${id}/restore`),
    onSuccess: refresh,
  });
}

export function useDeleteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/tests/${id}`),
    // Everything refreshes except the deleted test itself, which would only answer 404 now.
    onSuccess: (_, id) => {
      const deleted = hashKey(testQueryOptions(id).queryKey);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: testsKey, predicate: (query) => query.queryHash !== deleted }),
        queryClient.invalidateQueries({ queryKey: jobsKey }),
      ]);
    },
  });
}

// The star flips at once and settles on the server's answer.
export function useSetTestFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      apiClient.put<{ favorite: boolean }>(`/api/tests/${id}/favorite`, { favorite }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: [...testsKey, 'list'] });
      queryClient.setQueriesData<TestList>({ queryKey: [...testsKey, 'list'] }, (list) =>
        list
          ? { ...list, items: list.items.map((test) => (test.id === id ? { ...test, is_favorite: favorite } : test)) }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: testsKey }),
  });
}
