import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { useAllowed } from '~/client/lib/allowed';
import { callApi, errorMessage } from '~/client/lib/api-client';
import { showOpenedConversation } from '~/client/lib/opened-conversation';
import { messagingContract } from '~/shared/contracts/messaging';
import type { StartConversationInput } from '~/shared/messaging';
import { messagesHrefOf, messagingTexts } from '~/shared/messaging-texts';

// "Message" on an application or a candidate: opens the company's conversation with the applicant (the
// same one if it exists) and goes to it. Shared by the pipeline and Talent Search. A member whose role
// may not start a conversation (a Viewer, Billing) has no such button.
export function MessageApplicantButton({
  applicantId,
  applicationId,
  name,
  size = 'sm',
  variant = 'outline',
}: {
  applicantId: string;
  applicationId?: string;
  // Who, for screen readers when the button stands apart from the name.
  name: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayStart = useAllowed('create:conversation:own');
  const start = useMutation({
    mutationFn: (input: StartConversationInput) => callApi(messagingContract.start, { body: input }),
    onSuccess: (conversation) => {
      showOpenedConversation(queryClient, conversation);
      navigate(messagesHrefOf('company', conversation.id));
    },
    onError: (error) => notify.error(errorMessage(error, messagingTexts.startError)),
  });
  if (!mayStart) return null;
  return (
    <Button
      size={size}
      variant={variant}
      disabled={start.isPending}
      onClick={() => start.mutate({ applicant_id: applicantId, application_id: applicationId })}
    >
      <MessageSquareIcon aria-hidden="true" />
      Message<span className="sr-only"> {name}</span>
    </Button>
  );
}
