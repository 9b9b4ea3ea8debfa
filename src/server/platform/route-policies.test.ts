import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiKeyScope,
  apiKeyScopes,
  apiKeyTexts,
  COMPANY_API_KEYS_MAX,
  permissionsOfScopes,
} from '~/shared/api-keys';
import { principalName, principals, principalsWith } from '~/shared/permissions';
import { createCompanyApiKey } from '../company-api-keys/create-company-api-key';
import { companyMembers } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RouteAccess } from './access-control';
import { loadWebClient } from './web-client';

// Every route declares who may call it; every protected API route refuses everyone else.
describe('route policies', () => {
  let testApp: TestApp;
  let clientDirectory: string;
  // Each role, and each role a company member can hold, signed in.
  let requestAs: Map<string, Awaited<ReturnType<typeof signedInAccount>>['request']>;

  beforeAll(async () => {
    clientDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-policies-'));
    await writeFixtureBuild(clientDirectory);
    testApp = await createTestApp({
      env: { ENABLE_TEST_ROUTES: 'true' },
      webClient: await loadWebClient(clientDirectory, 'https://tandem.example'),
    });
    await testApp.app.ready();
    requestAs = new Map();
    for (const principal of principals) {
      const account = await signedInAccount(testApp, {
        role: principal.role,
        companyRole: principal.companyRole ?? undefined,
      });
      requestAs.set(principalName(principal), account.request);
    }
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(clientDirectory, { recursive: true, force: true });
  });

  const isApiRoute = (route: { url: string }) => route.url.startsWith('/api/');
  const concreteUrl = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
  const methodsOf = (method: HTTPMethods | HTTPMethods[]) => (Array.isArray(method) ? method : [method]);

  it('finds no route without a declared policy', () => {
    const routes = testApp.app.routeRegistry;
    expect(routes.length).toBeGreaterThan(20);
    const undeclared = routes
      .filter((route) => !route.config?.access)
      .map((route) => `${methodsOf(route.method).join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses signed-out callers with 401 and every role (each company role apart) without the permission with 403', async () => {
    const protectedRoutes = testApp.app.routeRegistry.filter(
      (route) => isApiRoute(route) && route.config?.access !== 'public',
    );
    expect(protectedRoutes.length).toBeGreaterThan(5);
    let checked = 0;
    for (const route of protectedRoutes) {
      const access = route.config?.access as RouteAccess;
      for (const method of methodsOf(route.method)) {
        if (method === 'HEAD') continue;
        const url = concreteUrl(route.url);
        const anonymous = await testApp.app.inject({
          method,
          url,
          headers: { 'sec-fetch-site': 'same-origin' },
          payload: method === 'GET' ? undefined : {},
        });
        expect(anonymous.statusCode, `${method} ${url} signed out`).toBe(401);
        if (typeof access === 'object') {
          const allowed = principalsWith(access.permission);
          for (const principal of principals.filter((candidate) => !allowed.includes(candidate))) {
            const name = principalName(principal);
            const response = await requestAs.get(name)?.({ method, url, payload: method === 'GET' ? undefined : {} });
            expect(response?.statusCode, `${method} ${url} as ${name}`).toBe(403);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  // A Viewer holds read permissions only: a route that changes something under one would let them change it.
  it('guards no state-changing API route with a read permission', () => {
    const changedUnderRead = testApp.app.routeRegistry
      .filter((route) => isApiRoute(route))
      .flatMap((route) =>
        methodsOf(route.method)
          .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
          .map((method) => ({ method, route })),
      )
      .filter(({ route }) => {
        const access = route.config?.access;
        return typeof access === 'object' && access.permission.startsWith('read:');
      })
      .map(({ method, route }) => `${method} ${route.url}`);
    // Asking for a copy of one's own data changes nothing of anyone else's; revealing a tax identification
    // number is a read, posted so no cache or prefetch ever holds the answer, and audited; one's own referral
    // link to a job one may read is made once and only credits oneself (decision 058).
    expect(changedUnderRead.sort()).toEqual([
      'POST /api/account/data-export',
      'POST /api/admin/applicants/:id/tax-form/reveal',
      'POST /api/jobs/:id/referral-link',
    ]);
  });

  // A company API key reaches exactly what its scopes name (issue 58): each permission a route asks for is
  // refused to a key holding every scope but the ones granting it, and let through to a key holding only those.
  it('lets a company API key through only the routes its scopes grant', { timeout: 120_000 }, async () => {
    // A company holds at most COMPANY_API_KEYS_MAX keys: a new one takes over when it is full.
    let owner = await signedInAccount(testApp, { role: 'company' });
    const companyOf = async (account: typeof owner) => {
      const [membership] = await testApp.database.db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, account.user.id));
      return membership?.companyId ?? '';
    };
    let companyId = await companyOf(owner);
    let held = 0;
    const keys = new Map<string, string>();
    const keyWith = async (scopes: ApiKeyScope[]) => {
      const name = [...scopes].sort().join(' ');
      const known = keys.get(name);
      if (known) return known;
      if (held === COMPANY_API_KEYS_MAX) {
        owner = await signedInAccount(testApp, { role: 'company' });
        companyId = await companyOf(owner);
        held = 0;
      }
      held++;
      const { secret } = await createCompanyApiKey({
        db: testApp.database.db,
        companyId,
        actorId: owner.user.id,
        actorName: owner.user.name,
        input: { name: name.slice(0, 100) || 'none', scopes, expires_in_days: null },
      });
      keys.set(name, secret);
      return secret;
    };
    const scopeRefusals: string[] = [apiKeyTexts.outOfScope, apiKeyTexts.personalOnly];
    const protectedRoutes = testApp.app.routeRegistry.filter(
      (route) => isApiRoute(route) && route.config?.access !== 'public',
    );
    let allowed = 0;
    let refused = 0;
    for (const route of protectedRoutes) {
      const access = route.config?.access as RouteAccess;
      const permission = typeof access === 'object' ? access.permission : null;
      const granting = permission ? apiKeyScopes.filter((scope) => permissionsOfScopes([scope]).has(permission)) : [];
      const others = apiKeyScopes.filter((scope) => !granting.includes(scope));
      for (const method of methodsOf(route.method)) {
        if (method === 'HEAD') continue;
        const url = concreteUrl(route.url);
        const call = async (key: string) =>
          testApp.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${key}` },
            payload: method === 'GET' ? undefined : {},
          });
        const without = await call(await keyWith(others));
        expect(without.statusCode, `${method} ${url} without its scope`).toBe(403);
        expect(scopeRefusals, `${method} ${url} without its scope`).toContain(without.json().error);
        refused++;
        const [narrowest] = granting;
        if (narrowest && !route.config?.sessionOnly) {
          const through = await call(await keyWith([narrowest]));
          const error = through.statusCode === 403 ? through.json().error : null;
          expect(scopeRefusals, `${method} ${url} with ${narrowest}`).not.toContain(error);
          allowed++;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(allowed).toBeGreaterThan(40);
  });

  it('keeps company and admin routes from applicants', () => {
    const companyOrAdminRoutes = testApp.app.routeRegistry.filter((route) => {
      const access = route.config?.access;
      if (typeof access !== 'object') return false;
      const allowed = principalsWith(access.permission).map(({ role }) => role);
      return !allowed.includes('applicant') && (allowed.includes('company') || allowed.includes('admin'));
    });
    expect(companyOrAdminRoutes.map((route) => route.url)).toContain('/api/company');
  });
});
