import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import type { GradeAnswerInput } from '~/shared/test-attempts';

// The company's side of skills-test attempts: a test's attempts, one attempt's review, grading.
// A test's attempts sit under the test's own key, so whatever refreshes the test refreshes them (an
// assignment from the pipeline does). A review has a key of its own: grading puts the server's answer
// there directly, and refreshing the tests must not fetch it again.

const attemptKeys = {
  list: (testId: string, query: { page: number; page_size: number }) =>
    [...queryKeys.tests.detail(testId), 'attempts', query] as const,
  review: (id: string) => ['test-attempts', id] as const,
};

export const testAttemptsQueryOptions = (testId: string, query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: attemptKeys.list(testId, query),
    queryFn: () => callApi(testAttemptsContract.listForTest, { params: { id: testId }, query }),
    placeholderData: keepPreviousData,
  });

export const attemptReviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: attemptKeys.review(id),
    queryFn: () => callApi(testAttemptsContract.review, { params: { id } }),
  });

// A grade changes the attempt's score, the test's average and the application's "needs grading".
export function useGradeAnswer(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...input }: GradeAnswerInput & { questionId: string }) =>
      callApi(testAttemptsContract.grade, { params: { id: attemptId, question_id: questionId }, body: input }),
    onSuccess: async (review) => {
      queryClient.setQueryData(attemptKeys.review(attemptId), review);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tests.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
      ]);
    },
  });
}
