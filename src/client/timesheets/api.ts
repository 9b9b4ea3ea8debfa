import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AssignmentStatus } from '~/shared/applications';
import type {
  Assignment,
  AssignmentList,
  ChangeAssignmentTermsInput,
  ClockState,
  EndAssignmentInput,
  TimeEntry,
  Timesheet,
  TimesheetList,
  TimesheetStatus,
} from '~/shared/billing';

// The work endpoints (issue 15): the talent's assignments, weekly timesheets and clock, and the company's
// approvals and assignments. The talent's data nests under the applicant's key, so what refreshes the
// applicant's dashboard (Active Hours) refreshes it too; the company's under `work`.

export interface WorkListQuery<Status extends string> {
  status?: Status;
  page: number;
  page_size: number;
}

export interface ApplicantTimesheetListQuery {
  assignment_id: string;
  page: number;
  page_size: number;
}

const workAll = ['work'] as const;
export const workKeys = {
  applicantAssignments: () => [...queryKeys.applicant.all, 'assignments'] as const,
  applicantTimesheets: () => [...queryKeys.applicant.all, 'timesheets'] as const,
  week: (assignmentId: string, weekStart: string) =>
    [...queryKeys.applicant.all, 'timesheets', 'week', assignmentId, weekStart] as const,
  applicantTimesheetList: (query: ApplicantTimesheetListQuery) =>
    [...queryKeys.applicant.all, 'timesheets', 'list', query] as const,
  clock: () => [...queryKeys.applicant.all, 'clock'] as const,
  companyAll: workAll,
  companyTimesheets: () => [...workAll, 'timesheets'] as const,
  companyTimesheetList: (query: WorkListQuery<TimesheetStatus>) => [...workAll, 'timesheets', query] as const,
  companyAssignments: () => [...workAll, 'assignments'] as const,
  companyAssignmentList: (query: WorkListQuery<AssignmentStatus>) => [...workAll, 'assignments', query] as const,
};

// ---------------------------------------------------------------- the talent

// Every assignment of the talent, whatever its status: a person has a handful, so one page holds them.
const ALL_ASSIGNMENTS = { page: 1, page_size: 100 };

export const applicantAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: workKeys.applicantAssignments(),
    queryFn: () => apiClient.get<AssignmentList>(`/api/applicant/assignments${queryString(ALL_ASSIGNMENTS)}`),
  });

const weekPath = (assignmentId: string, weekStart: string) =>
  `/api/applicant/timesheets/${encodeURIComponent(assignmentId)}/${encodeURIComponent(weekStart)}`;

export const timesheetWeekQueryOptions = (assignmentId: string, weekStart: string) =>
  queryOptions({
    queryKey: workKeys.week(assignmentId, weekStart),
    queryFn: () => apiClient.get<Timesheet>(weekPath(assignmentId, weekStart)),
  });

export const applicantTimesheetsQueryOptions = (query: ApplicantTimesheetListQuery) =>
  queryOptions({
    queryKey: workKeys.applicantTimesheetList(query),
    queryFn: () => apiClient.get<TimesheetList>(`/api/applicant/timesheets${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const clockQueryOptions = () =>
  queryOptions({
    queryKey: workKeys.clock(),
    queryFn: () => apiClient.get<{ items: ClockState[] }>('/api/applicant/clock'),
  });

// A week changed: the list of weeks and the dashboard's Active Hours follow.
function useRefreshWeeks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workKeys.applicantTimesheets() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.applicant.stats() }),
    ]);
}

function useWeekChange<Input>(
  send: (input: Input & { assignmentId: string; weekStart: string }) => Promise<Timesheet>,
) {
  const queryClient = useQueryClient();
  const refresh = useRefreshWeeks();
  return useMutation({
    mutationFn: send,
    onSuccess: async (timesheet) => {
      // The answer is the week as saved: show it at once, then refresh the lists around it.
      queryClient.setQueryData(workKeys.week(timesheet.assignment_id, timesheet.week_start), timesheet);
      await refresh();
    },
  });
}

export const useSaveTimesheet = () =>
  useWeekChange<{ entries: TimeEntry[] }>(({ assignmentId, weekStart, entries }) =>
    apiClient.put<Timesheet>(weekPath(assignmentId, weekStart), { entries }),
  );

export const useSubmitTimesheet = () =>
  useWeekChange<object>(({ assignmentId, weekStart }) =>
    apiClient.post<Timesheet>(`${weekPath(assignmentId, weekStart)}/submit`),
  );

export type ClockAction = 'in' | 'break' | 'resume' | 'out';

export function useClockAction() {
  const queryClient = useQueryClient();
  const refresh = useRefreshWeeks();
  return useMutation({
    mutationFn: ({ assignmentId, action }: { assignmentId: string; action: ClockAction }) =>
      apiClient.post<ClockState>(`/api/applicant/assignments/${encodeURIComponent(assignmentId)}/clock/${action}`),
    onSuccess: async (state, { action }) => {
      queryClient.setQueryData(workKeys.clock(), (current: { items: ClockState[] } | undefined) => ({
        items: [...(current?.items ?? []).filter((item) => item.assignment_id !== state.assignment_id), state],
      }));
      // A finished shift is time on the week: the grid, the weeks and Active Hours read it again.
      if (action === 'out') await refresh();
    },
  });
}

// ---------------------------------------------------------------- the company

export const companyTimesheetsQueryOptions = (query: WorkListQuery<TimesheetStatus>) =>
  queryOptions({
    queryKey: workKeys.companyTimesheetList(query),
    queryFn: () => apiClient.get<TimesheetList>(`/api/company/timesheets${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const companyAssignmentsQueryOptions = (query: WorkListQuery<AssignmentStatus>) =>
  queryOptions({
    queryKey: workKeys.companyAssignmentList(query),
    queryFn: () => apiClient.get<AssignmentList>(`/api/company/assignments${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

function useTimesheetDecision<Input>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Input & { id: string }) => apiClient.post<Timesheet>(path(id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workKeys.companyTimesheets() }),
  });
}

export const useApproveTimesheet = () =>
  useTimesheetDecision<{ approve_over_weekly_hours: boolean }>(
    (id) => `/api/company/timesheets/${encodeURIComponent(id)}/approve`,
  );

export const useReturnTimesheet = () =>
  useTimesheetDecision<{ comment: string }>((id) => `/api/company/timesheets/${encodeURIComponent(id)}/return`);

// An assignment's change shows in the list, on the dashboard's Current Employees, and (new weekly
// hours) against the weeks awaiting approval.
function useAssignmentChange<Input>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Input & { id: string }) => apiClient.post<Assignment>(path(id), input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workKeys.companyAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companyDashboard }),
      ]),
  });
}

const assignmentPath = (id: string, action: string) => `/api/company/assignments/${encodeURIComponent(id)}/${action}`;

export const useStartAssignment = () => useAssignmentChange<object>((id) => assignmentPath(id, 'start'));
export const useEndAssignment = () => useAssignmentChange<EndAssignmentInput>((id) => assignmentPath(id, 'end'));
export const useChangeAssignmentTerms = () =>
  useAssignmentChange<ChangeAssignmentTermsInput>((id) => assignmentPath(id, 'terms'));
