import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { Message, UploadedAttachment } from '~/shared/messaging';
import { messagingTexts } from '~/shared/messaging-texts';
import { addMessages, sendMessage } from './api';

// A message on its way: shown at once, under the client id it keeps through every retry, so the server
// stores it once however many times it is sent.
export interface PendingMessage {
  clientId: string;
  body: string;
  attachment: UploadedAttachment | null;
  status: 'sending' | 'failed';
  error?: string;
}

// crypto.randomUUID exists only on secure pages (https, localhost).
export const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function useThreadSending(conversationId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const update = useCallback(
    (clientId: string, change: Partial<PendingMessage> | null) =>
      setPending((current) =>
        change === null
          ? current.filter((message) => message.clientId !== clientId)
          : current.map((message) => (message.clientId === clientId ? { ...message, ...change } : message)),
      ),
    [],
  );

  const deliver = useCallback(
    async (message: PendingMessage) => {
      update(message.clientId, { status: 'sending', error: undefined });
      try {
        const stored: Message = await sendMessage(conversationId, {
          client_id: message.clientId,
          body: message.body,
          attachment_id: message.attachment?.id,
        });
        addMessages(queryClient, conversationId, [stored]);
        update(message.clientId, null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations() });
      } catch (error) {
        update(message.clientId, { status: 'failed', error: errorMessage(error, messagingTexts.sendError) });
      }
    },
    [conversationId, queryClient, update],
  );

  const send = useCallback(
    (body: string, attachment: UploadedAttachment | null) => {
      const message: PendingMessage = { clientId: newClientId(), body, attachment, status: 'sending' };
      setPending((current) => [...current, message]);
      void deliver(message);
    },
    [deliver],
  );

  return { pending, send, retry: deliver };
}
