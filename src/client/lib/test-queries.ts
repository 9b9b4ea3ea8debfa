import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TestListQuery } from '~/shared/assessments';
import { testsContract } from '~/shared/contracts/assessments';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// The reads of /api/tests that more than one feature needs: the Tests tab (assessments), a job form's
// Required Tests and a job's page (jobs). Moved below the features so neither imports the other;
// assessments/api.ts keeps the changes.

export const testListQueryOptions = (query: TestListQuery) =>
  queryOptions({
    queryKey: queryKeys.tests.list(query),
    queryFn: () => callApi(testsContract.list, { query }),
    placeholderData: keepPreviousData,
  });

// What a job can require: published, not archived (the Required Tests dialog).
export const activeTestsQueryOptions = (q?: string) =>
  testListQueryOptions({ active_only: 'true', q: q || undefined, page_size: 100, sort: 'name_asc' });

export const testQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.tests.detail(id), queryFn: () => callApi(testsContract.get, { params: { id } }) });
