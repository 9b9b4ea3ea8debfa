import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ContactMessageDetail, ContactMessageListQuery } from '~/shared/contact';
import { siteContract } from '~/shared/contracts/site';

// The contact inbox (/api/admin/contact-messages): the list, one message, the administrators to assign,
// and the changes to a message: handled or open, its assignee, a reply.

export const contactMessageListQueryOptions = (query: ContactMessageListQuery) =>
  queryOptions({
    queryKey: queryKeys.contactInbox.list(query),
    queryFn: () => callApi(siteContract.contactMessages, { query }),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const contactMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.contactInbox.detail(id),
    queryFn: () => callApi(siteContract.contactMessage, { params: { id } }),
  });

export const contactAssigneesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contactInbox.assignees(),
    queryFn: () => callApi(siteContract.contactAssignees),
    staleTime: 60_000,
  });

// Every change answers with the message as it is now: the open drawer shows it at once, and the lists
// and the dashboard's count of new messages are asked again.
function useContactMessageMutation<Input>(change: (input: Input) => Promise<ContactMessageDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (message) => queryClient.setQueryData(queryKeys.contactInbox.detail(message.id), message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.contactInbox.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard.all }),
      ]),
  });
}

export const useMarkContactMessage = () =>
  useContactMessageMutation(({ id, handled }: { id: string; handled: boolean }) =>
    callApi(siteContract.markContactMessage, { params: { id }, body: { handled } }),
  );

export const useAssignContactMessage = () =>
  useContactMessageMutation(({ id, assigneeId }: { id: string; assigneeId: string | null }) =>
    callApi(siteContract.assignContactMessage, { params: { id }, body: { assignee_id: assigneeId } }),
  );

export const useReplyToContactMessage = () =>
  useContactMessageMutation(({ id, body }: { id: string; body: string }) =>
    callApi(siteContract.replyToContactMessage, { params: { id }, body: { body } }),
  );
