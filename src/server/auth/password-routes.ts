import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  currentUserSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordSchema,
  safeRedirectPath,
  signInResultSchema,
  signInSchema,
  tokenSchema,
} from '~/shared/auth';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { clearSessionCookie } from '../platform/authentication';
import { AppError } from '../platform/errors';
import { actorOf, errorResponses } from '../platform/route-schemas';
import { describeSignedIn } from '../platform/sessions';
import { finishRequestSignIn } from './auth-cookies';
import { type AuthLimits, signInUnderLimits } from './auth-limits';
import { confirmEmail } from './confirm-email';
import { registerAccount } from './register-account';
import { requestPasswordReset, resetPassword, resetRequestedMessage } from './reset-password';
import { signOut } from './sign-out';
import { resendEmailVerification } from './verification';

const withRedirect = z.object({ redirect: text().optional() });

// Signing in with an email and password, registering, signing out, and the emailed links.
export async function passwordRoutes(
  app: FastifyInstance,
  { context, limits }: { context: AppContext; limits: AuthLimits },
) {
  const { db, config, mailer, settings, background } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/auth/me',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in (null when nobody)',
        response: { 200: z.object({ user: currentUserSchema.nullable() }) },
      },
    },
    async (request) => ({ user: request.auth ? describeSignedIn(request.auth) : null }),
  );

  routes.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an applicant or company account and sign in',
        body: registerSchema.and(withRedirect),
        response: { 201: signInResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limits.registerByIp.hit(request);
      const user = await registerAccount({
        db,
        mailer,
        settings: await settings.get(),
        publicUrl: config.publicUrl,
        input: request.body,
        ipAddress: request.ip,
      });
      const result = await finishRequestSignIn(request, reply, context, {
        user,
        method: 'registration',
        redirectTo: safeRedirectPath(request.body.redirect),
      });
      return reply.code(201).send(result);
    },
  );

  // Both sign-in forms: the administrators' page takes only allow-listed administrators.
  for (const { url, summary, adminsOnly } of [
    { url: '/api/auth/sign-in', summary: 'Sign in with email and password', adminsOnly: false },
    {
      url: '/api/auth/admin/sign-in',
      summary: 'Administrator sign-in: allow-listed email, password, then the second factor',
      adminsOnly: true,
    },
  ]) {
    routes.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary,
          body: signInSchema.and(withRedirect),
          response: { 200: signInResultSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { user, isSteppedUp } = await signInUnderLimits({ db, limits, request, ...request.body });
        if (adminsOnly && (user.role !== 'admin' || !config.adminEmails.includes(user.email))) {
          throw new AppError('forbidden', authMessages.adminNotAuthorized);
        }
        return finishRequestSignIn(request, reply, context, {
          user,
          method: 'password',
          redirectTo: safeRedirectPath(request.body.redirect),
          isSteppedUp,
        });
      },
    );
  }

  routes.post(
    '/api/auth/sign-out',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.auth) await signOut({ db, sessionId: request.auth.sessionId, ...actorOf(request) });
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/auth/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (same answer whether or not the address has an account)',
        body: forgotPasswordSchema,
        response: { 202: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limits.resetByIp.hit(request);
      await limits.resetByAccount.hit(request);
      // After the answer: a known address must not answer later than an unknown one.
      const { email } = request.body;
      const ipAddress = request.ip;
      background.runAfterResponse(reply, 'password reset request', () =>
        requestPasswordReset({ db, mailer, publicUrl: config.publicUrl, email, ipAddress }),
      );
      return reply.code(202).send({ message: resetRequestedMessage });
    },
  );

  routes.post(
    '/api/auth/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs out every session',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.resetByIp.hit(request);
      return resetPassword({
        db,
        mailer,
        token: request.body.token,
        password: request.body.password,
        ipAddress: request.ip,
      });
    },
  );

  routes.post(
    '/api/auth/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Open an emailed link: confirm the address, or make a new address the account’s',
        body: tokenSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { message } = await confirmEmail({ db, mailer, token: request.body.token, ipAddress: request.ip });
      return { message };
    },
  );

  routes.post(
    '/api/auth/email/resend-verification',
    {
      config: { access: 'signed_in' },
      schema: {
        tags: ['auth'],
        summary: 'Send the email verification link again',
        response: { 202: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limits.resendVerification.hit(request);
      const answer = await resendEmailVerification({
        db,
        mailer,
        publicUrl: config.publicUrl,
        user: currentAuth(request).user,
      });
      return reply.code(202).send(answer);
    },
  );
}
