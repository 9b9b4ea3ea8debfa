import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  messageResponseSchema,
  sessionListSchema,
  updateProfileSchema,
} from '~/shared/auth';
import { timeZoneSchema } from '~/shared/meetings';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { actorOf, errorResponses } from '../platform/route-schemas';
import { listUserSessions } from '../platform/sessions';
import { changePassword } from './change-password';
import { requestEmailChange } from './request-email-change';
import { signOutOtherSessions } from './sign-out-other-sessions';
import { updateProfile } from './update-profile';
import { updateTimeZone } from './update-time-zone';

// The signed-in person's own account: name, email, password and sessions.
export async function accountRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/api/account/profile',
    {
      config: { access: { permission: 'update:account:own' } },
      schema: {
        tags: ['account'],
        summary: 'Change your name',
        body: updateProfileSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await updateProfile({ db, ...actorOf(request), name: request.body.name });
      return { message: 'Your profile has been saved.' };
    },
  );

  routes.put(
    '/api/account/time-zone',
    {
      config: { access: { permission: 'update:account:own' } },
      schema: {
        tags: ['account'],
        summary: 'Your IANA time zone (the portal sends the browser’s): meetings show others your local time',
        body: timeZoneSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await updateTimeZone({ db, userId: currentAuth(request).user.id, timeZone: request.body.time_zone });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/account/password',
    {
      config: { sessionOnly: true, access: { permission: 'update:account:own' } },
      schema: {
        tags: ['account'],
        summary: 'Change your password (signs out your other sessions)',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changePassword({
        db,
        mailer,
        ...actorOf(request),
        sessionId: currentAuth(request).sessionId,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      });
      return { message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  );

  routes.post(
    '/api/account/email',
    {
      config: { sessionOnly: true, access: { permission: 'update:account:own' } },
      schema: {
        tags: ['account'],
        summary: 'Ask to change your email; the new address must confirm it',
        body: changeEmailSchema,
        response: { 202: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requestEmailChange({
        db,
        mailer,
        publicUrl: config.publicUrl,
        userId: currentAuth(request).user.id,
        newEmail: request.body.new_email,
        currentPassword: request.body.current_password,
      });
      return reply.code(202).send({
        message: `We sent a confirmation link to ${request.body.new_email}. Your email changes once you open it.`,
      });
    },
  );

  routes.get(
    '/api/account/sessions',
    {
      config: { sessionOnly: true, access: { permission: 'read:session:own' } },
      schema: {
        tags: ['account'],
        summary: 'Your active sessions',
        response: { 200: sessionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = currentAuth(request);
      const sessions = await listUserSessions({ db, userId: auth.user.id });
      return {
        items: sessions.map((session) => ({
          id: session.id,
          ip_address: session.ipAddress,
          user_agent: session.userAgent,
          created_at: session.createdAt.toISOString(),
          last_seen_at: session.lastSeenAt.toISOString(),
          is_current: session.id === auth.sessionId,
        })),
      };
    },
  );

  routes.post(
    '/api/account/sessions/sign-out-others',
    {
      config: { sessionOnly: true, access: { permission: 'delete:session:own' } },
      schema: {
        tags: ['account'],
        summary: 'Sign out of every session but this one',
        response: { 200: z.object({ message: z.string(), signed_out: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const count = await signOutOtherSessions({ db, ...actorOf(request), sessionId: currentAuth(request).sessionId });
      return {
        message: count === 1 ? 'Signed out of 1 other session.' : `Signed out of ${count} other sessions.`,
        signed_out: count,
      };
    },
  );
}
