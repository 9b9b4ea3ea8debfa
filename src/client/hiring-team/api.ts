import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import type { HiringTeam } from '~/shared/hiring-team';

// A job's hiring team and scorecard criteria (/api/jobs/:id/hiring-team), and the colleagues who may join.

export const hiringTeamQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.hiringTeam(jobId),
    queryFn: () => callApi(hiringTeamContract.get, { params: { id: jobId } }),
  });

export const teamCandidatesQueryOptions = (jobId: string, q: string) =>
  queryOptions({
    queryKey: queryKeys.pipeline.members({ q, not_on_job: jobId }),
    queryFn: () => callApi(hiringTeamContract.pipelineMembers, { query: { q, not_on_job: jobId } }),
    placeholderData: keepPreviousData,
  });

function useRefreshTeam(jobId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.jobs.hiringTeam(jobId) }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.pipeline.all, 'members'] }),
    ]);
}

export function useAddTeamMember(jobId: string) {
  const refresh = useRefreshTeam(jobId);
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(hiringTeamContract.add, { params: { id: jobId }, body: { user_id: userId } }),
    onSuccess: refresh,
  });
}

export function useRemoveTeamMember(jobId: string) {
  const refresh = useRefreshTeam(jobId);
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(hiringTeamContract.remove, { params: { id: jobId }, query: { user_id: userId } }),
    onSuccess: refresh,
  });
}

// The answer is the team with its new criteria; scorecards read the criteria too.
export function useSetScorecardCriteria(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (criteria: string[]) =>
      callApi(hiringTeamContract.setCriteria, { params: { id: jobId }, body: { criteria } }),
    onSuccess: async (team: HiringTeam) => {
      queryClient.setQueryData(queryKeys.jobs.hiringTeam(jobId), team);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.pipeline.all, 'scorecards'] });
    },
  });
}
