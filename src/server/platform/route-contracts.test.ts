import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '~/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerEndpoint } from './contract-routes';

// Every API route is declared once, in a contract (decision 019).

// Routes that are not part of the HTTP API's contract: the documentation itself, and the WebSocket upgrade
// (its messages have their own schemas in src/shared/live-events.ts).
const isOutsideTheContract = (url: string) =>
  url.startsWith('/api/docs') || url === '/api/openapi.json' || url === '/api/ws';

describe('route contracts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // With Stripe configured, so its webhook is registered too (nothing calls Stripe while building).
    testApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const apiRoutes = () => {
    const routes = testApp.app.routeRegistry.filter(
      (route) => route.url.startsWith('/api/') && !isOutsideTheContract(route.url),
    );
    const withGet = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
    return routes.flatMap((route) =>
      [route.method]
        .flat()
        // Fastify answers HEAD for every GET by itself.
        .filter((method) => !(method === 'HEAD' && withGet.has(route.url)))
        .map((method) => ({ route: `${method} ${route.url}`, contract: route.config?.contract })),
    );
  };

  it('declares every API route through a contract', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(230);
    expect(routes.map((route) => route.route)).toContain('POST /api/webhooks/stripe');
    // A route without one: declare it in its feature's contract (src/shared/contracts) and register it
    // with registerEndpoint.
    expect(routes.filter((route) => !route.contract).map((route) => route.route)).toEqual([]);
  });

  it('documents every contract route in the OpenAPI document with its summary and tags', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const onContract = testApp.app.routeRegistry.filter((route) => route.config?.contract && route.method !== 'HEAD');
    expect(onContract.length).toBeGreaterThan(0);
    for (const route of onContract) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[String(route.method).toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toMatchObject({
        summary: expect.any(String),
        tags: expect.any(Array),
        responses: expect.objectContaining({ '400': expect.anything(), '401': expect.anything() }),
      });
    }
  });

  it('refuses a contract whose params schema does not declare exactly the path parameters', () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    const contract = defineContract(
      { name: 'probe', tags: ['probe'] },
      {
        read: {
          method: 'GET',
          path: '/api/probes/:id',
          summary: 'A probe',
          params: z.object({ probeId: z.string() }),
          responses: { 200: z.object({}) },
        },
      },
    );
    expect(() => registerEndpoint(app, contract.read, { config: { access: 'public' } }, async () => ({}))).toThrow(
      'probe.read: the params schema must declare exactly the parameters of /api/probes/:id.',
    );
  });
});
