import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { agreementsContract } from '~/shared/contracts/agreements';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// A company's agreement templates and its signing settings, which more than one feature reads: Settings
// (agreements) edits them, Make Offer (pipeline) attaches them. Below both, so neither imports the other.

export const AGREEMENT_TEMPLATES_PAGE_SIZE = 10;

export const agreementTemplatesQueryOptions = (query: { page: number }) =>
  queryOptions({
    queryKey: queryKeys.agreements.templates(query),
    queryFn: () =>
      callApi(agreementsContract.templates, { query: { ...query, page_size: AGREEMENT_TEMPLATES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const agreementSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.agreements.settings(),
    queryFn: () => callApi(agreementsContract.settings),
  });

// What a job's offers start with: its own set, or the company's default set.
export const jobAgreementsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.agreements.job(jobId),
    queryFn: () => callApi(agreementsContract.jobAgreements, { params: { id: jobId } }),
  });
