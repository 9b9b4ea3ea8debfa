import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oidcCallbackSchema, safeRedirectPath } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { oidcMessages, oidcProviderNames, oidcProviderSettings, oidcProviders } from '~/shared/oidc';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { clearOidcFlow, finishRequestSignIn, readOidcFlow, setOidcFlow } from './auth-cookies';
import type { AuthLimits } from './auth-limits';
import { type CallbackParameters, completeOidcSignIn, readAppleName } from './oidc/complete-oidc-sign-in';
import { startOidcSignIn } from './oidc/oidc-flow';
import { enabledProviders } from './oidc/providers';

// Identity providers (OIDC authorization code flow with PKCE, run by the server).
export async function oidcRoutes(
  app: FastifyInstance,
  { context, limits }: { context: AppContext; limits: AuthLimits },
) {
  const { db, config, secret } = context;
  const isPublic = { config: { access: 'public' as const } };
  const providers = enabledProviders(config);
  const providerById = new Map(providers.map((provider) => [provider.id, provider]));

  registerEndpoint(app, authContract.providers, isPublic, async () => ({
    providers: oidcProviders.map((id) => ({
      id,
      name: oidcProviderNames[id],
      enabled: providerById.has(id),
      setting: oidcProviderSettings[id],
    })),
  }));

  registerEndpoint(app, authContract.startOidcSignIn, isPublic, async (request, reply) => {
    const provider = providerById.get(request.params.provider);
    if (!provider) {
      throw new AppError('not_found', `Sign-in with ${oidcProviderNames[request.params.provider]} is not set up here.`);
    }
    try {
      const { authorizationUrl, flow } = await startOidcSignIn({
        provider,
        publicUrl: config.publicUrl,
        secret,
        start: {
          userType: request.query.user_type,
          acceptedTerms: request.query.accept_terms,
          invitation: request.query.invitation,
        },
        redirectTo: safeRedirectPath(request.query.redirect),
      });
      setOidcFlow(reply, config, flow);
      return reply.redirect(authorizationUrl, 302);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'identity provider discovery failed');
      const message = `${oidcProviderNames[provider.id]} is not reachable right now`;
      return reply.redirect(`/auth/callback?error=${encodeURIComponent(message)}`, 302);
    }
  });

  // The provider's answer, with the flow this browser started: the account it belongs to, signed in.
  async function finishCallback(
    request: FastifyRequest,
    reply: FastifyReply,
    parameters: CallbackParameters,
    appleName?: string,
  ) {
    await limits.oidcByIp.hit(request);
    const flow = readOidcFlow(request);
    clearOidcFlow(reply);
    const provider = flow ? providerById.get(flow.provider) : undefined;
    if (!parameters.code || !parameters.state) throw new AppError('validation', oidcMessages.missingParameters);
    if (!provider) throw new AppError('validation', oidcMessages.generic);
    const { user, redirectTo } = await completeOidcSignIn({
      db,
      mailer: context.mailer,
      settings: await context.settings.get(),
      provider,
      flow,
      parameters,
      publicUrl: config.publicUrl,
      secret,
      adminEmails: config.adminEmails,
      ipAddress: request.ip,
      appleName,
    });
    return finishRequestSignIn(request, reply, context, { user, method: provider.id, redirectTo });
  }

  registerEndpoint(app, authContract.completeOidcSignIn, isPublic, async (request, reply) =>
    finishCallback(request, reply, request.body),
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
          body: oidcCallbackSchema.extend({ error: text().optional(), user: text().optional() }),
        },
      },
      async (request, reply) => {
        const { error, user, ...parameters } = request.body;
        if (error) return reply.redirect(`/auth/callback?error=${encodeURIComponent(error)}`, 303);
        try {
          const result = await finishCallback(request, reply, parameters, readAppleName(user));
          return reply.redirect(result.status === 'signed_in' ? result.redirect_to : '/admin-login', 303);
        } catch (failure) {
          const message = failure instanceof AppError ? failure.message : oidcMessages.generic;
          return reply.redirect(`/auth/callback?failure=${encodeURIComponent(message)}`, 303);
        }
      },
    );
  });
}
