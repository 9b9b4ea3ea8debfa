import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeRedirectPath } from '~/shared/auth';
import { ssoSignInContract } from '~/shared/contracts/sso';
import { ssoTexts } from '~/shared/sso';
import type { AppContext } from '../app-context';
import { findIdentityRow, type IdentityRow, ssoCompanyForEmail } from '../kernels/identity/company-identity';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { finishRequestSignIn } from './auth-cookies';
import { admitSsoMember } from './sso/admit-sso-member';
import {
  readOidcAnswer,
  readSamlAnswer,
  type SsoFlow,
  samlServiceProvider,
  setSsoFlow,
  startSsoSignIn,
  takeSsoFlow,
} from './sso/sso-flow';

const failurePage = (message: string) => `/auth/callback?failure=${encodeURIComponent(message)}`;

// Signing in through a company's identity provider (issue 58): where the company's verified domain sends its
// people, the provider's answer (SAML's HTTP-POST to the ACS, OIDC's redirect), and the member it vouches for
// signed in, or joined just in time. Settings → Security is sso/routes.ts.
export async function ssoSignInRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, taxIds: cipher } = context;
  const { publicUrl } = config;
  const isPublic = { config: { access: 'public' } } as const;

  registerEndpoint(app, ssoSignInContract.discover, isPublic, async (request) => {
    const identity = await ssoCompanyForEmail(db, request.query.email);
    return { sso: Boolean(identity), required: Boolean(identity?.requireSso) };
  });

  registerEndpoint(app, ssoSignInContract.start, isPublic, async (request, reply) => {
    const identity = await ssoCompanyForEmail(db, request.query.email);
    if (!identity) return reply.redirect(failurePage(ssoTexts.noSsoForEmail), 302);
    try {
      const { url, flow } = await startSsoSignIn({
        identity,
        publicUrl,
        cipher,
        redirectTo: safeRedirectPath(request.query.redirect),
      });
      setSsoFlow(reply, config, flow);
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.warn({ err: error, companyId: identity.companyId }, 'company identity provider unreachable');
      return reply.redirect(failurePage(ssoTexts.providerRefused), 302);
    }
  });

  registerEndpoint(app, ssoSignInContract.samlMetadata, isPublic, async (request, reply) => {
    const identity = await findIdentityRow(db, request.params.id);
    if (identity?.ssoProtocol !== 'saml') throw new AppError('not_found', ssoTexts.noSsoForEmail);
    const metadata = samlServiceProvider(identity, publicUrl, {}).generateServiceProviderMetadata(null, null);
    return reply.type('application/samlmetadata+xml').send(metadata);
  });

  // The person the provider vouched for, signed in (a member, or joined just in time), then sent on.
  async function signInFromAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (identity: IdentityRow, flow: SsoFlow) => Promise<{ email: string; name: string }>,
  ): Promise<string> {
    try {
      const flow = takeSsoFlow(request, reply);
      const identity = await findIdentityRow(db, flow.companyId);
      if (!identity?.ssoProtocol || identity.ssoProtocol !== flow.protocol || !identity.domainVerifiedAt) {
        throw new AppError('validation', ssoTexts.flowMissing);
      }
      const answer = await read(identity, flow);
      const user = await admitSsoMember({
        db,
        identity,
        email: answer.email,
        name: answer.name,
        ipAddress: request.ip,
      });
      const result = await finishRequestSignIn(request, reply, context, {
        user,
        method: `sso:${identity.ssoProtocol}`,
        redirectTo: flow.redirectTo,
      });
      return result.status === 'signed_in' ? result.redirect_to : '/login';
    } catch (failure) {
      if (!(failure instanceof AppError)) request.log.error({ err: failure }, 'single sign-on failed');
      return failurePage(failure instanceof AppError ? failure.message : ssoTexts.providerRefused);
    }
  }

  registerEndpoint(app, ssoSignInContract.oidcCallback, isPublic, async (request, reply) => {
    const callbackUrl = new URL(request.url, publicUrl);
    const next = await signInFromAnswer(request, reply, (identity, flow) =>
      readOidcAnswer(identity, cipher, flow, callbackUrl),
    );
    return reply.redirect(next, 302);
  });

  // The identity provider posts its answer here (HTTP-POST binding), across sites: a form, not JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/sso/saml/acs',
      {
        config: { access: 'public', csrf: 'exempt' },
        schema: {
          hide: true,
          body: z.looseObject({ SAMLResponse: z.string().max(200_000), RelayState: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const next = await signInFromAnswer(request, reply, async (identity, flow) => {
          // An answer signs in once: the same response posted again (a copied cookie and form) is refused.
          if (!flow.requestId || !(await context.cache.claim(`sso-request:${flow.requestId}`, 15 * 60))) {
            throw new AppError('validation', ssoTexts.flowMissing);
          }
          return readSamlAnswer(identity, publicUrl, flow, request.body.SAMLResponse);
        });
        return reply.redirect(next, 303);
      },
    );
  });
}
