import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { jobsContract } from '~/shared/contracts/jobs';
import type {
  BulkJobInput,
  CreateJobInput,
  JobApplicationListQuery,
  JobListQuery,
  JobTransition,
  UpdateJobInput,
} from '~/shared/jobs';

// The company's job posts (/api/jobs): query options for reads, one hook per change. Every change
// refreshes everything under queryKeys.jobs.all (list, summary, tags, analytics), since a status move changes
// them all.

export const jobListQueryOptions = (query: JobListQuery) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(query),
    queryFn: () => callApi(jobsContract.list, { query }),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.jobs.detail(id), queryFn: () => callApi(jobsContract.get, { params: { id } }) });

export const jobSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.jobs.summary(), queryFn: () => callApi(jobsContract.summary) });

export const jobTagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.tags(),
    queryFn: () => callApi(jobsContract.tags),
  });

export const hiringAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.analytics(),
    queryFn: () => callApi(jobsContract.analytics),
  });

function useRefreshJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
}

export function useCreateJob() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (input: CreateJobInput) => callApi(jobsContract.create, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateJob(id: string) {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (input: UpdateJobInput) => callApi(jobsContract.update, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

// publish, pause, resume, close, reopen, archive — each answers with the job as it now is.
export function useJobTransition() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: ({ id, transition }: { id: string; transition: JobTransition }) =>
      callApi(jobsContract[transition], { params: { id } }),
    onSuccess: refresh,
  });
}

// The copy is a new draft.
export function useDuplicateJob() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (id: string) => callApi(jobsContract.duplicate, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(jobsContract.delete, { params: { id } }),
    // The deleted job's own queries (detail, applications) are left alone: asked again they could only
    // answer 404 on the page that is about to leave it.
    onSuccess: (_, id) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.jobs.all,
        predicate: (query) => !query.queryKey.includes(id),
      }),
  });
}

export function useBulkJobAction() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (input: BulkJobInput) => callApi(jobsContract.bulk, { body: input }),
    onSuccess: refresh,
  });
}

// Opening a job's applications resets its "new" badge. The job page keeps its "new" marks and count for
// the visit (it asks for them new since the visit began, PipelineBoard); the list, the summary and the
// job itself refresh.
export function useMarkApplicationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(jobsContract.markApplicationsSeen, { params: { id } }),
    onSuccess: (_, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.summary() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.detail(id) }),
      ]),
  });
}

// Applications to all the company's jobs, e.g. status=interviewing for the Pending Interviews card.
export const companyApplicationsQueryOptions = (query: JobApplicationListQuery) =>
  queryOptions({
    queryKey: queryKeys.jobs.companyApplications(query),
    queryFn: () => callApi(jobsContract.companyApplications, { query }),
    placeholderData: keepPreviousData,
  });

// The caller's own tracked link to the job (made the first time, the same after): POST, but nothing else
// on the screen changes with it.
export function useReferralLink() {
  return useMutation({
    mutationFn: (id: string) => callApi(jobsContract.referralLink, { params: { id } }),
  });
}
