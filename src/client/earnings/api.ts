import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { earningsContract } from '~/shared/contracts/earnings';

// The talent's earnings (docs/decisions/024): their approved weeks a page at a time, and the totals. Under
// the applicant's key, so what refreshes the applicant's own data refreshes these too.

const earningsKeys = {
  weeks: (query: { page: number; page_size: number }) => [...queryKeys.applicant.all, 'earnings', query] as const,
  summary: () => [...queryKeys.applicant.all, 'earnings', 'summary'] as const,
};

export const earningsQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: earningsKeys.weeks(query),
    queryFn: () => callApi(earningsContract.weeks, { query }),
    placeholderData: keepPreviousData,
  });

export const earningsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: earningsKeys.summary(),
    queryFn: () => callApi(earningsContract.summary),
  });
