import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { messagingContract } from '~/shared/contracts/messaging';
import type { Message, MessageList, SendMessageInput } from '~/shared/messaging';
import { MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX } from '~/shared/messaging-limits';

// Messages as the browser holds them. A thread's messages are an infinite query whose first page is the
// latest and whose next pages go back in time; live events and catch-ups add to the first page, and
// every reader dedupes by seq, so a message heard twice (live, then in a catch-up) shows once.

const CONVERSATIONS_PAGE_SIZE = 20;

export const conversationListQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messaging.conversationList({ q }),
    queryFn: ({ pageParam }) =>
      callApi(messagingContract.list, { query: { q, page: pageParam, page_size: CONVERSATIONS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.messaging.unreadCount(),
    queryFn: () => callApi(messagingContract.unreadCount),
  });

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.messaging.conversation(id),
    queryFn: () => callApi(messagingContract.get, { params: { id } }),
  });

type MessagePages = InfiniteData<MessageList>;

export const messagePagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messaging.messages(id),
    queryFn: ({ pageParam }) =>
      callApi(messagingContract.messages, {
        params: { id },
        query: { before_seq: pageParam, limit: MESSAGES_PAGE_DEFAULT },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.items[0]?.seq : undefined),
    // Kept current by live events and catch-ups rather than refetched.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

// Every message held for a conversation, in seq order, each once.
export function messagesOf(pages: MessagePages | undefined): Message[] {
  const bySeq = new Map<number, Message>();
  for (const page of pages?.pages ?? []) for (const message of page.items) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

const highestSeqOf = (pages: MessagePages) =>
  pages.pages.reduce((highest, page) => Math.max(highest, page.items.at(-1)?.seq ?? 0), 0);

// Adds messages to a thread the browser holds (none if it holds none: opening it fetches them). Returns
// whether they leave a gap after what was held, which a catch-up fills.
export function addMessages(queryClient: QueryClient, conversationId: string, added: Message[]): boolean {
  let hasGap = false;
  queryClient.setQueryData<MessagePages>(queryKeys.messaging.messages(conversationId), (pages) => {
    if (!pages || pages.pages.length === 0) return pages;
    const highest = highestSeqOf(pages);
    const known = new Set(messagesOf(pages).map((message) => message.seq));
    const fresh = added.filter((message) => !known.has(message.seq));
    if (fresh.length === 0) return pages;
    hasGap = Math.min(...fresh.map((message) => message.seq)) > highest + 1;
    const [latest, ...older] = pages.pages;
    if (!latest) return pages;
    const items = [...latest.items, ...fresh].sort((a, b) => a.seq - b.seq);
    return { ...pages, pages: [{ ...latest, items }, ...older] };
  });
  return hasGap;
}

// Fetches what came after the last message held (after a reconnect, or a gap), page by page.
export async function catchUpMessages(queryClient: QueryClient, conversationId: string): Promise<void> {
  for (;;) {
    const pages = queryClient.getQueryData<MessagePages>(queryKeys.messaging.messages(conversationId));
    if (!pages || pages.pages.length === 0) return;
    const after = highestSeqOf(pages);
    const page = await callApi(messagingContract.messages, {
      params: { id: conversationId },
      query: { after_seq: after, limit: MESSAGES_PAGE_MAX },
    });
    addMessages(queryClient, conversationId, page.items);
    if (!page.has_more || page.items.length === 0) return;
  }
}

export const sendMessage = (conversationId: string, input: SendMessageInput) =>
  callApi(messagingContract.send, { params: { id: conversationId }, body: input });

export const markConversationRead = (conversationId: string, seq: number) =>
  callApi(messagingContract.markRead, { params: { id: conversationId }, body: { seq } });

// The body is the file's raw bytes; its name goes beside it.
export const uploadAttachment = (conversationId: string, file: File) =>
  callApi(
    messagingContract.uploadAttachment,
    { params: { id: conversationId }, body: file },
    { headers: { 'X-File-Name': encodeURIComponent(file.name) } },
  );

export const openSupportConversation = () => callApi(messagingContract.openSupport);

export const openAccountManagerConversation = () => callApi(messagingContract.openAccountManager);
