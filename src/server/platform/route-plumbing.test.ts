import { eq, sql } from 'drizzle-orm';
import type { HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { accountContract } from '~/shared/contracts/account';
import { companiesContract } from '~/shared/contracts/companies';
import { apiErrorSchema } from '~/shared/errors';
import { type Principal, principalName, principalsWith } from '~/shared/permissions';
import { auditLogs } from '../db/schema';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RouteAccess } from './access-control';

// What each kind of `:id` names, by the path before it: a new kind of id gets a line here.
const idNouns: Array<[prefix: string, noun: string]> = [
  ['/api/jobs/', 'job'],
  ['/api/company/webhooks/', 'webhook endpoint'],
  ['/api/company/api-keys/', 'API key'],
  ['/api/calendar-connections/', 'calendar connection'],
  ['/api/auth/sso/saml/', 'company'],
  ['/api/admin/webhooks/', 'webhook endpoint'],
  ['/api/admin/tax-rates/', 'tax rate'],
  ['/api/admin/tax-data-readers/', 'administrator'],
  ['/api/applicant/tax-forms/1099-nec/', 'Form 1099-NEC'],
  ['/api/admin/tax-forms/1099-nec/', 'Form 1099-NEC'],
  ['/api/company/agreement-templates/', 'agreement template'],
  ['/api/company/agreements/', 'agreement'],
  ['/api/applicant/agreements/', 'agreement'],
  ['/api/admin/agreements/', 'agreement'],
  ['/api/testing/jobs/', 'job'],
  ['/api/tests/', 'test'],
  ['/api/admin/contact-messages/', 'message'],
  ['/api/applicant/jobs/', 'job'],
  ['/api/applicant/saved-jobs/', 'job'],
  ['/api/applicant/saved-searches/', 'saved search'],
  ['/api/public/jobs/', 'job'],
  ['/api/applicants/', 'applicant'],
  ['/api/applications/', 'application'],
  ['/api/admin/applications/', 'application'],
  ['/api/applicant/applications/', 'application'],
  ['/api/talent/', 'candidate'],
  ['/api/applicant/tests/', 'test attempt'],
  ['/api/test-attempts/', 'test attempt'],
  ['/api/notifications/', 'notification'],
  ['/api/conversations/', 'conversation'],
  ['/api/meetings/', 'meeting'],
  ['/api/booking-links/', 'booking link'],
  ['/api/company/assignments/', 'assignment'],
  ['/api/admin/assignments/', 'assignment'],
  ['/api/applicant/assignments/', 'assignment'],
  ['/api/company/timesheets/', 'timesheet'],
  ['/api/company/invoices/', 'invoice'],
  ['/api/company/credit-notes/', 'credit note'],
  ['/api/company/contracts/', 'contract'],
  ['/api/applicant/contracts/', 'contract'],
  ['/api/company/milestones/', 'milestone'],
  ['/api/applicant/milestones/', 'milestone'],
  ['/api/admin/milestones/', 'milestone'],
  ['/api/admin/disputes/', 'dispute'],
  ['/api/company/proposals/', 'proposal'],
  ['/api/applicant/payouts/', 'payout'],
  ['/api/applicant/payout-methods/', 'payout method'],
  ['/api/admin/payout-runs/', 'payout run'],
  ['/api/admin/payouts/', 'payout'],
  ['/api/admin/payout-holds/', 'hold'],
  ['/api/applicant/proposals/', 'proposal'],
  ['/api/company/payment-methods/', 'payment method'],
  ['/api/admin/payments/', 'payment'],
  ['/api/admin/companies/', 'company'],
  ['/api/admin/applicants/', 'applicant'],
  ['/api/admin/jobs/', 'job'],
  ['/api/admin/tests/', 'test'],
  ['/api/admin/account-managers/', 'account manager'],
  ['/api/admin/reports/', 'report'],
  ['/api/account/api-tokens/', 'API token'],
  ['/api/message-templates/', 'message template'],
  ['/api/admin/privacy-requests/', 'privacy request'],
  ['/api/manager/companies/', 'company'],
  ['/api/company/team/members/', 'team member'],
  ['/api/company/team/invitations/', 'invitation'],
];

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD') as HTTPMethods[];

