import type { FastifyInstance } from 'fastify';
import { accountContract } from '~/shared/contracts/account';
import type { AppContext } from '../app-context';
import { findOwnTimeZone } from '../kernels/identity/own-time-zones';
import { listUserSessions } from '../kernels/identity/sessions';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { changePassword } from './change-password';
import { requestEmailChange } from './request-email-change';
import { signOutOtherSessions } from './sign-out-other-sessions';
import { updateProfile } from './update-profile';
import { updateTimeZone } from './update-time-zone';

// The signed-in person's own account: name, time zone, email, password and sessions.
export async function accountRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer } = context;

  registerEndpoint(
    app,
    accountContract.updateProfile,
    { config: { access: { permission: 'update:account:own' } } },
    async (request) => {
      await updateProfile({ db, ...actorOf(request), name: request.body.name });
      return { message: 'Your profile has been saved.' };
    },
  );

  registerEndpoint(
    app,
    accountContract.timeZone,
    { config: { access: { permission: 'read:account:own' } } },
    async (request) => ({ time_zone: await findOwnTimeZone({ db, userId: currentAuth(request).user.id }) }),
  );

  registerEndpoint(
    app,
    accountContract.updateTimeZone,
    { config: { access: { permission: 'update:account:own' } } },
    async (request) =>
      updateTimeZone({
        db,
        ...actorOf(request),
        role: currentAuth(request).user.role,
        timeZone: request.body.time_zone,
      }),
  );

  registerEndpoint(
    app,
    accountContract.changePassword,
    { config: { sessionOnly: true, access: { permission: 'update:account:own' } } },
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

  registerEndpoint(
    app,
    accountContract.changeEmail,
    { config: { sessionOnly: true, access: { permission: 'update:account:own' } } },
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

  registerEndpoint(
    app,
    accountContract.sessions,
    { config: { sessionOnly: true, access: { permission: 'read:session:own' } } },
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

  registerEndpoint(
    app,
    accountContract.signOutOtherSessions,
    { config: { sessionOnly: true, access: { permission: 'delete:session:own' } } },
    async (request) => {
      const count = await signOutOtherSessions({ db, ...actorOf(request), sessionId: currentAuth(request).sessionId });
      return {
        message: count === 1 ? 'Signed out of 1 other session.' : `Signed out of ${count} other sessions.`,
        signed_out: count,
      };
    },
  );
}
