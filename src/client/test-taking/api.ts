import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AnswerFile, AnswerValue, ApplicantAttempt, IntegrityEvent } from '~/shared/test-attempts';

// The candidate taking one skills test (/api/applicant/tests/:id): the attempt, starting and submitting
// it, and the calls the open test makes as it goes (answers, files, the integrity record).

const attemptPath = (id: string) => `/api/applicant/tests/${encodeURIComponent(id)}`;
const questionPath = (id: string, part: 'answers' | 'files', questionId: string) =>
  `${attemptPath(id)}/${part}/${encodeURIComponent(questionId)}`;

export const applicantTestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.applicant.test(id),
    queryFn: () => apiClient.get<ApplicantAttempt>(attemptPath(id)),
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

export const useStartTest = () =>
  useAttemptMutation((id) => apiClient.post<ApplicantAttempt>(`${attemptPath(id)}/start`));

export const useSubmitTest = () =>
  useAttemptMutation((id) => apiClient.post<ApplicantAttempt>(`${attemptPath(id)}/submit`));

export const saveAnswer = (id: string, questionId: string, answer: AnswerValue, { keepalive = false } = {}) =>
  apiClient.put<{ question_id: string; saved_at: string }>(
    questionPath(id, 'answers', questionId),
    { answer },
    { keepalive },
  );

// The file's bytes as the body, typed as the server accepts it; its name in a header, encoded, since a
// header carries only ASCII.
export const uploadAnswerFile = (id: string, questionId: string, file: Blob, name: string) =>
  apiClient.put<AnswerFile>(questionPath(id, 'files', questionId), file, {
    headers: { 'X-File-Name': encodeURIComponent(name) },
  });

export const answerFileHref = (id: string, questionId: string) => questionPath(id, 'files', questionId);

export const recordIntegrityEvents = (id: string, events: IntegrityEvent[], { keepalive = false } = {}) =>
  apiClient.post<{ recorded: number }>(`${attemptPath(id)}/events`, { events }, { keepalive });
