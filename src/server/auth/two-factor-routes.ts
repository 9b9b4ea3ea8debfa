import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TwoFactorStage } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { applySignInOutcome, readPendingTwoFactor } from './auth-cookies';
import type { AuthLimits } from './auth-limits';
import { confirmTwoFactorEnrollment } from './confirm-two-factor-enrollment';
import type { PendingTwoFactor } from './finish-sign-in';
import { type SignedInUser, startSession } from './start-session';
import { signInExpiredMessage, startTwoFactorEnrollment } from './two-factor';
import { verifyTwoFactorCode } from './verify-two-factor-code';

// The second factor of an administrator's sign-in: set up an authenticator app, or give its code.
// The sign-in waiting for it is the signed cookie finish-sign-in set.
export async function twoFactorRoutes(
  app: FastifyInstance,
  { context, limits }: { context: AppContext; limits: AuthLimits },
) {
  const { db, config, mailer } = context;
  const isPublic = { config: { access: 'public' as const } };

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

  registerEndpoint(app, authContract.twoFactorStage, isPublic, async (request) => ({
    stage: readPendingTwoFactor(request)?.stage ?? null,
  }));

  registerEndpoint(app, authContract.startTwoFactorEnrollment, isPublic, async (request) => {
    const pending = requirePending(request, 'enroll');
    const enrollment = await startTwoFactorEnrollment({ db, userId: pending.userId });
    return { secret: enrollment.secret, otpauth_url: enrollment.otpauthUrl, qr_code_svg: enrollment.qrCodeSvg };
  });

  registerEndpoint(app, authContract.confirmTwoFactorEnrollment, isPublic, async (request, reply) => {
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
  });

  registerEndpoint(app, authContract.verifyTwoFactor, isPublic, async (request, reply) => {
    const pending = requirePending(request, 'verify');
    const user = await underCodeLimits(request, () =>
      verifyTwoFactorCode({ db, userId: pending.userId, code: request.body.code, ipAddress: request.ip }),
    );
    const outcome = await signInWithSecondFactor(request, pending, user);
    return applySignInOutcome(request, reply, config, outcome);
  });
}
