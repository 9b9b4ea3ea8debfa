import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import type { MessageTemplateInput } from '~/shared/message-templates';

// The company's message templates in Settings: a page of them, and each change refreshes every list of
// them (the pipeline's template choices too).

export const TEMPLATES_PAGE_SIZE = 10;

export const messageTemplatesQueryOptions = (query: { q?: string; page: number }) =>
  queryOptions({
    queryKey: queryKeys.messageTemplates.list({ ...query, page_size: TEMPLATES_PAGE_SIZE }),
    queryFn: () => callApi(messageTemplatesContract.list, { query: { ...query, page_size: TEMPLATES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.messageTemplates.all });
}

export function useSaveMessageTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MessageTemplateInput }) =>
      id
        ? callApi(messageTemplatesContract.update, { params: { id }, body: input })
        : callApi(messageTemplatesContract.create, { body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteMessageTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (id: string) => callApi(messageTemplatesContract.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
