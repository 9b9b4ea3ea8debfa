import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { notificationsContract } from '~/shared/contracts/notifications';
import type { NotificationList, NotificationPreferences, NotificationView } from '~/shared/notifications';

// The bell's notifications as the browser holds them: pages of the list (Load more), the first of
// which carries the unread count the badge shows. Live events add to the first page and set the count;
// readers dedupe by id, since a page fetched after new arrivals starts a little earlier than before.

const PAGE_SIZE = 10;

type NotificationPages = InfiniteData<NotificationList>;

export const notificationPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam }) =>
      callApi(notificationsContract.list, { query: { page: pageParam, page_size: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

// Every notification held, newest first, each once.
export function notificationsOf(pages: NotificationPages | undefined): NotificationView[] {
  const byId = new Map<string, NotificationView>();
  for (const page of pages?.pages ?? []) for (const item of page.items) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()];
}

export const unreadCountOf = (pages: NotificationPages | undefined) => pages?.pages[0]?.unread_count ?? 0;

function updatePages(queryClient: QueryClient, change: (pages: NotificationPages) => NotificationPages) {
  queryClient.setQueryData<NotificationPages>(queryKeys.notifications.list(), (pages) =>
    pages && pages.pages.length > 0 ? change(pages) : pages,
  );
}

// A notification heard live joins the top of the list, with the count the server sent.
export function addNotification(queryClient: QueryClient, notification: NotificationView, unreadCount: number) {
  updatePages(queryClient, (pages) => {
    const [first, ...rest] = pages.pages;
    if (!first) return pages;
    const isKnown = notificationsOf(pages).some((item) => item.id === notification.id);
    const items = isKnown ? first.items : [notification, ...first.items];
    const total = isKnown ? first.total : first.total + 1;
    return { ...pages, pages: [{ ...first, items, total, unread_count: unreadCount }, ...rest] };
  });
}

// Marks notifications read in what the browser holds (one, or all when `id` is absent) and sets the count.
export function markReadLocally(queryClient: QueryClient, unreadCount: number, id?: string) {
  const readAt = new Date().toISOString();
  updatePages(queryClient, (pages) => ({
    ...pages,
    pages: pages.pages.map((page, index) => ({
      ...page,
      items: page.items.map((item) =>
        item.read_at === null && (id === undefined || item.id === id) ? { ...item, read_at: readAt } : item,
      ),
      unread_count: index === 0 ? unreadCount : page.unread_count,
    })),
  }));
}

// The count the server sent after a read, here or in another tab.
export function setUnreadCount(queryClient: QueryClient, unreadCount: number) {
  updatePages(queryClient, (pages) => {
    const [first, ...rest] = pages.pages;
    return first ? { ...pages, pages: [{ ...first, unread_count: unreadCount }, ...rest] } : pages;
  });
}

export const markNotificationRead = (id: string) => callApi(notificationsContract.markRead, { params: { id } });

export const markAllNotificationsRead = () => callApi(notificationsContract.markAllRead);

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => callApi(notificationsContract.preferences),
  });

export const saveNotificationPreferences = (input: NotificationPreferences) =>
  callApi(notificationsContract.updatePreferences, { body: input });
