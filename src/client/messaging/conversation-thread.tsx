import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, ArrowLeftIcon, FileIcon, RotateCcwIcon } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MeetNowButton } from '~/client/components/meet-now-button';
import { ReportButton } from '~/client/components/report-button';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Spinner } from '~/client/components/ui/spinner';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatFileSize } from '~/client/lib/file-size';
import { useLiveEvent } from '~/client/lib/live-socket';
import { queryKeys } from '~/client/lib/query-keys';
import type { ConversationDetail, Message, MessageAttachment } from '~/shared/messaging';
import { isImageAttachment, messagingTexts, TYPING_SHOW_MS } from '~/shared/messaging-texts';
import type { Role } from '~/shared/permissions';
import {
  catchUpMessages,
  conversationQueryOptions,
  markConversationRead,
  messagePagesQueryOptions,
  messagesOf,
} from './api';
import { MessageComposer } from './message-composer';
import { messageTimeLabel } from './message-format';
import { MessageText } from './message-text';
import { PersonAvatar } from './person-avatar';
import { type PendingMessage, useThreadSending } from './use-thread-sending';

export interface Me {
  id: string;
  role: Role;
}

const kindLabels = { direct: null, account_manager: 'Account manager', support: 'Support' } as const;
// Scrolled this close to the top, older messages load; this close to the bottom, new ones keep it there.
const EDGE_PX = 80;

// One conversation: its messages (older ones load when scrolled to the top, keeping the place), "Seen"
// under the last of mine the other side has read, who is typing, and the box to write in.
export function ConversationThread({
  conversationId,
  me,
  onBack,
  isOnline,
  showHeader = true,
}: {
  conversationId: string;
  me: Me;
  // On a phone the list and the thread take turns: this goes back to the list.
  onBack?: () => void;
  isOnline?: boolean;
  showHeader?: boolean;
}) {
  const detail = useQuery(conversationQueryOptions(conversationId));
  if (detail.isError) {
    return (
      <ThreadFrame>
        {onBack && <BackButton onBack={onBack} />}
        <div className="p-4">
          <Alert variant="destructive" className="flex-col gap-3">
            <p>
              {isNotFoundError(detail.error)
                ? messagingTexts.conversationNotFound
                : errorMessage(detail.error, messagingTexts.threadLoadError)}
            </p>
            {!isNotFoundError(detail.error) && (
              <Button size="sm" variant="outline" className="self-start" onClick={() => detail.refetch()}>
                Try Again
              </Button>
            )}
          </Alert>
        </div>
      </ThreadFrame>
    );
  }
  return (
    <ThreadFrame>
      {showHeader && <ThreadHeader conversation={detail.data} onBack={onBack} isOnline={isOnline} />}
      <ThreadBody conversationId={conversationId} conversation={detail.data} me={me} />
    </ThreadFrame>
  );
}

function ThreadFrame({ children }: { children: ReactNode }) {
  return <section className="flex h-full min-h-0 min-w-0 flex-1 flex-col bg-background">{children}</section>;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Back to conversations" onClick={onBack}>
      <ArrowLeftIcon aria-hidden="true" />
    </Button>
  );
}

function ThreadHeader({
  conversation,
  onBack,
  isOnline,
}: {
  conversation: ConversationDetail | undefined;
  onBack?: () => void;
  isOnline?: boolean;
}) {
  // A conversation about an application: a company member who schedules meetings can call now.
  const maySchedule = useAllowed('create:meeting:own');
  const subtitle = conversation
    ? [
        kindLabels[conversation.kind],
        conversation.context && `About ${conversation.context.job_title}`,
        isOnline === undefined ? null : isOnline ? 'Online' : 'Offline',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <header className="flex min-h-16 items-center gap-3 border-b border-border px-3 py-2 sm:px-4">
      {onBack && <BackButton onBack={onBack} />}
      {conversation ? (
        <>
          <PersonAvatar
            name={conversation.title}
            isSupport={conversation.kind === 'support' && conversation.counterpart === null}
            isOnline={isOnline}
          />
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{conversation.title}</h2>
            {subtitle && <p className="truncate text-xs text-muted-foreground">{subtitle}</p>}
          </div>
          {conversation.context && maySchedule && (
            <div className="ml-auto shrink-0">
              <MeetNowButton applicationId={conversation.context.application_id} name={conversation.title} />
            </div>
          )}
        </>
      ) : (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading conversation</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      )}
    </header>
  );
}

