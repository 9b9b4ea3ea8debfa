import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApplicantAttemptList, ApplicantAttemptListQuery } from '~/shared/test-attempts';
import { apiClient, queryString } from './api-client';
import { queryKeys } from './query-keys';

// The applicant's list of skills tests (GET /api/applicant/tests), read by the dashboard and My
// Applications (applications) and refreshed by the test page (test-taking): kept below both features.

export const applicantTestsQueryOptions = (query: ApplicantAttemptListQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.testList(query),
    queryFn: () => apiClient.get<ApplicantAttemptList>(`/api/applicant/tests${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
