import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { savedSearchesContract } from '~/shared/contracts/saved-searches';
import type { ApplyToJobInput, JobBoardQuery, JobListingList, JobPosting, MyApplication } from '~/shared/job-board';
import type { CreateSavedSearchInput, SavedSearchListQuery, UpdateSavedSearchInput } from '~/shared/saved-searches';
import { applicationOriginOf, forgetApplicationOrigin } from './application-origin';

// The job board as an applicant uses it: Find Jobs (/api/applicant/jobs), a job's page, the save heart
// and applying. A change updates the job wherever it is on screen at once, then refreshes the board and
// the applicant's own lists and figures (queryKeys.applicant: My Applications, the dashboard).

export const jobBoardListQueryOptions = (query: JobBoardQuery) =>
  queryOptions({
    queryKey: queryKeys.jobBoard.list(query),
    queryFn: () => callApi(jobBoardContract.findJobs, { query }),
    // The cards stay while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const jobPostingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.jobBoard.detail(id),
    queryFn: () => callApi(jobBoardContract.jobPosting, { params: { id } }),
  });

type JobChange = { is_saved: boolean } | { application: MyApplication };

// Writes a change into every cached copy of the job: the lists' cards and its page.
function patchJob(queryClient: QueryClient, jobId: string, change: JobChange) {
  queryClient.setQueriesData<JobListingList>({ queryKey: queryKeys.jobBoard.lists() }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === jobId ? { ...item, ...change } : item)) } : list,
  );
  queryClient.setQueryData<JobPosting>(queryKeys.jobBoard.detail(jobId), (job) => (job ? { ...job, ...change } : job));
}

function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.jobBoard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.applicant.all }),
  ]);
}

// The heart: save (PUT) or remove (DELETE); both may be repeated.
export function useToggleSavedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, save }: { jobId: string; save: boolean }) =>
      save
        ? callApi(jobBoardContract.saveJob, { params: { id: jobId } })
        : callApi(jobBoardContract.unsaveJob, { params: { id: jobId } }),
    onSuccess: (state) => {
      patchJob(queryClient, state.job_id, { is_saved: state.is_saved });
      return refreshAfterChange(queryClient);
    },
  });
}

export function useApplyToJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Where the applicant came from to this job, as their landing said (application-origin.ts).
    mutationFn: (input: ApplyToJobInput) =>
      callApi(jobBoardContract.apply, { params: { id: jobId }, body: { ...input, ...applicationOriginOf(jobId) } }),
    onSuccess: (application) => {
      forgetApplicationOrigin(jobId);
      patchJob(queryClient, jobId, {
        application: { id: application.id, status: application.status, created_at: application.created_at },
      });
      // The job's page says at once which tests now wait for the applicant.
      queryClient.setQueryData<JobPosting>(queryKeys.jobBoard.detail(jobId), (job) =>
        job ? { ...job, waiting_tests: application.waiting_tests } : job,
      );
      return refreshAfterChange(queryClient);
    },
    // A refusal (applied already, the job closed meanwhile) means the screen is behind: catch up.
    onError: () => refreshAfterChange(queryClient),
  });
}

// Saved searches: a page of them, and each change refreshes every page.
export const savedSearchesQueryOptions = (query: SavedSearchListQuery) =>
  queryOptions({
    queryKey: queryKeys.jobBoard.savedSearchList(query),
    queryFn: () => callApi(savedSearchesContract.list, { query }),
    placeholderData: keepPreviousData,
  });

function useRefreshSavedSearches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.jobBoard.savedSearches() });
}

export function useCreateSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) => callApi(savedSearchesContract.create, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateSavedSearchInput }) =>
      callApi(savedSearchesContract.update, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (id: string) => callApi(savedSearchesContract.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

// The saved search an alert's unsubscribe link names, and whether it is still emailed: read without signing in.
export const jobAlertQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.jobBoard.jobAlert(token),
    queryFn: () => callApi(savedSearchesContract.alert, { params: { token } }),
  });

// An alert's unsubscribe link, without signing in: the search's emails stop; doing it again changes nothing.
export function useUnsubscribeJobAlert(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(savedSearchesContract.unsubscribe, { params: { token } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.jobBoard.jobAlert(token), subscription),
  });
}

// A file for the application about to be sent: the raw bytes with their own type, the name beside them (as a
// message's attachment). The application names it by file_id.
export function useUploadProposalFile() {
  return useMutation({
    mutationFn: (file: File) =>
      callApi(
        jobBoardContract.uploadProposalFile,
        { body: file },
        { headers: { 'X-File-Name': encodeURIComponent(file.name) } },
      ),
  });
}
