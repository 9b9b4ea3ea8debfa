import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { scorecardsContract } from '~/shared/contracts/scorecards';
import type { JobApplicationListQuery } from '~/shared/jobs';
import type { FixedPriceOfferInput } from '~/shared/milestones';
import type {
  ApplicationDetail,
  ApplicationListQuery,
  BulkMoveInput,
  MoveApplicationInput,
  NoteInput,
  OfferInput,
} from '~/shared/pipeline';
import type { FillScorecardInput } from '~/shared/scorecards';

// The company's pipeline (/api/applications, and a job's applications at /api/jobs/:id/applications):
// reads as query options, one hook per change. A move changes the job too (its pipeline badge, its
// status once filled), so moves refresh every job query as well as the pipeline's.

// One job's pipeline. Under the jobs keys, so whatever refreshes a job refreshes its board.
export const jobPipelineQueryOptions = (jobId: string, query: JobApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.jobs.applications(jobId, query),
    queryFn: () => callApi(jobsContract.applications, { params: { id: jobId }, query }),
    placeholderData: keepPreviousData,
  });

export const companyApplicationsQueryOptions = (query: ApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.pipeline.list(query),
    queryFn: () => callApi(pipelineContract.list, { query }),
    placeholderData: keepPreviousData,
  });

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.pipeline.detail(id),
    queryFn: () => callApi(pipelineContract.get, { params: { id } }),
  });

// The company's jobs for the list's job filter: the hundred launched last (archived ones left out).
const JOB_FILTER_QUERY = { page_size: 100 };
export const jobChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.pipeline.all, 'job-choices'] as const,
    queryFn: () => callApi(jobsContract.list, { query: JOB_FILTER_QUERY }),
  });

function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
    ]);
}

// A moved application answers with its new detail: the drawer shows it at once.
function useSetDetail() {
  const queryClient = useQueryClient();
  return (detail: ApplicationDetail) => queryClient.setQueryData(queryKeys.pipeline.detail(detail.id), detail);
}

export function useMoveApplication() {
  const refresh = useRefreshAfterMove();
  const setDetail = useSetDetail();
  return useMutation({
    mutationFn: ({ id, ...input }: MoveApplicationInput & { id: string }) =>
      callApi(pipelineContract.move, { params: { id }, body: input }),
    onSuccess: async (detail) => {
      setDetail(detail);
      await refresh();
    },
  });
}

export function useMakeOffer() {
  const refresh = useRefreshAfterMove();
  const setDetail = useSetDetail();
  return useMutation({
    mutationFn: ({ id, ...offer }: OfferInput & { id: string }) =>
      callApi(pipelineContract.offer, { params: { id }, body: offer }),
    onSuccess: async (detail) => {
      setDetail(detail);
      await refresh();
    },
  });
}

// A fixed-price job's offer: a total split into milestones (docs/decisions/035).
export function useMakeFixedPriceOffer() {
  const refresh = useRefreshAfterMove();
  const setDetail = useSetDetail();
  return useMutation({
    mutationFn: ({ id, ...offer }: FixedPriceOfferInput & { id: string }) =>
      callApi(pipelineContract.fixedPriceOffer, { params: { id }, body: offer }),
    onSuccess: async (detail) => {
      setDetail(detail);
      await refresh();
    },
  });
}

export function useBulkMove() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (input: BulkMoveInput) => callApi(pipelineContract.bulkMove, { body: input }),
    onSuccess: refresh,
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => callApi(pipelineContract.addNote, { params: { id }, body: input }),
    onSuccess: (note) => {
      queryClient.setQueryData(queryKeys.pipeline.detail(id), (detail: ApplicationDetail | undefined) =>
        detail ? { ...detail, notes: [note, ...detail.notes] } : detail,
      );
    },
  });
}

// The lists show the average rating, so they refresh too.
export function useRateApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => callApi(pipelineContract.rate, { params: { id }, body: { rating } }),
    onSuccess: async (rating) => {
      queryClient.setQueryData(queryKeys.pipeline.detail(id), (detail: ApplicationDetail | undefined) =>
        detail ? { ...detail, rating } : detail,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.jobs.all, 'applications'] }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.pipeline.all, 'list'] }),
      ]);
    },
  });
}

// Assigns a test to the applicant, or a retake of a finished one. The application shows its tests; the
// test's attempts and the tests' and jobs' figures count assignments.
export function useAssignTest(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testId: string) =>
      callApi(pipelineContract.assignTest, { params: { id: applicationId }, body: { test_id: testId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.detail(applicationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tests.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.summary() }),
      ]),
  });
}

// An application's scorecards and their summary (/api/applications/:id/scorecards).
export const scorecardsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.pipeline.scorecards(applicationId),
    queryFn: () => callApi(scorecardsContract.list, { params: { id: applicationId } }),
  });

export function useFillScorecard(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FillScorecardInput) =>
      callApi(scorecardsContract.fill, { params: { id: applicationId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.scorecards(applicationId) }),
  });
}

// Colleagues who may read the pipeline, by name: the @mention picker's options.
export const mentionCandidatesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.pipeline.members({ q }),
    queryFn: () => callApi(hiringTeamContract.pipelineMembers, { query: { q } }),
    placeholderData: keepPreviousData,
  });
