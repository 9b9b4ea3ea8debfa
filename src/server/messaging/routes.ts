import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentTypeList,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  markReadSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  messagingTexts,
  readStateSchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
  uploadedAttachmentSchema,
} from '~/shared/messaging';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { AppError } from '../platform/errors';
import { fileNameOf, mediaTypeOf, refuseDeclaredOversize, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { errorResponses, fileResponse, idParams, malformedIdMessage } from '../platform/route-schemas';
import { viewerOf } from './conversation-access';
import { countUnreadMessages, findConversations } from './find-conversations';
import { findMessages } from './find-messages';
import { getConversation } from './get-conversation';
import { markConversationRead } from './mark-conversation-read';
import { openAccountManagerConversation } from './open-account-manager-conversation';
import { openSupportConversation } from './open-support-conversation';
import { readAttachment } from './read-attachment';
import { relayTyping } from './relay-typing';
import { sendMessage } from './send-message';
import { startConversation } from './start-conversation';
import { uploadAttachment } from './upload-attachment';

const tags = ['messages'];
const conversationParams = idParams('conversation');
// A malformed message id names no attachment: 404, like one that does not exist.
const attachmentParams = conversationParams.extend({
  message_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('attachment') }),
});
const viewerOfRequest = (request: Parameters<typeof currentAuth>[0]) => viewerOf(currentAuth(request));

