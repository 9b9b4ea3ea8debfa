import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  type CurrentUser,
  currentUserSchema,
  dashboardPathByRole,
  forgotPasswordSchema,
  messageResponseSchema,
  normalizeEmail,
  registerSchema,
  resetPasswordSchema,
  safeRedirectPath,
  signInResultSchema,
  signInSchema,
  tokenSchema,
  twoFactorCodeSchema,
  twoFactorEnrollmentSchema,
} from '~/shared/auth';
import { apiErrorSchema } from '~/shared/errors';
import { oidcMessages, oidcProviderNames, oidcProviders, oidcUserTypes } from '~/shared/oidc';
import type { AppContext } from '../app-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findUserCompany } from '../companies/find-user-company';
import { users } from '../db/schema';
import { currentAuth } from '../platform/access-control';
import { clearSessionCookie, setSessionCookie } from '../platform/authentication';
import { AppError } from '../platform/errors';
import { createLimiter } from '../platform/rate-limits';
import { confirmEmail } from './confirm-email';
import { completeOidcSignIn } from './oidc/complete-oidc-sign-in';
import { type OidcFlow, startOidcSignIn } from './oidc/oidc-flow';
import { enabledProviders } from './oidc/providers';
import { registerAccount } from './register-account';
import { requestPasswordReset, resetPassword, resetRequestedMessage } from './reset-password';
import { createSession, revokeSession } from './sessions';
import { signInWithPassword } from './sign-in-with-password';
import { confirmTwoFactorEnrollment, startTwoFactorEnrollment, verifyTwoFactorCode } from './two-factor';
import { startEmailVerification } from './verification';

const TWO_FACTOR_COOKIE = 'tandem_2fa';
const OIDC_FLOW_COOKIE = 'tandem_oidc';
const PENDING_COOKIE_SECONDS = 10 * 60;

type SignedInUser = typeof users.$inferSelect;

