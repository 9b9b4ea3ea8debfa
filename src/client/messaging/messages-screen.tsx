import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HeadsetIcon, MessageSquareIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { SearchInput } from '~/client/components/search-input';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { useChangeSearch } from '~/client/lib/list-search';
import { sendLive, useLiveEvent } from '~/client/lib/live-socket';
import { showOpenedConversation } from '~/client/lib/opened-conversation';
import { messagingTexts } from '~/shared/messaging-texts';
import type { Role } from '~/shared/permissions';
import { conversationListQueryOptions, conversationQueryOptions, openSupportConversation } from './api';
import { ConversationList } from './conversation-list';
import { ConversationThread, type Me } from './conversation-thread';
import { NewMessageButton } from './new-message-dialog';
import { useMessagingLive } from './use-messaging-live';

const emptyHints: Record<Role, string> = {
  company:
    'Start one with New message, or with Message on an application or a candidate in Talent Search; or write to Tandem Support.',
  applicant: 'When a company writes to you, the conversation shows up here. Questions for us? Contact Support.',
  admin: 'Support requests from companies and applicants show up here.',
  account_manager: 'Messages from the companies you look after show up here.',
};

// The online dots of the people on screen, from the live socket.
function usePresence(userIds: string[]): ReadonlySet<string> {
  const [online, setOnline] = useState<ReadonlySet<string>>(new Set());
  const watched = [...new Set(userIds)].sort().slice(0, 200).join(',');
  useEffect(() => {
    sendLive({ type: 'watch_presence', user_ids: watched ? watched.split(',') : [] });
  }, [watched]);
  useLiveEvent('presence', (event) =>
    setOnline((current) => {
      if (current.has(event.user_id) === event.online) return current;
      const next = new Set(current);
      if (event.online) next.add(event.user_id);
      else next.delete(event.user_id);
      return next;
    }),
  );
  return online;
}

// /company/messages, /applicant/messages, /admin/messages: the conversations beside the open one (on a
// phone, one then the other). ?conversation= says which is open and ?q= what the list is searched for.
export function MessagesScreen({ me, title }: { me: Me; title: string }) {
  const [searchParams] = useSearchParams();
  const changeSearch = useChangeSearch();
  const q = searchParams.get('q')?.trim() ?? '';
  const selectedId = searchParams.get('conversation');
  const list = useInfiniteQuery(conversationListQueryOptions(q));
  const selected = useQuery({ ...conversationQueryOptions(selectedId ?? ''), enabled: selectedId !== null });
  useMessagingLive();

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const online = usePresence(
    [...items, ...(selected.data ? [selected.data] : [])].flatMap((item) =>
      item.counterpart ? [item.counterpart.id] : [],
    ),
  );
  const counterpart = selected.data?.counterpart ?? items.find((item) => item.id === selectedId)?.counterpart;

  function setParam(key: string, value: string | null) {
    changeSearch({ [key]: value }, { replace: key === 'q' });
  }

  const queryClient = useQueryClient();
  const support = useMutation({
    mutationFn: openSupportConversation,
    onSuccess: (conversation) => {
      showOpenedConversation(queryClient, conversation);
      setParam('conversation', conversation.id);
    },
    onError: (error) => notify.error(errorMessage(error, messagingTexts.startError)),
  });

  return (
    <>
      <PageMeta title={title} />
      <div className="flex h-[calc(100dvh-6rem)] min-h-[26rem] overflow-hidden rounded-lg border border-border bg-background sm:h-[calc(100dvh-7rem)]">
        <div
          className={cn(
            'flex min-h-0 w-full flex-col border-border md:w-80 md:shrink-0 md:border-r lg:w-96',
            selectedId && 'hidden md:flex',
          )}
        >
          <div className="grid gap-3 border-b border-border p-3">
            <div className="grid gap-2">
              <h1 className="text-xl font-bold tracking-tight">{title}</h1>
              <div className="flex flex-wrap gap-2">
                {me.role === 'company' && (
                  <NewMessageButton onOpened={(conversation) => setParam('conversation', conversation.id)} />
                )}
                {(me.role === 'company' || me.role === 'applicant') && (
                  <Button size="sm" variant="outline" onClick={() => support.mutate()} disabled={support.isPending}>
                    <HeadsetIcon aria-hidden="true" />
                    Contact Support
                  </Button>
                )}
              </div>
            </div>
            <SearchInput
              value={q}
              onSearch={(value) => setParam('q', value || null)}
              placeholder="Search messages…"
              label="Search conversations"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList
              query={list}
              selectedId={selectedId}
              onSelect={(id) => setParam('conversation', id)}
              onlineIds={online}
              isSearching={q !== ''}
              emptyHint={emptyHints[me.role]}
            />
          </div>
        </div>
        <div className={cn('min-h-0 min-w-0 flex-1', selectedId ? 'flex' : 'hidden md:flex')}>
          {selectedId ? (
            <ConversationThread
              key={selectedId}
              conversationId={selectedId}
              me={me}
              onBack={() => setParam('conversation', null)}
              isOnline={counterpart ? online.has(counterpart.id) : undefined}
            />
          ) : (
            <div className="m-auto grid justify-items-center gap-2 p-6 text-center">
              <MessageSquareIcon className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">Select a conversation</p>
              <p className="max-w-xs text-sm text-muted-foreground">Choose one from the list to read it and reply.</p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
