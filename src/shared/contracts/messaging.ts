import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage } from '../contract-schemas';
import {
  attachmentTypeList,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  markReadSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  readStateSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
  uploadedAttachmentSchema,
} from '../messaging';
import { text } from '../text';

const conversationParams = idParams('conversation');
// A malformed message id names no attachment: 404, like one that does not exist.
const attachmentParams = conversationParams.extend({
  message_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('attachment') }),
});

// Messages: conversations between a company and an applicant, a company and its account
// manager, and a person and the staff; live over /api/ws. An open answers 201 when it made the
// conversation, 200 when it already existed.
export const messagingContract = defineContract(
  { name: 'messaging', tags: ['messages'] },
  {
    start: {
      method: 'POST',
      path: '/api/conversations',
      summary:
        'Open your company’s conversation with an applicant (the same one again if it exists), optionally about one of their applications',
      body: startConversationSchema,
      responses: { 200: conversationDetailSchema, 201: conversationDetailSchema },
    },
    openAccountManager: {
      method: 'POST',
      path: '/api/conversations/account-manager',
      summary: 'Open your company’s conversation with its account manager (409 while it has none)',
      responses: { 200: conversationDetailSchema, 201: conversationDetailSchema },
    },
    openSupport: {
      method: 'POST',
      path: '/api/conversations/support',
      summary: 'Open your conversation with Tandem’s support staff',
      responses: { 200: conversationDetailSchema, 201: conversationDetailSchema },
    },
    list: {
      method: 'GET',
      path: '/api/conversations',
      summary: 'Your conversations, the latest activity first, searched by name, company or message text',
      query: conversationListQuerySchema,
      responses: { 200: conversationListSchema },
    },
    unreadCount: {
      method: 'GET',
      path: '/api/conversations/unread-count',
      summary: 'How many messages you have not read, across your conversations',
      responses: { 200: unreadCountSchema },
    },
    get: {
      method: 'GET',
      path: '/api/conversations/:id',
      summary: 'A conversation: who is in it and how far each has read, and the application it is about',
      params: conversationParams,
      responses: { 200: conversationDetailSchema },
    },
    messages: {
      method: 'GET',
      path: '/api/conversations/:id/messages',
      summary:
        'Messages in ascending order: the latest, those before before_seq (scrolling back) or after after_seq (catching up)',
      params: conversationParams,
      query: messageListQuerySchema,
      responses: { 200: messageListSchema },
    },
    send: {
      method: 'POST',
      path: '/api/conversations/:id/messages',
      summary:
        'Send a message (stored before the answer; the same client_id again returns the stored message with 200)',
      params: conversationParams,
      body: sendMessageSchema,
      responses: { 200: messageSchema, 201: messageSchema },
    },
    markRead: {
      method: 'POST',
      path: '/api/conversations/:id/read',
      summary: 'Say you have read up to a message (your cursor only moves forward)',
      params: conversationParams,
      body: markReadSchema,
      responses: { 200: readStateSchema },
    },
    uploadAttachment: {
      method: 'POST',
      path: '/api/conversations/:id/attachments',
      summary:
        'Attach a file to the message you are about to send: the bytes as the body, the name in X-File-Name (at most 10 MB)',
      params: conversationParams,
      body: fileOf(...attachmentTypeList),
      responses: { 201: uploadedAttachmentSchema },
    },
    attachment: {
      method: 'GET',
      path: '/api/conversations/:id/attachments/:message_id',
      summary: 'Download the file a message carries',
      params: attachmentParams,
      responses: { 200: fileOf(...attachmentTypeList) },
    },
  },
);
