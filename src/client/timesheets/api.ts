import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AssignmentStatus } from '~/shared/applications';
import type {
  ChangeAssignmentTermsInput,
  ClockState,
  EndAssignmentInput,
  SaveTimesheetInput,
  Timesheet,
  TimesheetStatus,
} from '~/shared/billing';
import { workContract } from '~/shared/contracts/work';

// The work endpoints: the talent's assignments, weekly timesheets and clock, and the company's
// approvals and assignments. The talent's data nests under the applicant's key, so what refreshes the
// applicant's dashboard (Active Hours) refreshes it too; the company's under `work`.

interface WorkListQuery<Status extends string> {
  status?: Status;
  page: number;
  page_size: number;
}

interface ApplicantTimesheetListQuery {
  assignment_id: string;
  page: number;
  page_size: number;
}

const workAll = ['work'] as const;
const workKeys = {
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
    queryFn: () => callApi(workContract.applicantAssignments, { query: ALL_ASSIGNMENTS }),
  });

const weekParams = (assignmentId: string, weekStart: string) => ({
  assignment_id: assignmentId,
  week_start: weekStart,
});

export const timesheetWeekQueryOptions = (assignmentId: string, weekStart: string) =>
  queryOptions({
    queryKey: workKeys.week(assignmentId, weekStart),
    queryFn: () => callApi(workContract.week, { params: weekParams(assignmentId, weekStart) }),
  });

export const applicantTimesheetsQueryOptions = (query: ApplicantTimesheetListQuery) =>
  queryOptions({
    queryKey: workKeys.applicantTimesheetList(query),
    queryFn: () => callApi(workContract.applicantTimesheets, { query }),
    placeholderData: keepPreviousData,
  });

export const clockQueryOptions = () =>
  queryOptions({
    queryKey: workKeys.clock(),
    queryFn: () => callApi(workContract.clock),
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
  useWeekChange<SaveTimesheetInput>(({ assignmentId, weekStart, entries }) =>
    callApi(workContract.saveWeek, { params: weekParams(assignmentId, weekStart), body: { entries } }),
  );

export const useSubmitTimesheet = () =>
  useWeekChange<object>(({ assignmentId, weekStart }) =>
    callApi(workContract.submitWeek, { params: weekParams(assignmentId, weekStart) }),
  );

export type ClockAction = 'in' | 'break' | 'resume' | 'out';
const clockEndpoints = {
  in: workContract.clockIn,
  break: workContract.clockBreak,
  resume: workContract.clockResume,
  out: workContract.clockOut,
} as const satisfies Record<ClockAction, unknown>;

export function useClockAction() {
  const queryClient = useQueryClient();
  const refresh = useRefreshWeeks();
  return useMutation({
    mutationFn: ({ assignmentId, action }: { assignmentId: string; action: ClockAction }) =>
      callApi(clockEndpoints[action], { params: { id: assignmentId } }),
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
    queryFn: () => callApi(workContract.companyTimesheets, { query }),
    placeholderData: keepPreviousData,
  });

export const companyAssignmentsQueryOptions = (query: WorkListQuery<AssignmentStatus>) =>
  queryOptions({
    queryKey: workKeys.companyAssignmentList(query),
    queryFn: () => callApi(workContract.companyAssignments, { query }),
    placeholderData: keepPreviousData,
  });

// An approved week is money on the next invoice: Billing's Unbilled work follows.
export function useApproveTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; approve_over_weekly_hours: boolean }) =>
      callApi(workContract.approveTimesheet, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workKeys.companyTimesheets() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.billing.unbilled() }),
      ]),
  });
}

// Several weeks at once: each gets its own outcome (approved, skipped with why, not found).
export function useApproveTimesheets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callApi(workContract.approveTimesheets, { body: { ids } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workKeys.companyTimesheets() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.billing.unbilled() }),
      ]),
  });
}

export function useReturnTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; comment: string }) =>
      callApi(workContract.returnTimesheet, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workKeys.companyTimesheets() }),
  });
}

// An assignment's change shows in the list, on the dashboard's Current Employees, and (new weekly
// hours) against the weeks awaiting approval.
function useAssignmentChange<Input, Result>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workKeys.companyAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companyDashboard }),
      ]),
  });
}

export const useStartAssignment = () =>
  useAssignmentChange(({ id }: { id: string }) => callApi(workContract.startCompanyAssignment, { params: { id } }));
export const useEndAssignment = () =>
  useAssignmentChange(({ id, ...body }: EndAssignmentInput & { id: string }) =>
    callApi(workContract.endCompanyAssignment, { params: { id }, body }),
  );
export const useChangeAssignmentTerms = () =>
  useAssignmentChange(({ id, ...body }: ChangeAssignmentTermsInput & { id: string }) =>
    callApi(workContract.changeCompanyAssignmentTerms, { params: { id }, body }),
  );