// Every API route takes its `:id`, its error answers and its audit context from route-schemas.ts.
describe('route plumbing', () => {
  let testApp: TestApp;
  const callers = new Map<string, Awaited<ReturnType<typeof signedInAccount>>['request']>();

  // Someone the route lets in: anyone for a public route, else the first role holding its permission.
  async function requestAllowedBy(access: RouteAccess, options: InjectOptions) {
    if (access === 'public') return testApp.app.inject({ ...options, headers: sameOriginHeaders });
    const [principal] =
      access === 'signed_in' ? ([{ role: 'applicant' }] as Principal[]) : principalsWith(access.permission);
    if (!principal) throw new Error(`No role may call ${options.method} ${options.url}.`);
    let request = callers.get(principalName(principal));
    if (!request) {
      request = (
        await signedInAccount(testApp, { role: principal.role, companyRole: principal.companyRole ?? undefined })
      ).request;
      callers.set(principalName(principal), request);
    }
    return request(options);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ env: { ENABLE_TEST_ROUTES: 'true' } });
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a malformed :id on every route the same way: 400 and a sentence naming what it is not', async () => {
    const idRoutes = testApp.app.routeRegistry.filter((route) => route.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThan(15);
    for (const route of idRoutes) {
      const noun = idNouns.find(([prefix]) => route.url.startsWith(prefix))?.[1];
      expect(noun, `${route.url}: add what its id names to idNouns`).toBeDefined();
      const sentence = malformedIdMessage(noun ?? '');
      for (const method of methodsOf(route)) {
        // The route's other parameters well formed, so the answer is about :id alone.
        const url = route.url.replace(':id', 'not-an-id').replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
        const response = await requestAllowedBy(route.config?.access as RouteAccess, {
          method,
          url,
          payload: method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toEqual({
          error: sentence,
          code: 'validation',
          fields: { id: sentence },
        });
      }
    }
  });

  it('records who acted and from which address, on the actions that used to leave the address out', async () => {
    const company = await signedInAccount(testApp, { role: 'company' });
    // The company's browser, from this address.
    const from = (options: InjectOptions) => company.request({ ...options, remoteAddress: '203.0.113.41' });
    const actions = [
      [
        accountContract.updateProfile.path,
        () => callContract(from, accountContract.updateProfile, { body: { name: 'Grace Hopper' } }),
      ],
      [
        companiesContract.updateProfile.path,
        () =>
          callContract(from, companiesContract.updateProfile, {
            body: { name: 'Hopper & Co', contact_email: 'hello@hopper.example', website: '' },
          }),
      ],
      [accountContract.signOutOtherSessions.path, () => callContract(from, accountContract.signOutOtherSessions)],
    ] as const;
    for (const [url, act] of actions) {
      const response = await act();
      expect(response.statusCode, url).toBe(200);
    }
    const audited = await testApp.database.db
      .select({ action: auditLogs.action, ip: sql<string>`host(${auditLogs.ipAddress})` })
      .from(auditLogs)
      .where(eq(auditLogs.actorId, company.user.id))
      .orderBy(auditLogs.action);
    expect(audited).toEqual([
      { action: 'account.profile_updated', ip: '203.0.113.41' },
      { action: 'auth.sessions_revoked', ip: '203.0.113.41' },
      { action: 'company.profile_updated', ip: '203.0.113.41' },
    ]);
  });

  it('declares, on every API route, the shared error answers it can give', () => {
    const apiRoutes = testApp.app.routeRegistry.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        !route.schema?.hide &&
        methodsOf(route).length > 0,
    );
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const { schema, config } = route;
      const expected = new Set<number>();
      // Input that can be wrong: a 400 with the fields.
      if (schema?.params || schema?.body || schema?.querystring) expected.add(400);
      // Protected: 401 signed out, 403 without the permission or from another site, 400 for a body it
      // cannot read (the list every route shares, so each declares all three).
      if (config?.access !== 'public') for (const status of [400, 401, 403]) expected.add(status);
      if (route.url.includes(':id')) expected.add(404);
      const declared = (schema?.response ?? {}) as Record<number, unknown>;
      for (const status of expected) {
        if (declared[status] !== apiErrorSchema) missing.push(`${methodsOf(route).join(',')} ${route.url}: ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
