import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { CreateAgreementTemplate, UpdateAgreementTemplate } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';

// The company's agreement templates in Settings (issue 57): Tandem's defaults and a page of its own; each
// change refreshes the list and the versions.

export const AGREEMENT_TEMPLATES_PAGE_SIZE = 10;

export const agreementTemplatesQueryOptions = (query: { page: number }) =>
  queryOptions({
    queryKey: queryKeys.agreements.templates(query),
    queryFn: () =>
      callApi(agreementsContract.templates, { query: { ...query, page_size: AGREEMENT_TEMPLATES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const agreementTemplateVersionsQueryOptions = (id: string, query: { page: number }) =>
  queryOptions({
    queryKey: queryKeys.agreements.versions(id, query),
    queryFn: () => callApi(agreementsContract.templateVersions, { params: { id }, query: { ...query, page_size: 10 } }),
    placeholderData: keepPreviousData,
  });

function useRefreshAgreements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.agreements.all });
}

export function useCreateAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: (input: CreateAgreementTemplate) => callApi(agreementsContract.createTemplate, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateAgreementTemplate }) =>
      callApi(agreementsContract.updateTemplate, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useArchiveAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: (id: string) => callApi(agreementsContract.archiveTemplate, { params: { id } }),
    onSuccess: refresh,
  });
}
