import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AbuseReportDecision, AbuseReportListQuery } from '~/shared/admin-dashboard';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';

// The admin dashboard and the abuse reports its card opens.

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminDashboard.figures(),
    queryFn: () => callApi(adminDashboardContract.dashboard),
    // System Health and the figures move: a minute on, ask again while the screen is open.
    refetchInterval: 60_000,
  });

export const abuseReportsQueryOptions = (query: AbuseReportListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminDashboard.reports(query),
    queryFn: () => callApi(adminDashboardContract.reports, { query }),
    placeholderData: keepPreviousData,
  });

// Resolve or dismiss one report; the list and the dashboard's count both change.
export function useSettleReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AbuseReportDecision }) =>
      callApi(decision === 'resolve' ? adminDashboardContract.resolveReport : adminDashboardContract.dismissReport, {
        params: { id },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard.all }),
  });
}
