import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import type { ApplicantAttempt, IntegrityEvent, SentAnswer } from '~/shared/test-attempts';

// The candidate taking one skills test (/api/applicant/tests/:id): the attempt, starting and submitting
// it, and the calls the open test makes as it goes (answers, files, the integrity record).

export const applicantTestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.applicant.test(id),
    queryFn: () => callApi(testAttemptsContract.own, { params: { id } }),
  });

// Start and submit answer with the attempt as it now is: it replaces the cached one, and the lists that
// show its status are refreshed.
function useAttemptMutation(send: (id: string) => Promise<ApplicantAttempt>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (attempt) => {
      queryClient.setQueryData(applicantTestQueryOptions(attempt.id).queryKey, attempt);
      return queryClient.invalidateQueries({ queryKey: queryKeys.applicant.testLists() });
    },
  });
}

export const useStartTest = () => useAttemptMutation((id) => callApi(testAttemptsContract.start, { params: { id } }));

export const useSubmitTest = () => useAttemptMutation((id) => callApi(testAttemptsContract.submit, { params: { id } }));

export const saveAnswer = (id: string, questionId: string, answer: SentAnswer, { keepalive = false } = {}) =>
  callApi(
    testAttemptsContract.saveAnswer,
    { params: { id, question_id: questionId }, body: { answer } },
    { keepalive },
  );

// The file's bytes as the body, typed as the server accepts it; its name in a header, encoded, since a
// header carries only ASCII.
export const uploadAnswerFile = (id: string, questionId: string, file: Blob, name: string) =>
  callApi(
    testAttemptsContract.uploadAnswerFile,
    { params: { id, question_id: questionId }, body: file },
    { headers: { 'X-File-Name': encodeURIComponent(name) } },
  );

export const downloadAnswerFile = (id: string, questionId: string, fallbackName: string) =>
  downloadApi(testAttemptsContract.ownAnswerFile, fallbackName, { params: { id, question_id: questionId } });

export const recordIntegrityEvents = (id: string, events: IntegrityEvent[], { keepalive = false } = {}) =>
  callApi(testAttemptsContract.recordIntegrityEvents, { params: { id }, body: { events } }, { keepalive });
