import type { FastifyInstance } from 'fastify';
import { companyIdentityContract } from '~/shared/contracts/sso';
import type { AppContext } from '../app-context';
import { findIdentityRow } from '../kernels/identity/company-identity';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { claimDomain } from './claim-domain';
import { confirmDomain } from './confirm-domain';
import { identitySettingsView } from './identity-settings';
import { updateSsoSettings } from './update-sso-settings';

// Settings → Security (issue 58) for a company's Owner and Admins, from a session: a key or a token never changes
// how people sign in. The sign-in itself is auth/sso-routes.ts.
export async function ssoRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer, taxIds: cipher } = context;
  const { publicUrl } = config;
  const reads = { config: { sessionOnly: true, access: { permission: 'read:identity_settings:own' } } } as const;
  const updates = { config: { sessionOnly: true, access: { permission: 'update:identity_settings:own' } } } as const;

  registerEndpoint(app, companyIdentityContract.get, reads, async (request) => {
    const { companyId } = companyActorOf(request);
    return identitySettingsView(await findIdentityRow(db, companyId), { publicUrl, companyId });
  });

  registerEndpoint(app, companyIdentityContract.claimDomain, updates, async (request) =>
    claimDomain({
      db,
      mailer,
      publicUrl,
      ...companyActorOf(request),
      actorName: currentAuth(request).user.name,
      input: request.body,
    }),
  );

  registerEndpoint(app, companyIdentityContract.confirmDomain, updates, async (request) =>
    confirmDomain({ db, publicUrl, ...companyActorOf(request), code: request.body.code }),
  );

  registerEndpoint(app, companyIdentityContract.updateSso, updates, async (request) =>
    updateSsoSettings({
      db,
      cipher,
      publicUrl,
      requireHttps: config.NODE_ENV === 'production',
      ...companyActorOf(request),
      input: request.body,
    }),
  );
}
