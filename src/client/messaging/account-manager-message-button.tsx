import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { errorMessage } from '~/client/lib/api-client';
import { showOpenedConversation } from '~/client/lib/opened-conversation';
import { messagesHrefOf, messagingTexts } from '~/shared/messaging-texts';
import { openAccountManagerConversation } from './api';

// The Account Manager card's Send Message: opens the company's conversation with its manager.
export function AccountManagerMessageButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: openAccountManagerConversation,
    onSuccess: (conversation) => {
      showOpenedConversation(queryClient, conversation);
      navigate(messagesHrefOf('company', conversation.id));
    },
    onError: (error) => notify.error(errorMessage(error, messagingTexts.startError)),
  });
  return (
    <Button size="sm" onClick={() => open.mutate()} disabled={open.isPending}>
      <MessageSquareIcon aria-hidden="true" />
      Send Message
    </Button>
  );
}