function ThreadBody({
  conversationId,
  conversation,
  me,
}: {
  conversationId: string;
  conversation: ConversationDetail | undefined;
  me: Me;
}) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(messagePagesQueryOptions(conversationId));
  const messages = messagesOf(pages.data);
  const { pending, send, retry } = useThreadSending(conversationId);
  // A role that reads conversations but writes in none (a company Viewer) has no composer.
  const mayWrite = useAllowed('update:conversation:member');
  const sentClientIds = new Set(
    messages.filter((message) => message.sender?.id === me.id).map((message) => message.client_id),
  );
  const unsent = pending.filter((message) => !sentClientIds.has(message.clientId));
  const typing = useTypingIndicator(conversationId, me.id);

  // A thread held from before (opened earlier) may have missed messages meanwhile.
  const hadData = useRef(pages.data !== undefined);
  useEffect(() => {
    if (hadData.current) void catchUpMessages(queryClient, conversationId).catch(() => undefined);
  }, [conversationId, queryClient]);

  useMarkRead(conversationId, messages.at(-1)?.seq ?? 0);

  // The other side: members in another role than mine (my colleagues' reading is not "Seen").
  const seenUpTo = Math.max(
    0,
    ...(conversation?.members ?? [])
      .filter((member) => member.id !== me.id && member.role !== me.role)
      .map((member) => member.last_read_seq),
  );
  const lastSeenOfMine = [...messages]
    .reverse()
    .find((message) => message.sender?.id === me.id && message.seq <= seenUpTo)?.seq;

  const scroller = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  // Where the reader was when older messages were asked for, and which message was oldest then.
  const beforeOlder = useRef<{ height: number; top: number; oldestSeq: number | undefined } | null>(null);
  const lastNewestKey = useRef<string | null>(null);
  const oldestSeq = messages[0]?.seq;
  const newestKey = `${messages.at(-1)?.seq ?? 0}:${unsent.length}:${typing ? 1 : 0}`;

  function loadOlder() {
    const element = scroller.current;
    if (!element || !pages.hasNextPage || pages.isFetchingNextPage) return;
    beforeOlder.current = { height: element.scrollHeight, top: element.scrollTop, oldestSeq };
    void pages.fetchNextPage();
  }

  // Older messages went in above: keep what was on screen where it was.
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = beforeOlder.current;
    if (!element || !before || before.oldestSeq === oldestSeq) return;
    element.scrollTop = element.scrollHeight - before.height + before.top;
    beforeOlder.current = null;
  }, [oldestSeq]);

  // A message arrived at the bottom (or the thread first loaded): follow it if the reader was there.
  const isLoaded = pages.isSuccess;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !isLoaded || lastNewestKey.current === newestKey) return;
    lastNewestKey.current = newestKey;
    if (isAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestKey, isLoaded]);

  function handleScroll() {
    const element = scroller.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX) loadOlder();
  }

  const keepAtBottom = () => {
    const element = scroller.current;
    if (element && isAtBottom.current) element.scrollTop = element.scrollHeight;
  };

  return (
    <>
      <div ref={scroller} onScroll={handleScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        {pages.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading messages</span>
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : pages.isError ? (
          <Alert variant="destructive" className="flex-col gap-3">
            <p>{errorMessage(pages.error, messagingTexts.threadLoadError)}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => pages.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            {pages.hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button variant="ghost" size="sm" onClick={loadOlder} disabled={pages.isFetchingNextPage}>
                  {pages.isFetchingNextPage ? 'Loading older messages…' : 'Load older messages'}
                </Button>
              </div>
            )}
            {messages.length === 0 && unsent.length === 0 ? (
              <p className="py-10 text-center text-sm text-muted-foreground">
                No messages yet. Say hello — your message starts the conversation.
              </p>
            ) : (
              <div role="log" aria-label="Messages" aria-live="polite">
                <ol className="grid gap-3">
                  {messages.map((message) => (
                    <MessageItem
                      key={message.seq}
                      message={message}
                      isMine={message.sender?.id === me.id}
                      isSeen={message.seq === lastSeenOfMine}
                      onMediaLoad={keepAtBottom}
                    />
                  ))}
                  {unsent.map((message) => (
                    <PendingItem key={message.clientId} message={message} onRetry={() => void retry(message)} />
                  ))}
                </ol>
              </div>
            )}
          </>
        )}
      </div>
      <p aria-live="polite" className="min-h-5 px-4 text-xs text-muted-foreground">
        {typing ? `${typing} is typing…` : ''}
      </p>
      {mayWrite ? (
        <MessageComposer conversationId={conversationId} onSend={send} />
      ) : (
        <p className="border-t border-border bg-background p-3 text-sm text-muted-foreground">
          {messagingTexts.readOnlyRole}
        </p>
      )}
    </>
  );
}

