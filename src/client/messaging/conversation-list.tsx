import { PaperclipIcon } from 'lucide-react';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { ConversationList as ConversationListPage, ConversationSummary } from '~/shared/messaging';
import { messagingTexts } from '~/shared/messaging-texts';
import { conversationTimeLabel } from './message-format';
import { PersonAvatar } from './person-avatar';

// What the list needs of its infinite query.
interface ListQuery {
  data: { pages: ConversationListPage[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

// The conversations, the latest activity first, with their unread counts and the other side's dot.
export function ConversationList({
  query,
  selectedId,
  onSelect,
  onlineIds,
  isSearching,
  emptyHint,
}: {
  query: ListQuery;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onlineIds: ReadonlySet<string>;
  isSearching: boolean;
  emptyHint: string;
}) {
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-1 p-2">
        <span className="sr-only">Loading conversations</span>
        {[1, 2, 3, 4, 5].map((row) => (
          <div key={row} className="flex items-center gap-3 p-2">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-3">
        <Alert variant="destructive" className="flex-col gap-3">
          <p>{errorMessage(query.error, messagingTexts.listLoadError)}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </Alert>
      </div>
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) {
    return (
      <div className="grid gap-1 p-6 text-center">
        <p className="font-medium">{isSearching ? 'No conversations found' : 'No conversations yet'}</p>
        <p className="text-sm text-muted-foreground">
          {isSearching ? 'Try another name, company or word from a message.' : emptyHint}
        </p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2 p-2">
      <ul aria-label="Conversations" className="grid grid-cols-1 gap-1">
        {items.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              isSelected={conversation.id === selectedId}
              isOnline={conversation.counterpart ? onlineIds.has(conversation.counterpart.id) : undefined}
              onSelect={() => onSelect(conversation.id)}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more conversations'}
        </Button>
      )}
    </div>
  );
}

// One conversation as a button: its picture and dot, title, time, last message and unread count. The list
// marks the open one as current; the dashboard's quick reply, the one it answers, as pressed.
export function ConversationRow({
  conversation,
  isSelected,
  isOnline,
  onSelect,
  selection = 'current',
}: {
  conversation: ConversationSummary;
  isSelected: boolean;
  isOnline?: boolean;
  onSelect: () => void;
  selection?: 'current' | 'pressed';
}) {
  const last = conversation.last_message;
  const preview = last ? last.body || (last.has_attachment ? 'Sent a file' : '') : 'No messages yet';
  const unread = conversation.unread_count;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selection === 'current' && isSelected ? 'true' : undefined}
      aria-pressed={selection === 'pressed' ? isSelected : undefined}
      className={cn(
        'flex w-full min-w-0 items-center gap-3 rounded-md p-2 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
        isSelected && 'bg-muted',
      )}
    >
      <PersonAvatar
        name={conversation.title}
        isOnline={isOnline}
        isSupport={conversation.kind === 'support' && conversation.counterpart === null}
      />
      {/* One column as wide as the row (grid-cols-1): an auto column would grow to the full title and push
          the time and the card's edge out, instead of cutting the title with an ellipsis. */}
      <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span title={conversation.title} className={cn('truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>
            {conversation.title}
          </span>
          {last && (
            <time dateTime={last.created_at} className="shrink-0 text-xs text-muted-foreground">
              {conversationTimeLabel(last.created_at)}
            </time>
          )}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn(
              'flex min-w-0 items-center gap-1 truncate text-sm',
              unread > 0 ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {last?.has_attachment && <PaperclipIcon className="size-3.5 shrink-0" aria-hidden="true" />}
            <span className="truncate">{preview}</span>
          </span>
          {unread > 0 && (
            <Badge className="shrink-0 tabular-nums">
              {unread}
              <span className="sr-only"> unread</span>
            </Badge>
          )}
        </span>
      </span>
    </button>
  );
}
