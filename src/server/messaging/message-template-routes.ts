import type { FastifyInstance } from 'fastify';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import type { AppContext } from '../app-context';
import { viewerOf } from '../kernels/notices/conversation-access';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import type { createLimiter } from '../platform/rate-limits';
import { companyActorOf } from '../platform/route-schemas';
import { deleteMessageTemplate } from './delete-message-template';
import { createMessageTemplate, findMessageTemplates } from './manage-message-templates';
import { messageApplication, messageColumn } from './send-templated-messages';
import { updateMessageTemplate } from './update-message-template';

// The company's message templates (read by every member who may see the pipeline, written by those
// who may write to candidates), and the pipeline's messages sent with them (shared/contracts/message-templates.ts).
// A send here counts against the sender's message limit as a message written in a thread does.
export function messageTemplateRoutes(
  app: FastifyInstance,
  { context, sendLimit }: { context: AppContext; sendLimit: ReturnType<typeof createLimiter> },
) {
  const { db, live, secret } = context;

  registerEndpoint(
    app,
    messageTemplatesContract.list,
    { config: { access: { permission: 'read:message_template:own' } } },
    async (request) => findMessageTemplates({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(
    app,
    messageTemplatesContract.create,
    { config: { access: { permission: 'update:message_template:own' } } },
    async (request, reply) =>
      reply.code(201).send(await createMessageTemplate({ db, ...companyActorOf(request), input: request.body })),
  );

  registerEndpoint(
    app,
    messageTemplatesContract.update,
    { config: { access: { permission: 'update:message_template:own' } } },
    async (request) =>
      updateMessageTemplate({ db, ...companyActorOf(request), id: request.params.id, input: request.body }),
  );

  registerEndpoint(
    app,
    messageTemplatesContract.remove,
    { config: { access: { permission: 'update:message_template:own' } } },
    async (request, reply) => {
      await deleteMessageTemplate({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // Writing to candidates is starting or continuing the company's conversation with them.
  const senderOf = (request: Parameters<typeof currentAuth>[0]) => ({
    db,
    live,
    secret,
    logger: request.log,
    viewer: viewerOf(currentAuth(request)),
    companyId: currentCompanyId(request),
  });

  registerEndpoint(
    app,
    messageTemplatesContract.messageApplication,
    {
      preHandler: async (request) => {
        await sendLimit.hit(request);
      },
      config: { access: { permission: 'create:conversation:own' } },
    },
    async (request) =>
      messageApplication({
        ...senderOf(request),
        applicationId: request.params.id,
        body: request.body.body,
        clientId: request.body.client_id,
      }),
  );

  registerEndpoint(
    app,
    messageTemplatesContract.messageColumn,
    {
      preHandler: async (request) => {
        await sendLimit.hit(request);
      },
      config: { access: { permission: 'create:conversation:own' } },
    },
    async (request) =>
      messageColumn({ ...senderOf(request), jobId: request.params.id, input: request.body, ipAddress: request.ip }),
  );
}
