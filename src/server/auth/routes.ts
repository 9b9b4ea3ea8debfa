import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createAuthLimits } from './auth-limits';
import { oidcRoutes } from './oidc-routes';
import { passwordRoutes } from './password-routes';
import { twoFactorRoutes } from './two-factor-routes';

// Signing in and out: with a password, with an identity provider, and the administrators' second
// factor. The three share one set of rate limits.
export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const limits = createAuthLimits(app);
  await app.register(passwordRoutes, { context, limits });
  await app.register(twoFactorRoutes, { context, limits });
  await app.register(oidcRoutes, { context, limits });
}
