import type { FastifyInstance } from 'fastify';
import { applicationsContract } from '~/shared/contracts/applications';
import { managerPortalContract } from '~/shared/contracts/manager-portal';
import { messagingContract } from '~/shared/contracts/messaging';
import { ATTACHMENT_MAX_BYTES, messagingTexts } from '~/shared/messaging';
import type { AppContext } from '../app-context';
import { viewerOf } from '../kernels/notices/conversation-access';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { fileNameOf, mediaTypeOf, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { countUnreadMessages, findConversations } from './find-conversations';
import { findMessages } from './find-messages';
import { findRecentMessages } from './find-recent-messages';
import { getConversation } from './get-conversation';
import { markConversationRead } from './mark-conversation-read';
import { messageTemplateRoutes } from './message-template-routes';
import { openAccountManagerConversation } from './open-account-manager-conversation';
import { openSupportConversation } from './open-support-conversation';
import { readAttachment } from './read-attachment';
import { relayTyping } from './relay-typing';
import { sendMessage } from './send-message';
import { startConversation } from './start-conversation';
import { uploadAttachment } from './upload-attachment';

const viewerOfRequest = (request: Parameters<typeof currentAuth>[0]) => viewerOf(currentAuth(request));

// Messages: conversations between a company and an applicant, a company and its account
// manager, and a person and the staff; live over /api/ws. The endpoints are declared in
// shared/contracts/messaging.ts.
export async function messagingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live, secret, files } = context;

  live.handle('typing', (auth, command) => relayTyping({ db, live, auth, conversationId: command.conversation_id }));
  const sendLimit = createLimiter(app, {
    name: 'message-send:account',
    max: 600,
    windowMinutes: 10,
    key: (request) => currentAuth(request).user.id,
    message: 'You have sent many messages in a short time',
  });
  messageTemplateRoutes(app, { context, sendLimit });

  registerEndpoint(
    app,
    messagingContract.start,
    { config: { access: { permission: 'create:conversation:own' } } },
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

  registerEndpoint(
    app,
    managerPortalContract.openConversation,
    { config: { access: { permission: 'create:conversation:assigned' } } },
    async (request, reply) => {
      const opened = await openAccountManagerConversation({
        db,
        viewer: viewerOfRequest(request),
        companyId: request.params.id,
        asManager: true,
      });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  // The applicant dashboard's Recent Messages.
  registerEndpoint(
    app,
    applicationsContract.messages,
    { config: { access: { permission: 'read:applicant_dashboard:own' } } },
    async (request) =>
      findRecentMessages({
        db,
        applicantId: currentAuth(request).user.id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    messagingContract.openAccountManager,
    { config: { access: { permission: 'create:conversation:own' } } },
    async (request, reply) => {
      const opened = await openAccountManagerConversation({
        db,
        viewer: viewerOfRequest(request),
        companyId: currentCompanyId(request),
      });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  registerEndpoint(
    app,
    messagingContract.openSupport,
    { config: { access: { permission: 'create:support_conversation:own' } } },
    async (request, reply) => {
      const opened = await openSupportConversation({ db, viewer: viewerOfRequest(request) });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );

  registerEndpoint(
    app,
    messagingContract.list,
    { config: { access: { permission: 'read:conversation:member' } } },
    async (request) =>
      findConversations({
        db,
        viewer: viewerOfRequest(request),
        q: request.query.q || undefined,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    messagingContract.unreadCount,
    { config: { access: { permission: 'read:conversation:member' } } },
    async (request) => ({ unread_count: await countUnreadMessages({ db, viewer: viewerOfRequest(request) }) }),
  );

  registerEndpoint(
    app,
    messagingContract.get,
    { config: { access: { permission: 'read:conversation:member' } } },
    async (request) => getConversation({ db, viewer: viewerOfRequest(request), conversationId: request.params.id }),
  );

  registerEndpoint(
    app,
    messagingContract.messages,
    { config: { access: { permission: 'read:conversation:member' } } },
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

  registerEndpoint(
    app,
    messagingContract.send,
    {
      preHandler: async (request) => {
        await sendLimit.hit(request);
      },
      config: { access: { permission: 'update:conversation:member' } },
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

  registerEndpoint(
    app,
    messagingContract.markRead,
    // Where one has read up to is apart from writing: a Viewer, who writes in no conversation, marks read.
    { config: { access: { permission: 'update:read_receipt:member' } } },
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

  // Each upload writes a file: counted per account before the body is read.
  const uploadLimit = createLimiter(app, {
    name: 'message-attachment:account',
    max: 60,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have attached many files in a short time',
  });
  registerEndpoint(
    app,
    messagingContract.uploadAttachment,
    {
      upload: {
        maxBytes: ATTACHMENT_MAX_BYTES,
        tooLarge: messagingTexts.attachmentTooLarge,
        unsupportedType: messagingTexts.attachmentType,
      },
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:conversation:member' } },
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

  registerEndpoint(
    app,
    messagingContract.attachment,
    { config: { access: { permission: 'read:conversation:member' } } },
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
