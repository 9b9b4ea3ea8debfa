import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageListQuerySchema, contactMessageListSchema, contactMessageSchema } from '~/shared/contact';
import type { AppContext } from '../app-context';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { findContactMessages } from './find-contact-messages';
import { markContactMessage } from './mark-contact-message';
import { submitContactMessage } from './submit-contact-message';

export async function siteRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const contactLimit = createLimiter(app, {
    name: 'contact:ip',
    max: 5,
    windowMinutes: 10,
    message: 'You have sent several messages in a short time',
  });

  routes.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Send a message from the public contact forms',
        body: contactMessageSchema,
        response: { 201: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      await contactLimit.hit(request);
      await submitContactMessage({
        db,
        message: request.body,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(201).send({ message: "Thank you. We'll get back to you within 24 hours." });
    },
  );

  routes.get(
    '/api/admin/contact-messages',
    {
      config: { access: { permission: 'read:contact_message:any' } },
      schema: {
        tags: ['site'],
        summary: 'The contact inbox, newest first',
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findContactMessages({
        db,
        q: request.query.q,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.patch(
    '/api/admin/contact-messages/:id',
    {
      config: { access: { permission: 'update:contact_message:any' } },
      schema: {
        tags: ['site'],
        summary: 'Mark a contact message handled, or open again',
        params: idParams('message'),
        body: z.object({ handled: z.boolean() }),
        response: { 200: z.object({ id: z.string(), handled_at: z.string().nullable() }), ...errorResponses },
      },
    },
    async (request) =>
      markContactMessage({ db, ...actorOf(request), id: request.params.id, handled: request.body.handled }),
  );
}
