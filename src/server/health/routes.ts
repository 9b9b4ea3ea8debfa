import type { FastifyInstance } from 'fastify';
import { platformContract } from '~/shared/contracts/platform';
import { registerEndpoint } from '../platform/contract-routes';
import { DATABASE_RETRY_AFTER_SECONDS } from '../platform/errors';
import { checkReadiness, type ReadinessProbe } from './check-readiness';

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: ReadinessProbe; redis?: ReadinessProbe },
) {
  // Liveness: answers as long as the process can serve requests.
  registerEndpoint(
    app,
    platformContract.health,
    // A body of a few bytes: nothing to compress, so no compression hooks on the busiest route.
    { config: { access: 'public' }, compress: false },
    async () => ({ status: 'ok' as const }),
  );

  registerEndpoint(
    app,
    platformContract.ready,
    { config: { access: 'public' }, compress: false },
    async (_request, reply) => {
      const readiness = await checkReadiness(options);
      if (readiness.isReady) {
        return reply.code(200).send({
          status: 'ready',
          checks: readiness.checks,
          ...(readiness.degraded && { degraded: readiness.degraded }),
        });
      }
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({
        status: 'unavailable',
        checks: readiness.checks,
        error: readiness.failure,
        code: 'unavailable',
      });
    },
  );
}
