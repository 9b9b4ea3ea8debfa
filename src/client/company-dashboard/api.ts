import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { CompanyDashboard } from '~/shared/companies';

export const companyDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companyDashboard,
    queryFn: () => apiClient.get<CompanyDashboard>('/api/company/dashboard'),
  });
