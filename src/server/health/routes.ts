import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '~/shared/health';
import { checkReadiness, type ReadinessProbe } from './check-readiness';

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: ReadinessProbe; redis?: ReadinessProbe },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Liveness: answers as long as the process can serve requests.
  routes.get(
    '/api/health',
    {
      config: { access: 'public' },
      // A body of a few bytes: nothing to compress, so no compression hooks on the busiest route.
      compress: false,
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process is up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/api/ready',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database (and Redis, when configured) can be reached',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(options);
      if (readiness.isReady) return reply.code(200).send({ status: 'ready', checks: readiness.checks });
      return reply.code(503).send({
        status: 'unavailable',
        checks: readiness.checks,
        error: readiness.failure,
        code: 'unavailable',
      });
    },
  );
}