interface PendingTwoFactor {
  userId: string;
  stage: 'enroll' | 'verify';
  redirectTo: string | null;
}

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, secret, mailer, settings } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = config.NODE_ENV === 'production';

  const emailFromBody = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? normalizeEmail(email) : '';
  };
  const limits = {
    // Both sign-in limits count failures only: an office behind one address signs in freely.
    signInByIp: createLimiter(app, {
      name: 'sign-in:ip',
      max: 50,
      windowMinutes: 15,
      message: 'Too many failed sign-in attempts from your network',
    }),
    signInByAccount: createLimiter(app, {
      name: 'sign-in:account',
      max: 5,
      windowMinutes: 15,
      key: emailFromBody,
      message: 'Too many failed sign-in attempts for this account',
    }),
    registerByIp: createLimiter(app, {
      name: 'register:ip',
      max: 10,
      windowMinutes: 60,
      message: 'Too many accounts were created from your network',
    }),
    resetByIp: createLimiter(app, {
      name: 'reset:ip',
      max: 10,
      windowMinutes: 60,
      message: 'Too many password reset requests from your network',
    }),
    resetByAccount: createLimiter(app, {
      name: 'reset:account',
      max: 3,
      windowMinutes: 60,
      key: emailFromBody,
      message: 'Too many password reset emails for this address',
    }),
    twoFactorByIp: createLimiter(app, {
      name: 'two-factor:ip',
      max: 30,
      windowMinutes: 15,
      message: 'Too many codes were tried from your network',
    }),
    twoFactorByAccount: createLimiter(app, {
      name: 'two-factor:account',
      max: 5,
      windowMinutes: 15,
      key: (request) => readPendingTwoFactor(request)?.userId ?? request.ip,
      message: 'Too many wrong codes for this account',
    }),
    resendVerification: createLimiter(app, {
      name: 'verify-email:account',
      max: 5,
      windowMinutes: 60,
      key: (request) => request.auth?.user.id ?? request.ip,
      message: 'Too many verification emails were sent',
    }),
    oidcByIp: createLimiter(app, {
      name: 'oidc:ip',
      max: 30,
      windowMinutes: 15,
      message: 'Too many sign-in attempts from your network',
    }),
  };

  function readPendingTwoFactor(request: FastifyRequest): PendingTwoFactor | null {
    const raw = request.cookies[TWO_FACTOR_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const pending = JSON.parse(unsigned.value) as PendingTwoFactor & { expiresAt: number };
      return pending.expiresAt > Date.now() ? pending : null;
    } catch {
      return null;
    }
  }

  function setPendingTwoFactor(reply: FastifyReply, pending: PendingTwoFactor) {
    const value = JSON.stringify({ ...pending, expiresAt: Date.now() + PENDING_COOKIE_SECONDS * 1000 });
    reply.setCookie(TWO_FACTOR_COOKIE, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/api/auth',
      maxAge: PENDING_COOKIE_SECONDS,
    });
  }

  function toCurrentUser(user: SignedInUser, company: { id: string; name: string } | null): CurrentUser {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      email_verified: user.emailVerifiedAt !== null,
      has_password: user.passwordHash !== null,
      company,
    };
  }

  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    method: string,
    redirectTo: string | null,
  ) {
    const { token, sessionId } = await createSession({
      db,
      userId: user.id,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, config, token);
    reply.clearCookie(TWO_FACTOR_COOKIE, { path: '/api/auth' });
    await recordAuditEvent({
      db,
      event: {
        actorId: user.id,
        action: 'auth.signed_in',
        targetType: 'session',
        targetId: sessionId,
        details: { method },
        ipAddress: request.ip,
      },
    });
    return {
      status: 'signed_in' as const,
      redirect_to: redirectTo ?? dashboardPathByRole[user.role],
      user: toCurrentUser(user, await findUserCompany({ db, userId: user.id })),
    };
  }

  async function signInWithLimits(request: FastifyRequest, { email, password }: { email: string; password: string }) {
    await limits.signInByIp.check(request);
    await limits.signInByAccount.check(request);
    try {
      return await signInWithPassword({ db, email, password, ipAddress: request.ip });
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthenticated') {
        await limits.signInByIp.hit(request);
        await limits.signInByAccount.hit(request);
      }
      throw error;
    }
  }

  // Administrators pass the allow-list and, when the setting asks for it, a second factor.
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    method: string,
    redirectTo: string | null,
  ) {
    if (user.role === 'admin') {
      if (!config.adminEmails.includes(user.email)) throw new AppError('forbidden', authMessages.adminNotAuthorized);
      if ((await settings.get()).admin_two_factor) {
        const stage: PendingTwoFactor['stage'] = user.totpEnabledAt ? 'verify' : 'enroll';
        setPendingTwoFactor(reply, { userId: user.id, stage, redirectTo });
        return { status: 'two_factor_required' as const, stage };
      }
    }
    return startSession(request, reply, user, method, redirectTo);
  }

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
    async (request) => {
      const auth = request.auth;
      if (!auth) return { user: null };
      return {
        user: {
          id: auth.user.id,
          email: auth.user.email,
          name: auth.user.name,
          role: auth.user.role,
          email_verified: auth.user.emailVerified,
          has_password: auth.user.hasPassword,
          company: auth.company,
        },
      };
    },
  );

  routes.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an applicant or company account and sign in',
        body: registerSchema.and(z.object({ redirect: z.string().optional() })),
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
      const result = await startSession(request, reply, user, 'registration', safeRedirectPath(request.body.redirect));
      return reply.code(201).send(result);
    },
  );

  routes.post(
    '/api/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: signInSchema.and(z.object({ redirect: z.string().optional() })),
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await signInWithLimits(request, request.body);
      return finishSignIn(request, reply, user, 'password', safeRedirectPath(request.body.redirect));
    },
  );

  routes.post(
    '/api/auth/admin/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Administrator sign-in: allow-listed email, password, then the second factor',
        body: signInSchema.and(z.object({ redirect: z.string().optional() })),
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await signInWithLimits(request, request.body);
      if (user.role !== 'admin' || !config.adminEmails.includes(user.email)) {
        throw new AppError('forbidden', authMessages.adminNotAuthorized);
      }
      return finishSignIn(request, reply, user, 'password', safeRedirectPath(request.body.redirect));
    },
  );

  routes.post(
    '/api/auth/sign-out',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.auth) {
        await revokeSession({ db, sessionId: request.auth.sessionId });
        await recordAuditEvent({
          db,
          event: {
            actorId: request.auth.user.id,
            action: 'auth.signed_out',
            targetType: 'session',
            targetId: request.auth.sessionId,
            ipAddress: request.ip,
          },
        });
      }
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
      await requestPasswordReset({
        db,
        mailer,
        publicUrl: config.publicUrl,
        email: request.body.email,
        ipAddress: request.ip,
      });
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
      await resetPassword({ db, token: request.body.token, password: request.body.password, ipAddress: request.ip });
      return { message: 'Your password has been changed. Sign in with your new password.' };
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
      const confirmed = await confirmEmail({ db, token: request.body.token, ipAddress: request.ip });
      return {
        message:
          confirmed.purpose === 'change_email'
            ? `Your sign-in email is now ${confirmed.email}.`
            : 'Thank you: your email address is confirmed.',
      };
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
      const auth = currentAuth(request);
      if (auth.user.emailVerified) return reply.code(202).send({ message: 'Your email address is already confirmed.' });
      await limits.resendVerification.hit(request);
      await startEmailVerification({ db, mailer, publicUrl: config.publicUrl, user: auth.user });
      return reply.code(202).send({ message: `We sent a new confirmation link to ${auth.user.email}.` });
    },
  );

  // Second factor for administrators.

  function requirePending(request: FastifyRequest, stage?: PendingTwoFactor['stage']): PendingTwoFactor {
    const pending = readPendingTwoFactor(request);
    if (!pending || (stage && pending.stage !== stage)) {
      throw new AppError('unauthenticated', 'Your sign-in has expired. Please enter your email and password again.');
    }
    return pending;
  }

  routes.get(
    '/api/auth/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a sign-in is waiting for its second factor, and which step',
        response: { 200: z.object({ stage: z.enum(['enroll', 'verify']).nullable() }) },
      },
    },
    async (request) => ({ stage: readPendingTwoFactor(request)?.stage ?? null }),
  );

  routes.post(
    '/api/auth/two-factor/enrollment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        response: { 200: twoFactorEnrollmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const pending = requirePending(request, 'enroll');
      const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
      if (!user)
        throw new AppError('unauthenticated', 'Your sign-in has expired. Please enter your email and password again.');
      const enrollment = await startTwoFactorEnrollment({ db, userId: user.id, email: user.email });
      return { secret: enrollment.secret, otpauth_url: enrollment.otpauthUrl, qr_code_svg: enrollment.qrCodeSvg };
    },
  );

  routes.post(
    '/api/auth/two-factor/enrollment/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the authenticator app with its first code; returns recovery codes and signs in',
        body: twoFactorCodeSchema,
        response: {
          200: z.object({ result: signInResultSchema, recovery_codes: z.array(z.string()) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await limits.twoFactorByIp.hit(request);
      await limits.twoFactorByAccount.check(request);
      const pending = requirePending(request, 'enroll');
      let recoveryCodes: string[];
      try {
        recoveryCodes = await confirmTwoFactorEnrollment({
          db,
          userId: pending.userId,
          code: request.body.code,
          ipAddress: request.ip,
        });
      } catch (error) {
        await limits.twoFactorByAccount.hit(request);
        throw error;
      }
      const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
      if (!user) throw new AppError('unauthenticated', 'Your account no longer exists.');
      const result = await startSession(request, reply, user, 'password+totp', pending.redirectTo);
      return { result, recovery_codes: recoveryCodes };
    },
  );

  routes.post(
    '/api/auth/two-factor/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finish an administrator sign-in with a 6-digit code or a recovery code',
        body: twoFactorCodeSchema,
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limits.twoFactorByIp.hit(request);
      await limits.twoFactorByAccount.check(request);
      const pending = requirePending(request, 'verify');
      try {
        await verifyTwoFactorCode({ db, userId: pending.userId, code: request.body.code, ipAddress: request.ip });
      } catch (error) {
        await limits.twoFactorByAccount.hit(request);
        throw error;
      }
      const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
      if (!user) throw new AppError('unauthenticated', 'Your account no longer exists.');
      return startSession(request, reply, user, 'password+totp', pending.redirectTo);
    },
  );

  // Identity providers (OIDC authorization code flow with PKCE, run by the server).

  const providers = enabledProviders(config);
  const providerById = new Map(providers.map((provider) => [provider.id, provider]));

  routes.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The identity providers sign-in can use here',
        response: { 200: z.object({ providers: z.array(z.object({ id: z.enum(oidcProviders), name: z.string() })) }) },
      },
    },
    async () => ({
      providers: providers.map((provider) => ({ id: provider.id, name: oidcProviderNames[provider.id] })),
    }),
  );

  function flowCookieOptions(providerId: string) {
    // Apple answers with a cross-site POST, which carries only SameSite=None cookies (HTTPS only).
    const crossSite = providerId === 'apple' && config.publicUrl.startsWith('https://');
    return {
      signed: true,
      httpOnly: true,
      sameSite: crossSite ? ('none' as const) : ('lax' as const),
      secure: crossSite || secure,
      path: '/',
      maxAge: PENDING_COOKIE_SECONDS,
    };
  }

  function readFlow(request: FastifyRequest): OidcFlow | null {
    const raw = request.cookies[OIDC_FLOW_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      return JSON.parse(unsigned.value) as OidcFlow;
    } catch {
      return null;
    }
  }

  routes.get(
    '/api/auth/oidc/:provider/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Send the browser to an identity provider to sign in',
        params: z.object({ provider: z.enum(oidcProviders) }),
        querystring: z.object({ user_type: z.enum(oidcUserTypes).default('company'), redirect: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const provider = providerById.get(request.params.provider);
      if (!provider)
        throw new AppError(
          'not_found',
          `Sign-in with ${oidcProviderNames[request.params.provider]} is not set up here.`,
        );
      try {
        const { authorizationUrl, flow } = await startOidcSignIn({
          provider,
          publicUrl: config.publicUrl,
          secret,
          userType: request.query.user_type,
          redirectTo: safeRedirectPath(request.query.redirect),
        });
        reply.setCookie(OIDC_FLOW_COOKIE, JSON.stringify(flow), flowCookieOptions(provider.id));
        return reply.redirect(authorizationUrl, 302);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'identity provider discovery failed');
        return reply.redirect(
          `/auth/callback?error=${encodeURIComponent(`${oidcProviderNames[provider.id]} is not reachable right now`)}`,
          302,
        );
      }
    },
  );

  async function completeCallback(
    request: FastifyRequest,
    reply: FastifyReply,
    parameters: { code?: string; state?: string; iss?: string },
    appleName?: string,
  ) {
    await limits.oidcByIp.hit(request);
    const flow = readFlow(request);
    reply.clearCookie(OIDC_FLOW_COOKIE, { path: '/' });
    const provider = flow ? providerById.get(flow.provider) : undefined;
    if (!parameters.code || !parameters.state) throw new AppError('validation', oidcMessages.missingParameters);
    if (!provider) throw new AppError('validation', oidcMessages.generic);
    const { user, redirectTo } = await completeOidcSignIn({
      db,
      provider,
      flow,
      parameters,
      publicUrl: config.publicUrl,
      secret,
      adminEmails: config.adminEmails,
      ipAddress: request.ip,
      appleName,
    });
    return finishSignIn(request, reply, user, provider.id, redirectTo);
  }

  routes.post(
    '/api/auth/oidc/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finish an identity-provider sign-in with the code and state it returned',
        body: z.object({ code: z.string().optional(), state: z.string().optional(), iss: z.string().optional() }),
        response: { 200: signInResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => completeCallback(request, reply, request.body),
  );

  // Apple posts its answer to this page address (response_mode=form_post): finish here, then send
  // the browser on, to the callback screen with the error when something failed.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/apple/callback',
      {
        config: { access: 'public', csrf: 'exempt' },
        schema: {
          hide: true,
          body: z.object({
            code: z.string().optional(),
            state: z.string().optional(),
            iss: z.string().optional(),
            error: z.string().optional(),
            user: z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        const { code, state, iss, error, user } = request.body;
        if (error) return reply.redirect(`/auth/callback?error=${encodeURIComponent(error)}`, 303);
        let appleName: string | undefined;
        try {
          const name = user
            ? (JSON.parse(user) as { name?: { firstName?: string; lastName?: string } }).name
            : undefined;
          appleName = [name?.firstName, name?.lastName].filter(Boolean).join(' ') || undefined;
        } catch {
          appleName = undefined;
        }
        try {
          const result = await completeCallback(request, reply, { code, state, iss }, appleName);
          return reply.redirect(result.status === 'signed_in' ? result.redirect_to : '/admin-login', 303);
        } catch (failure) {
          const message = failure instanceof AppError ? failure.message : oidcMessages.generic;
          return reply.redirect(`/auth/callback?failure=${encodeURIComponent(message)}`, 303);
        }
      },
    );
  });
}
