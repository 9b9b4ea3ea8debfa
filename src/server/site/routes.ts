import type { FastifyInstance } from 'fastify';
import { siteContract } from '~/shared/contracts/site';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { findContactMessages } from './find-contact-messages';
import { markContactMessage } from './mark-contact-message';
import { submitContactMessage } from './submit-contact-message';

// The public contact forms and the administrators' contact inbox: the endpoints of shared/contracts/site.ts.
export async function siteRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
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
      message: request.body,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(201).send({ message: "Thank you. We'll get back to you within 24 hours." });
  });

  registerEndpoint(
    app,
    siteContract.contactMessages,
    { config: { access: { permission: 'read:contact_message:any' } } },
    async (request) =>
      findContactMessages({
        db,
        q: request.query.q,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    siteContract.markContactMessage,
    { config: { access: { permission: 'update:contact_message:any' } } },
    async (request) =>
      markContactMessage({ db, ...actorOf(request), id: request.params.id, handled: request.body.handled }),
  );
}
