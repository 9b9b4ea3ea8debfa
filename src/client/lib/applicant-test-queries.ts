import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import type { ApplicantAttemptListQuery } from '~/shared/test-attempts';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// The applicant's list of skills tests (GET /api/applicant/tests), read by the dashboard and My
// Applications (applications) and refreshed by the test page (test-taking): kept below both features.

export const applicantTestsQueryOptions = (query: ApplicantAttemptListQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.testList(query),
    queryFn: () => callApi(testAttemptsContract.ownList, { query }),
    placeholderData: keepPreviousData,
  });
