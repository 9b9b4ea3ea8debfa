import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  signInResultSchema,
  type TwoFactorStage,
  twoFactorCodeSchema,
  twoFactorEnrollmentSchema,
  twoFactorStages,
} from '~/shared/auth';
import type { AppContext } from '../app-context';
import { AppError } from '../platform/errors';
import { errorResponses } from '../platform/route-schemas';
import { applySignInOutcome, readPendingTwoFactor } from './auth-cookies';
import type { AuthLimits } from './auth-limits';
import type { PendingTwoFactor } from './finish-sign-in';
import { type SignedInUser, startSession } from './start-session';
import {
  confirmTwoFactorEnrollment,
  signInExpiredMessage,
  startTwoFactorEnrollment,
  verifyTwoFactorCode,
} from './two-factor';

// The second factor of an administrator's sign-in: set up an authenticator app, or give its code.
// The sign-in waiting for it is the signed cookie finish-sign-in set.
export async function twoFactorRoutes(
  app: FastifyInstance,
  { context, limits }: { context: AppContext; limits: AuthLimits },
) {
  const { db, config, mailer } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  function requirePending(request: FastifyRequest, stage: TwoFactorStage): PendingTwoFactor {
    const pending = readPendingTwoFactor(request);
    if (pending?.stage !== stage) throw new AppError('unauthenticated', signInExpiredMessage);
    return pending;
  }

  // A wrong code counts against the account as well as the network.
  async function underCodeLimits<Result>(request: FastifyRequest, attempt: () => Promise<Result>): Promise<Result> {
    await limits.twoFactorByIp.hit(request);
    await limits.twoFactorByAccount.check(request);
    try {
      return await attempt();
    } catch (error) {
      await limits.twoFactorByAccount.hit(request);
      throw error;
    }
  }

  // The second factor given: the sign-in that waited for it becomes a session.
  async function signInWithSecondFactor(request: FastifyRequest, pending: PendingTwoFactor, user: SignedInUser) {
    const session = await startSession({
      db,
      user,
      method: 'password+totp',
      redirectTo: pending.redirectTo,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return { status: 'signed_in' as const, email: user.email, ...session };
  }

  routes.get(
    '/api/auth/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a sign-in is waiting for its second factor, and which step',
        response: { 200: z.object({ stage: z.enum(twoFactorStages).nullable() }) },
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
      const enrollment = await startTwoFactorEnrollment({ db, userId: pending.userId });
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
      const pending = requirePending(request, 'enroll');
      const { user, recoveryCodes } = await underCodeLimits(request, () =>
        confirmTwoFactorEnrollment({
          db,
          mailer,
          userId: pending.userId,
          code: request.body.code,
          ipAddress: request.ip,
        }),
      );
      const outcome = await signInWithSecondFactor(request, pending, user);
      return { result: applySignInOutcome(request, reply, config, outcome), recovery_codes: recoveryCodes };
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
      const pending = requirePending(request, 'verify');
      const user = await underCodeLimits(request, () =>
        verifyTwoFactorCode({ db, userId: pending.userId, code: request.body.code, ipAddress: request.ip }),
      );
      const outcome = await signInWithSecondFactor(request, pending, user);
      return applySignInOutcome(request, reply, config, outcome);
    },
  );
}
