import type { FastifyInstance } from 'fastify';
import { authMessages, safeRedirectPath } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { invitationsContract } from '~/shared/contracts/teams';
import type { AppContext } from '../app-context';
import { clearSessionCookie } from '../kernels/identity/authentication';
import { describeSignedIn } from '../kernels/identity/sessions';
import { resendEmailVerification } from '../kernels/identity/verification';
import { currentAuth } from '../platform/access-control';
import { type ContractHandler, registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { actorOf } from '../platform/route-schemas';
import { finishRequestSignIn } from './auth-cookies';
import { type AuthLimits, signInUnderLimits } from './auth-limits';
import { confirmEmail } from './confirm-email';
import { registerAccount } from './register-account';
import { registerFromInvitation } from './register-from-invitation';
import { requestPasswordReset, resetPassword, resetRequestedMessage } from './reset-password';
import { signOut } from './sign-out';

// Signing in with an email and password, registering, signing out, and the emailed links.
export async function passwordRoutes(
  app: FastifyInstance,
  { context, limits }: { context: AppContext; limits: AuthLimits },
) {
  const { db, config, mailer, settings, background } = context;
  const isPublic = { config: { access: 'public' as const } };

  registerEndpoint(app, authContract.me, isPublic, async (request) => ({
    user: request.auth ? describeSignedIn(request.auth) : null,
    ...(request.signedOutBecause && { signed_out_reason: request.signedOutBecause }),
  }));

  registerEndpoint(app, authContract.register, isPublic, async (request, reply) => {
    await limits.registerByIp.hit(request);
    const user = await registerAccount({
      db,
      mailer,
      settings: await settings.get(),
      publicUrl: config.publicUrl,
      input: request.body,
      ipAddress: request.ip,
      redirectTo: safeRedirectPath(request.body.redirect),
    });
    const result = await finishRequestSignIn(request, reply, context, {
      user,
      method: 'registration',
      redirectTo: safeRedirectPath(request.body.redirect),
    });
    return reply.code(201).send(result);
  });

  // An invitation's link (docs/decisions/032): the contract is Settings → Team's; signing in is done here.
  registerEndpoint(app, invitationsContract.register, isPublic, async (request, reply) => {
    await limits.registerByIp.hit(request);
    const user = await registerFromInvitation({
      db,
      mailer,
      settings: await settings.get(),
      publicUrl: config.publicUrl,
      token: request.params.token,
      input: request.body,
      ipAddress: request.ip,
    });
    const result = await finishRequestSignIn(request, reply, context, { user, method: 'invitation', redirectTo: null });
    return reply.code(201).send(result);
  });

  // Both sign-in forms: the administrators' page takes only allow-listed administrators.
  const signInHandler =
    (adminsOnly: boolean): ContractHandler<typeof authContract.signIn> =>
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
    };
  registerEndpoint(app, authContract.signIn, isPublic, signInHandler(false));
  registerEndpoint<typeof authContract.adminSignIn>(app, authContract.adminSignIn, isPublic, signInHandler(true));

  registerEndpoint(app, authContract.signOut, isPublic, async (request, reply) => {
    if (request.auth) await signOut({ db, sessionId: request.auth.sessionId, ...actorOf(request) });
    clearSessionCookie(reply, config);
    return reply.code(204).send(null);
  });

  registerEndpoint(app, authContract.forgotPassword, isPublic, async (request, reply) => {
    await limits.resetByIp.hit(request);
    await limits.resetByAccount.hit(request);
    // After the answer: a known address must not answer later than an unknown one.
    const { email } = request.body;
    const ipAddress = request.ip;
    background.runAfterResponse(reply, 'password reset request', () =>
      requestPasswordReset({ db, mailer, publicUrl: config.publicUrl, email, ipAddress }),
    );
    return reply.code(202).send({ message: resetRequestedMessage });
  });

  registerEndpoint(app, authContract.resetPassword, isPublic, async (request) => {
    await limits.resetByIp.hit(request);
    return resetPassword({
      db,
      mailer,
      token: request.body.token,
      password: request.body.password,
      ipAddress: request.ip,
    });
  });

  registerEndpoint(app, authContract.confirmEmail, isPublic, async (request) => {
    const { message } = await confirmEmail({ db, mailer, token: request.body.token, ipAddress: request.ip });
    return { message };
  });

  registerEndpoint(
    app,
    authContract.resendVerification,
    { config: { access: 'signed_in' } },
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
