import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BellIcon, CheckCheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { refetchLive } from '~/client/lib/live-refetch';
import { useLiveEvent, useLiveOpened } from '~/client/lib/live-socket';
import { queryKeys } from '~/client/lib/query-keys';
import {
  addNotification,
  markAllNotificationsRead,
  markNotificationRead,
  markReadLocally,
  notificationPagesQueryOptions,
  notificationsOf,
  setUnreadCount,
  unreadCountOf,
} from '~/client/notifications/api';
import { describeWhen } from '~/client/notifications/describe-when';
import { bellLabel, notificationTexts } from '~/shared/notification-texts';
import type { NotificationView } from '~/shared/notifications';

// The header's bell: the unread count, live, and the person's notifications, each a link to the thing
// it is about. Opening one marks it read; a new one while the page is open also shows a toast.
export function NotificationsPopover() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const list = useInfiniteQuery(notificationPagesQueryOptions());
  const unreadCount = unreadCountOf(list.data);
  const items = notificationsOf(list.data);
  const loadError = errorMessage(list.error, notificationTexts.loadError);

  useLiveEvent('notification.created', (event) => {
    const notification = event.notification as NotificationView;
    addNotification(queryClient, notification, event.unread_count);
    const { link } = notification;
    notify.info(notification.title, {
      description: notification.body,
      action: link ? { label: 'View', onClick: () => void navigate(link) } : undefined,
    });
  });
  useLiveEvent('notifications.unread', (event) => {
    setUnreadCount(queryClient, event.unread_count);
    void refetchLive(queryClient, queryKeys.notifications.list());
  });
  useLiveOpened(() => void refetchLive(queryClient, queryKeys.notifications.list()));

  const markOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: (result, id) => markReadLocally(queryClient, result.unread_count, id),
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => markReadLocally(queryClient, result.unread_count),
    onError: (error) => notify.error(errorMessage(error, 'Your notifications could not be marked as read.')),
  });

  function open(item: NotificationView) {
    setIsOpen(false);
    if (!item.read_at) markOne.mutate(item.id);
  }

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner className="size-6" label="Loading notifications" />
      </div>
    );
  } else if (list.isError && !list.isFetchNextPageError) {
    body = (
      <Alert variant="destructive" className="m-3 flex-col items-start gap-2">
        <p>{loadError}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = <p className="px-4 py-8 text-center text-sm text-muted-foreground">{notificationTexts.empty}</p>;
  } else {
    body = (
      <>
        <ul className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationItem item={item} onOpen={() => open(item)} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="border-t border-border p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : notificationTexts.loadMore}
            </Button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="px-4 pb-3 text-sm text-destructive">
            {loadError}
          </p>
        )}
      </>
    );
  }

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unreadCount)}>
          <BellIcon aria-hidden="true" />
          {unreadCount > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
            >
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        aria-label={notificationTexts.popoverTitle}
        className="flex w-[min(24rem,calc(100vw-1rem))] flex-col p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b border-border py-2 pr-2 pl-4">
          <h2 className="text-sm font-semibold">{notificationTexts.popoverTitle}</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unreadCount === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            <CheckCheckIcon aria-hidden="true" />
            {notificationTexts.markAllRead}
          </Button>
        </div>
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto">{body}</div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({ item, onOpen }: { item: NotificationView; onOpen: () => void }) {
  const isUnread = item.read_at === null;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
          {isUnread && <span className="sr-only">{notificationTexts.unread}: </span>}
          {item.title}
        </span>
        <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">{item.body}</span>
        <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-foreground">
          {describeWhen(item.created_at)}
        </time>
      </span>
    </>
  );
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
    isUnread && 'bg-primary/5',
  );
  return item.link ? (
    <Link to={item.link} className={className} onClick={onOpen}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {content}
    </button>
  );
}
