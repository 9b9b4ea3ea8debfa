import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, MessageSquareIcon, SendHorizontalIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { DashboardSection, SectionEmpty } from '~/client/components/dashboard-section';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { queryKeys } from '~/client/lib/query-keys';
import type { ConversationSummary } from '~/shared/messaging';
import { MESSAGE_BODY_MAX_LENGTH } from '~/shared/messaging-limits';
import { messagesHrefOf, messagingTexts } from '~/shared/messaging-texts';
import { addMessages, conversationListQueryOptions, sendMessage } from './api';
import { ConversationRow } from './conversation-list';
import type { Me } from './conversation-thread';
import { useMessagingLive } from './use-messaging-live';
import { newClientId } from './use-thread-sending';

const SHOWN = 3;

// The company dashboard's Messages card (docs/spec/portal-and-public-site.md §2): the latest conversations and
// a box to answer one without leaving the dashboard.
export function MessagesQuickReply({ me }: { me: Me }) {
  const list = useInfiniteQuery(conversationListQueryOptions(''));
  useMessagingLive();
  const conversations = list.data?.pages[0]?.items.slice(0, SHOWN) ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  // A role that writes in no conversation (a company Viewer) reads the latest without a reply box.
  const mayWrite = useAllowed('update:conversation:member');
  const replyingTo =
    conversations.find((conversation) => conversation.id === chosenId) ??
    conversations.find((conversation) => conversation.unread_count > 0) ??
    conversations[0];

  return (
    <DashboardSection
      id="messages"
      title="Messages"
      viewAll={{ to: messagesHrefOf(me.role), label: 'View All Messages' }}
    >
      {list.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading messages</span>
          {[1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-12" />
          ))}
        </div>
      ) : list.isError ? (
        <Alert variant="destructive" className="flex-col gap-3">
          <p>{errorMessage(list.error, messagingTexts.listLoadError)}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : conversations.length === 0 || !replyingTo ? (
        <SectionEmpty
          icon={MessageSquareIcon}
          title="No messages yet"
          description="Message an applicant from their application or from Talent Search; replies show up here."
        />
      ) : (
        <div className="grid grid-cols-1 gap-3">
          <ul aria-label="Latest conversations" className="grid grid-cols-1 gap-1">
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow
                  conversation={conversation}
                  isSelected={conversation.id === replyingTo.id}
                  onSelect={() => setChosenId(conversation.id)}
                  selection="pressed"
                />
              </li>
            ))}
          </ul>
          {mayWrite && <QuickReplyBox key={replyingTo.id} conversation={replyingTo} />}
        </div>
      )}
    </DashboardSection>
  );
}

function QuickReplyBox({ conversation }: { conversation: ConversationSummary }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [isSent, setIsSent] = useState(false);
  // Kept until the reply is stored, so a retry after a failure cannot store it twice.
  const clientId = useRef(newClientId());
  const reply = useMutation({
    mutationFn: (text: string) => sendMessage(conversation.id, { client_id: clientId.current, body: text }),
    onSuccess: (message) => {
      addMessages(queryClient, conversation.id, [message]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations() });
      clientId.current = newClientId();
      setBody('');
      setIsSent(true);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (text) reply.mutate(text);
  }

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Textarea
        aria-label={`Reply to ${conversation.title}`}
        placeholder={`Reply to ${conversation.title}…`}
        value={body}
        maxLength={MESSAGE_BODY_MAX_LENGTH}
        onChange={(event) => {
          setBody(event.target.value);
          setIsSent(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
        }}
        className="min-h-16"
      />
      <div className="flex items-center justify-between gap-2">
        <p aria-live="polite" className={cn('text-sm', reply.isError ? 'text-destructive' : 'text-muted-foreground')}>
          {reply.isError ? (
            errorMessage(reply.error, messagingTexts.sendError)
          ) : isSent ? (
            <span className="inline-flex items-center gap-1">
              <CheckIcon className="size-4" aria-hidden="true" />
              Sent
            </span>
          ) : null}
        </p>
        <Button type="submit" size="sm" disabled={!body.trim() || reply.isPending}>
          <SendHorizontalIcon aria-hidden="true" />
          {reply.isError ? 'Retry' : reply.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
