import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  ApplicantApplication,
  ApplicantApplicationAction,
  ApplicantApplicationList,
  ApplicantApplicationListQuery,
  ApplicantMeetingList,
  ApplicantMessageList,
  ApplicantStats,
  RecommendedJobList,
} from '~/shared/applications';
import type { JobListingList, SavedJobState, SavedJobsQuery } from '~/shared/job-board';

// The applicant's own data (/api/applicant/*): their applications and saved jobs, the dashboard's
// figures. Every change refreshes everything under queryKeys.applicant.all, since the figures count the
// lists.

export const applicantApplicationsQueryOptions = (query: ApplicantApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.applications(query),
    queryFn: () => apiClient.get<ApplicantApplicationList>(`/api/applicant/applications${queryString(query)}`),
    // The list keeps its rows while the next page or stage loads.
    placeholderData: keepPreviousData,
  });

// The saved-jobs list is Find Jobs' endpoint (job-board); My Applications shows it as a tab.
export const savedJobsQueryOptions = (query: SavedJobsQuery) =>
  queryOptions({
    queryKey: queryKeys.applicant.savedJobs(query),
    queryFn: () => apiClient.get<JobListingList>(`/api/applicant/saved-jobs${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const applicantStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.stats(),
    queryFn: () => apiClient.get<ApplicantStats>('/api/applicant/stats'),
  });

export const recommendedJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.recommendedJobs(),
    queryFn: () => apiClient.get<RecommendedJobList>('/api/applicant/recommended-jobs'),
  });

export const applicantMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.messages(),
    queryFn: () => apiClient.get<ApplicantMessageList>('/api/applicant/messages?page_size=5'),
  });

export const applicantMeetingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.applicant.meetings(),
    queryFn: () => apiClient.get<ApplicantMeetingList>('/api/applicant/meetings?page_size=5'),
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
      apiClient.post<ApplicantApplication>(`/api/applicant/applications/${id}/${action}`),
    onSettled: refresh,
  });
}

export function useUnsaveJob() {
  const refresh = useRefreshApplicant();
  return useMutation({
    mutationFn: (jobId: string) => apiClient.delete<SavedJobState>(`/api/applicant/saved-jobs/${jobId}`),
    onSuccess: refresh,
  });
}
