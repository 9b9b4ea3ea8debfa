import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HeadsetIcon, XIcon } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Popover, PopoverTrigger } from '~/client/components/ui/popover';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { showOpenedConversation } from '~/client/lib/opened-conversation';
import { queryKeys } from '~/client/lib/query-keys';
import { messagingTexts } from '~/shared/messaging-texts';
import { openSupportConversation } from './api';
import { ConversationThread, type Me } from './conversation-thread';
import { useMessagingLive } from './use-messaging-live';

// The floating support chat (docs/spec/portal-and-public-site.md §2, company dashboard): the person's own
// conversation with Tandem's staff in a popover, the same thread as on the Messages page.
export function SupportChat({ me }: { me: Me }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        {/* data-floating-action: the portal's main area keeps room for it at the bottom (portal-shell.tsx);
            it floats above the cookie banner while that shows (--cookie-banner-height). On a phone it is
            the icon alone: with its word it covered the pipeline's items and the Messages card. */}
        <Button
          data-floating-action
          shape="round"
          size="lg"
          className="fixed right-4 bottom-[calc(1rem+var(--cookie-banner-height,0px))] z-40 shadow-lg max-sm:size-11 max-sm:px-0 sm:right-6 sm:bottom-[calc(1.5rem+var(--cookie-banner-height,0px))]"
        >
          <HeadsetIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Support</span>
          <span className="sr-only"> chat</span>
        </Button>
      </PopoverTrigger>
      {/* Radix's own content, not the padded ui/PopoverContent: the chat fills its box edge to edge. */}
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          side="top"
          align="end"
          sideOffset={8}
          aria-label="Chat with Tandem Support"
          className="z-50 flex h-[min(34rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border border-border bg-background text-foreground shadow-lg outline-none"
        >
          <div className="flex items-center gap-3 border-b border-border bg-primary px-4 py-3 text-primary-foreground">
            <HeadsetIcon className="size-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">{messagingTexts.supportTitle}</h2>
              <p className="text-xs opacity-90">We reply within 24 hours.</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-primary-foreground hover:bg-primary-foreground/15"
              aria-label="Close support chat"
              onClick={() => setIsOpen(false)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
          {isOpen && <SupportThread me={me} />}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </Popover>
  );
}

function SupportThread({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  // Opening is idempotent: the same conversation every time. Opened, it joins the lists (the dashboard's
  // Messages card shows it at once).
  const support = useQuery({
    queryKey: queryKeys.messaging.support(),
    queryFn: async () => {
      const conversation = await openSupportConversation();
      showOpenedConversation(queryClient, conversation);
      return conversation;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  useMessagingLive();
  if (support.isPending) {
    return (
      <div className="m-auto">
        <Spinner label="Opening the support chat" />
      </div>
    );
  }
  if (support.isError) {
    return (
      <div className="p-4">
        <Alert variant="destructive" className="flex-col gap-3">
          <p>{errorMessage(support.error, messagingTexts.startError)}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => support.refetch()}>
            Try Again
          </Button>
        </Alert>
      </div>
    );
  }
  return <ConversationThread conversationId={support.data.id} me={me} showHeader={false} />;
}
