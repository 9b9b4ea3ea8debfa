import { useQueryClient } from '@tanstack/react-query';
import { refetchLive } from '~/client/lib/live-refetch';
import { useLiveEvent, useLiveOpened } from '~/client/lib/live-socket';
import { queryKeys } from '~/client/lib/query-keys';
import type { ConversationDetail, Message } from '~/shared/messaging';
import { addMessages, catchUpMessages } from './api';

// Keeps what the browser holds of messaging current: a new message joins its thread (a gap is filled
// by a catch-up), the lists and unread counts refresh, read receipts move; after a reconnect every thread
// held catches up from its last seq. Mounted by each screen that shows messages; every step is idempotent,
// so two mounted at once do no harm.
export function useMessagingLive() {
  const queryClient = useQueryClient();

  useLiveEvent('message.created', (event) => {
    const thread = queryKeys.messaging.messages(event.conversation_id);
    // A thread still on its first fetch may have read the server before this message.
    if (!queryClient.getQueryData(thread)) void refetchLive(queryClient, thread);
    const hasGap = addMessages(queryClient, event.conversation_id, [event.message as Message]);
    if (hasGap) void catchUpMessages(queryClient, event.conversation_id).catch(() => undefined);
    void refetchLive(queryClient, queryKeys.messaging.conversations());
  });

  useLiveEvent('conversation.read', (event) => {
    queryClient.setQueryData<ConversationDetail>(queryKeys.messaging.conversation(event.conversation_id), (detail) =>
      detail
        ? {
            ...detail,
            members: detail.members.some((member) => member.id === event.user_id)
              ? detail.members.map((member) =>
                  member.id === event.user_id
                    ? { ...member, last_read_seq: Math.max(member.last_read_seq, event.last_read_seq) }
                    : member,
                )
              : detail.members,
          }
        : detail,
    );
    // A member who was not one before (a colleague, an administrator) appears with the next fetch.
    if (
      !queryClient
        .getQueryData<ConversationDetail>(queryKeys.messaging.conversation(event.conversation_id))
        ?.members.some((member) => member.id === event.user_id)
    ) {
      void refetchLive(queryClient, queryKeys.messaging.conversation(event.conversation_id));
    }
    void refetchLive(queryClient, queryKeys.messaging.conversations());
  });

  useLiveOpened(() => {
    for (const [key] of queryClient.getQueriesData({ queryKey: ['messaging', 'messages'] })) {
      const conversationId = key[2];
      if (typeof conversationId === 'string') void catchUpMessages(queryClient, conversationId).catch(() => undefined);
    }
    void refetchLive(queryClient, queryKeys.messaging.conversations());
    void refetchLive(queryClient, ['messaging', 'conversation']);
  });
}
