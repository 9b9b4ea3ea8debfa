import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchLive } from '~/client/lib/live-refetch';
import { useLiveEvent, useLiveOpened } from '~/client/lib/live-socket';
import { queryKeys } from '~/client/lib/query-keys';
import { unreadCountQueryOptions } from './api';

const MAX_SHOWN = 99;

// How many messages wait unread, on the header's Message button; it follows new messages and reads live.
export function UnreadMessagesBadge() {
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQueryOptions());
  const refresh = () => void refetchLive(queryClient, queryKeys.messaging.unreadCount());
  useLiveEvent('message.created', refresh);
  useLiveEvent('conversation.read', refresh);
  useLiveOpened(refresh);
  const count = unread.data?.unread_count ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-messages"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
    >
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