// Says up to where the person has read while the thread is on screen in a visible tab.
function useMarkRead(conversationId: string, latestSeq: number) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  const [isVisible, setIsVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setIsVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!isVisible || latestSeq <= marked.current) return;
    marked.current = latestSeq;
    markConversationRead(conversationId, latestSeq)
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations() }))
      .catch(() => {
        marked.current = 0;
      });
  }, [conversationId, latestSeq, isVisible, queryClient]);
}

// The name of whoever else is typing here, for a few seconds after they last said so.
function useTypingIndicator(conversationId: string, myId: string): string | null {
  const [typing, setTyping] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvent('typing', (event) => {
    if (event.conversation_id !== conversationId || event.user_id === myId) return;
    setTyping(event.name);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(null), TYPING_SHOW_MS);
  });
  // A message from them ends their typing.
  useLiveEvent('message.created', (event) => {
    if (event.conversation_id !== conversationId) return;
    if ((event.message as Message).sender?.id !== myId) setTyping(null);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return typing;
}

function Bubble({ isMine, children, className }: { isMine: boolean; children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 text-sm break-words sm:max-w-[75%]',
        isMine ? 'justify-self-end rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted',
        className,
      )}
    >
      {children}
    </div>
  );
}

function MessageItem({
  message,
  isMine,
  isSeen,
  onMediaLoad,
}: {
  message: Message;
  isMine: boolean;
  isSeen: boolean;
  onMediaLoad: () => void;
}) {
  return (
    <li className="grid gap-1">
      <Bubble isMine={isMine}>
        {!isMine && <p className="text-xs font-semibold">{message.sender?.name ?? 'Former user'}</p>}
        {message.body && (
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            <MessageText
              text={message.body}
              linkClassName={cn('underline underline-offset-2', isMine ? 'text-primary-foreground' : 'text-primary')}
            />
          </p>
        )}
        {message.attachment && (
          <AttachmentView attachment={message.attachment} isMine={isMine} onMediaLoad={onMediaLoad} />
        )}
      </Bubble>
      <div className={cn('flex items-center gap-1 text-xs text-muted-foreground', isMine && 'justify-self-end')}>
        <p>
          <time dateTime={message.created_at}>{messageTimeLabel(message.created_at)}</time>
          {isSeen && <span> · Seen</span>}
        </p>
        {!isMine && (
          <ReportButton
            compact
            targetType="message"
            targetId={message.id}
            targetName={`the message from ${message.sender?.name ?? 'a former user'}`}
          />
        )}
      </div>
    </li>
  );
}

function AttachmentView({
  attachment,
  isMine,
  onMediaLoad,
}: {
  attachment: MessageAttachment;
  isMine: boolean;
  onMediaLoad: () => void;
}) {
  return (
    <div className="grid gap-2">
      {isImageAttachment(attachment.content_type) && (
        <img
          src={attachment.url}
          alt={attachment.name}
          loading="lazy"
          onLoad={onMediaLoad}
          className="max-h-60 rounded-md bg-background object-contain"
        />
      )}
      <a
        href={attachment.url}
        download={attachment.name}
        className={cn(
          'flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 underline-offset-2 hover:underline',
          isMine ? 'bg-primary-foreground/15 text-primary-foreground' : 'bg-background text-foreground',
        )}
      >
        <FileIcon className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate font-medium">{attachment.name}</span>
        <span className="shrink-0 text-xs">{formatFileSize(attachment.size)}</span>
        <span className="sr-only">(download)</span>
      </a>
    </div>
  );
}

function PendingItem({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  const isFailed = message.status === 'failed';
  return (
    <li className="grid gap-1">
      <Bubble isMine className={cn(!isFailed && 'opacity-70', isFailed && 'ring-2 ring-destructive')}>
        {message.body && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body}</p>}
        {message.attachment && (
          <p className="flex min-w-0 items-center gap-2">
            <FileIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{message.attachment.name}</span>
          </p>
        )}
      </Bubble>
      {isFailed ? (
        <div role="alert" className="flex flex-wrap items-center justify-end gap-2 text-xs text-destructive">
          <AlertCircleIcon className="size-4" aria-hidden="true" />
          <span>{message.error}</span>
          <Button size="sm" variant="outline" className="h-7" onClick={onRetry}>
            <RotateCcwIcon aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : (
        <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
          <Spinner className="size-3 border-2" />
          Sending…
        </p>
      )}
    </li>
  );
}
