import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '~/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerEndpoint } from './contract-routes';
import { routesWithoutContract } from './routes-without-contract';

// Every API route is declared once, in a contract (decision 019). Until issue 28 has moved them all, the
// routes still without one are listed, so the list only shrinks.

// Routes that are not part of the HTTP API's contract: the documentation itself, and the WebSocket upgrade
// (its messages have their own schemas in src/shared/live-events.ts).
const isOutsideTheContract = (url: string) =>
  url.startsWith('/api/docs') || url === '/api/openapi.json' || url === '/api/ws';

describe('route contracts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
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

  it('lists exactly the routes not yet declared through a contract', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(200);
    const withoutContract = new Set(routes.filter((route) => !route.contract).map((route) => route.route));
    const listed = new Set(routesWithoutContract);
    // A route added since: declare it in its feature's contract (src/shared/contracts) instead.
    expect([...withoutContract].filter((route) => !listed.has(route))).toEqual([]);
    // A route on a contract now, or gone: remove it from routes-without-contract.ts.
    expect(routesWithoutContract.filter((route) => !withoutContract.has(route))).toEqual([]);
    expect(listed.size).toBe(routesWithoutContract.length);
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
