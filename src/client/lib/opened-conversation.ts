import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ConversationDetail, ConversationList } from '~/shared/messaging';
import { queryKeys } from './query-keys';

// A conversation just opened — Message on a candidate or an application, Send Message to the account
// manager, Contact Support — joins the conversation list at once, selected by the page it opens, instead of
// waiting for the list to go stale: at the top of the list the browser holds (where the server lists a
// conversation just made), and every list is read again. Kept below the features: the pipeline and Talent
// Search open conversations too, and no feature imports another.
export function showOpenedConversation(queryClient: QueryClient, conversation: ConversationDetail) {
  queryClient.setQueryData(queryKeys.messaging.conversation(conversation.id), conversation);
  const { members: _members, context: _context, ...summary } = conversation;
  queryClient.setQueryData<InfiniteData<ConversationList>>(queryKeys.messaging.conversationList({ q: '' }), (held) => {
    const [first, ...rest] = held?.pages ?? [];
    if (!held || !first) return held;
    if (held.pages.some((page) => page.items.some((item) => item.id === conversation.id))) return held;
    return { ...held, pages: [{ ...first, items: [summary, ...first.items], total: first.total + 1 }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations() });
}
