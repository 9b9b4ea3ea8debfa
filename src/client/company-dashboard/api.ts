import { queryOptions } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { companiesContract } from '~/shared/contracts/companies';

export const companyDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companyDashboard,
    queryFn: () => callApi(companiesContract.dashboard),
  });
