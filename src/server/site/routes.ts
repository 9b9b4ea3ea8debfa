import type { FastifyInstance } from 'fastify';
import { siteContract } from '~/shared/contracts/site';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { assignContactMessage } from './assign-contact-message';
import { findContactAssignees } from './find-contact-assignees';
import { findContactMessages } from './find-contact-messages';
import { getContactMessage } from './get-contact-message';
import { markContactMessage } from './mark-contact-message';
import { replyToContactMessage } from './reply-to-contact-message';
import { submitContactMessage } from './submit-contact-message';

// The public contact forms and the administrators' contact inbox: the endpoints of shared/contracts/site.ts.
export async function siteRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, config } = context;
  const contactLimit = createLimiter(app, {
    name: 'contact:ip',
    max: 5,
    windowMinutes: 10,
    message: 'You have sent several messages in a short time',
  });

  registerEndpoint(app, siteContract.sendContactMessage, { config: { access: 'public' } }, async (request, reply) => {
    await contactLimit.hit(request);
    await submitContactMessage({
      db,
      mailer,
      settings: await context.settings.get(),
      publicUrl: config.publicUrl,
      message: request.body,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(201).send({ message: "Thank you. We'll get back to you within 24 hours." });
  });

  const canRead = { config: { access: { permission: 'read:contact_message:any' } } } as const;
  const canUpdate = { config: { access: { permission: 'update:contact_message:any' } } } as const;

  registerEndpoint(app, siteContract.contactMessages, canRead, async (request) =>
    findContactMessages({ db, viewerId: currentAuth(request).user.id, query: request.query }),
  );

  registerEndpoint(app, siteContract.contactAssignees, canRead, async () => findContactAssignees({ db }));

  registerEndpoint(app, siteContract.contactMessage, canRead, async (request) =>
    getContactMessage({ db, id: request.params.id }),
  );

  registerEndpoint(app, siteContract.markContactMessage, canUpdate, async (request) =>
    markContactMessage({ db, ...actorOf(request), id: request.params.id, handled: request.body.handled }),
  );

  registerEndpoint(app, siteContract.assignContactMessage, canUpdate, async (request) =>
    assignContactMessage({ db, ...actorOf(request), id: request.params.id, assigneeId: request.body.assignee_id }),
  );

  registerEndpoint(app, siteContract.replyToContactMessage, canUpdate, async (request, reply) => {
    const message = await replyToContactMessage({
      db,
      mailer,
      ...actorOf(request),
      id: request.params.id,
      body: request.body.body,
    });
    return reply.code(201).send(message);
  });
}
