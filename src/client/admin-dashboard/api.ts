import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AbuseReport,
  AbuseReportDecision,
  AbuseReportList,
  AbuseReportListQuery,
  AdminDashboard,
} from '~/shared/admin-dashboard';

// The admin dashboard (/api/admin/dashboard) and the abuse reports its card opens (/api/admin/reports).

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminDashboard.figures(),
    queryFn: () => apiClient.get<AdminDashboard>('/api/admin/dashboard'),
    // System Health and the figures move: a minute on, ask again while the screen is open.
    refetchInterval: 60_000,
  });

export const abuseReportsQueryOptions = (query: AbuseReportListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminDashboard.reports(query),
    queryFn: () => apiClient.get<AbuseReportList>(`/api/admin/reports${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

// Resolve or dismiss one report; the list and the dashboard's count both change.
export function useSettleReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AbuseReportDecision }) =>
      apiClient.post<{ report: AbuseReport }>(`/api/admin/reports/${id}/${decision}`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard.all }),
  });
}
