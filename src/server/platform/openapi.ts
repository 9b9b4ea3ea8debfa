import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './access-control';

// The OpenAPI document is generated from the zod schemas every route declares. In production it is
// published only when API_DOCS=true: it maps every endpoint for anyone who asks.
export async function registerOpenApi(app: FastifyInstance, { isPublished }: { isPublished: boolean }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tandem API',
        version: '1.0.0',
        description:
          'The API behind the Tandem portal. Errors have the shape {"error", "code", "fields"?}; lists take ?q=&page=&page_size=&sort=.',
      },
    },
    transform: jsonSchemaTransform,
  });
  if (!isPublished) return;
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, deepLinking: true },
      logLevel: 'warn',
    });
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