// Messages (issue 14): conversations between a company and an applicant, a company and its account
// manager, and a person and the staff; live over /api/ws.
export async function messagingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live, secret, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  live.handle('typing', (auth, command) => relayTyping({ db, live, auth, conversationId: command.conversation_id }));

  const sendLimit = createLimiter(app, {
    name: 'message-send:account',
    max: 600,
    windowMinutes: 10,
    key: (request) => currentAuth(request).user.id,
    message: 'You have sent many messages in a short time',
  });

  routes.post(
    '/api/conversations',
    {
      config: { access: { permission: 'create:conversation:own' } },
      schema: {
        tags,
        summary:
          'Open your company’s conversation with an applicant (the same one again if it exists), optionally about one of their applications',
        body: startConversationSchema,
        response: { 200: conversationDetailSchema, 201: conversationDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const opened = await startConversation({
        db,
        viewer: viewerOfRequest(request),
        companyId: currentCompanyId(request),
        applicantId: request.body.applicant_id,
        applicationId: request.body.application_id,
      });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  routes.post(
    '/api/conversations/account-manager',
    {
      config: { access: { permission: 'create:conversation:own' } },
      schema: {
        tags,
        summary: 'Open your company’s conversation with its account manager (409 while it has none)',
        response: { 200: conversationDetailSchema, 201: conversationDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const opened = await openAccountManagerConversation({
        db,
        viewer: viewerOfRequest(request),
        companyId: currentCompanyId(request),
      });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  routes.post(
    '/api/conversations/support',
    {
      config: { access: { permission: 'create:support_conversation:own' } },
      schema: {
        tags,
        summary: 'Open your conversation with Tandem’s support staff',
        response: { 200: conversationDetailSchema, 201: conversationDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const opened = await openSupportConversation({ db, viewer: viewerOfRequest(request) });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  routes.get(
    '/api/conversations',
    {
      config: { access: { permission: 'read:conversation:member' } },
      schema: {
        tags,
        summary: 'Your conversations, the latest activity first, searched by name, company or message text',
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findConversations({
        db,
        viewer: viewerOfRequest(request),
        q: request.query.q || undefined,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/conversations/unread-count',
    {
      config: { access: { permission: 'read:conversation:member' } },
      schema: {
        tags,
        summary: 'How many messages you have not read, across your conversations',
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => ({ unread_count: await countUnreadMessages({ db, viewer: viewerOfRequest(request) }) }),
  );

  routes.get(
    '/api/conversations/:id',
    {
      config: { access: { permission: 'read:conversation:member' } },
      schema: {
        tags,
        summary: 'A conversation: who is in it and how far each has read, and the application it is about',
        params: conversationParams,
        response: { 200: conversationDetailSchema, ...errorResponses },
      },
    },
    async (request) => getConversation({ db, viewer: viewerOfRequest(request), conversationId: request.params.id }),
  );

  routes.get(
    '/api/conversations/:id/messages',
    {
      config: { access: { permission: 'read:conversation:member' } },
      schema: {
        tags,
        summary:
          'Messages in ascending order: the latest, those before before_seq (scrolling back) or after after_seq (catching up)',
        params: conversationParams,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findMessages({
        db,
        viewer: viewerOfRequest(request),
        conversationId: request.params.id,
        beforeSeq: request.query.before_seq,
        afterSeq: request.query.after_seq,
        limit: request.query.limit,
      }),
  );

  routes.post(
    '/api/conversations/:id/messages',
    {
      preHandler: async (request) => {
        await sendLimit.hit(request);
      },
      config: { access: { permission: 'update:conversation:member' } },
      schema: {
        tags,
        summary:
          'Send a message (stored before the answer; the same client_id again returns the stored message with 200)',
        params: conversationParams,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { message, isNew } = await sendMessage({
        db,
        live,
        logger: request.log,
        secret,
        viewer: viewerOfRequest(request),
        conversationId: request.params.id,
        clientId: request.body.client_id,
        body: request.body.body,
        attachmentId: request.body.attachment_id,
      });
      return reply.code(isNew ? 201 : 200).send(message);
    },
  );

  routes.post(
    '/api/conversations/:id/read',
    {
      config: { access: { permission: 'update:conversation:member' } },
      schema: {
        tags,
        summary: 'Say you have read up to a message (your cursor only moves forward)',
        params: conversationParams,
        body: markReadSchema,
        response: { 200: readStateSchema, ...errorResponses },
      },
    },
    async (request) =>
      markConversationRead({
        db,
        live,
        logger: request.log,
        viewer: viewerOfRequest(request),
        conversationId: request.params.id,
        seq: request.body.seq,
      }),
  );

  await app.register(attachmentUploadRoute, { context });

  routes.get(
    '/api/conversations/:id/attachments/:message_id',
    {
      config: { access: { permission: 'read:conversation:member' } },
      schema: {
        tags,
        summary: 'Download the file a message carries',
        params: attachmentParams,
        response: { 200: fileResponse(...attachmentTypeList), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await readAttachment({
        db,
        files,
        viewer: viewerOfRequest(request),
        conversationId: request.params.id,
        messageId: request.params.message_id,
      });
      return sendDownload(reply, file);
    },
  );
}

// POST /api/conversations/:id/attachments in a scope of its own: only here does a body arrive as a file's
// raw bytes (its name in X-File-Name), streamed into the file store, and only here are Fastify's refusals
// reworded for an attachment.
async function attachmentUploadRoute(scope: FastifyInstance, { context }: { context: AppContext }) {
  const { db, secret, files } = context;
  scope.addContentTypeParser(attachmentTypeList, (request, body, done) =>
    refuseDeclaredOversize(request, body, done, ATTACHMENT_MAX_BYTES, messagingTexts.attachmentTooLarge),
  );
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('payload_too_large', messagingTexts.attachmentTooLarge);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('unsupported_media_type', messagingTexts.attachmentType);
    }
    throw error;
  });
  const uploadLimit = createLimiter(scope, {
    name: 'message-attachment:account',
    max: 60,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have attached many files in a short time',
  });

  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/conversations/:id/attachments',
    {
      bodyLimit: ATTACHMENT_MAX_BYTES,
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:conversation:member' } },
      schema: {
        tags,
        summary:
          'Attach a file to the message you are about to send: the bytes as the body, the name in X-File-Name (at most 10 MB)',
        params: conversationParams,
        consumes: attachmentTypeList,
        response: { 201: uploadedAttachmentSchema, ...errorResponses, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const attachment = await uploadAttachment({
        db,
        files,
        secret,
        viewer: viewerOfRequest(request),
        conversationId: request.params.id,
        declaredType: mediaTypeOf(request.headers['content-type']),
        fileName: fileNameOf(request.headers['x-file-name']),
        content: uploadBodyOf(request.body),
      });
      return reply.code(201).send(attachment);
    },
  );
}
