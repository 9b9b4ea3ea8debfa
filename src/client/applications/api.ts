import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ApplicantApplicationAction, ApplicantApplicationListQuery } from '~/shared/applications';
import { applicationMoves, applicationsContract } from '~/shared/contracts/applications';
import { jobBoardContract } from '~/shared/contracts/job-board';
import type { SavedJobsQuery } from '~/shared/job-board';

// The applicant's own data (/api/applicant/*): their applications and saved jobs, the dashboard's
// figures. Every change refreshes everything under queryKeys.applicant.all, since the figures count the
// lists.

export const applicantApplicationsQueryOptions = (query: ApplicantApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.applications(query),
    queryFn: () => callApi(applicationsContract.list, { query }),
    // The list keeps its rows while the next page or stage loads.
    placeholderData: keepPreviousData,
  });

// The saved-jobs list is Find Jobs' endpoint (job-board); My Applications shows it as a tab.
export const savedJobsQueryOptions = (query: SavedJobsQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.savedJobs(query),
    queryFn: () => callApi(jobBoardContract.savedJobs, { query }),
    placeholderData: keepPreviousData,
  });

export const applicantStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.stats(),
    queryFn: () => callApi(applicationsContract.stats),
  });

export const recommendedJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.recommendedJobs(),
    queryFn: () => callApi(applicationsContract.recommendedJobs),
  });

// The dashboard shows the first few of each list.
const DASHBOARD_LIST_QUERY = { page_size: 5 };

export const applicantMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.messages(),
    queryFn: () => callApi(applicationsContract.messages, { query: DASHBOARD_LIST_QUERY }),
  });

export const applicantMeetingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.meetings(),
    queryFn: () => callApi(applicationsContract.meetings, { query: DASHBOARD_LIST_QUERY }),
  });

function useRefreshApplicant() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.applicant.all }),
      // Find Jobs shows the applicant's application and saved state on each job.
      queryClient.invalidateQueries({ queryKey: queryKeys.jobBoard.all }),
    ]);
}

// withdraw, accept-offer, decline-offer: each answers with the application as it now is.
export function useApplicationAction() {
  const refresh = useRefreshApplicant();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ApplicantApplicationAction }) =>
      callApi(applicationMoves[action], { params: { id } }),
    onSettled: refresh,
  });
}

export function useUnsaveJob() {
  const refresh = useRefreshApplicant();
  return useMutation({
    mutationFn: (jobId: string) => callApi(jobBoardContract.unsaveJob, { params: { id: jobId } }),
    onSuccess: refresh,
  });
}
