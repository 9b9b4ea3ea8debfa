import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Test, TestList, TestListQuery } from '~/shared/assessments';
import { apiClient, queryString } from './api-client';
import { queryKeys } from './query-keys';

// The reads of /api/tests that more than one feature needs: the Tests tab (assessments), a job form's
// Required Tests and a job's page (jobs). Moved below the features so neither imports the other;
// assessments/api.ts keeps the changes.

export const testListQueryOptions = (query: TestListQuery) =>
  queryOptions({
    queryKey: queryKeys.tests.list(query),
    queryFn: () => apiClient.get<TestList>(`/api/tests${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

// What a job can require: published, not archived (the Required Tests dialog).
export const activeTestsQueryOptions = (q?: string) =>
  testListQueryOptions({ active_only: 'true', q: q || undefined, page_size: 100, sort: 'name_asc' });

export const testQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.tests.detail(id), queryFn: () => apiClient.get<Test>(`/api/tests/${id}`) });
