import { describe, expect, it } from 'vitest';
import { buildHref, pageIds, paths, prerenderedPaths, redirects, resolveRedirect, routePatterns } from './routes';

describe('the route table', () => {
  it('has every route of §2 of both documents in docs/spec', () => {
    const specRoutes = [
      '/',
      '/login',
      '/admin-login',
      '/auth/callback',
      '/company-dashboard',
      '/company/jobs',
      '/company/talent',
      '/company/messages',
      '/company/meetings',
      '/company/billing',
      '/company/settings',
      '/company/create-job',
      '/company/create-test',
      '/applicant-dashboard',
      '/applicant/jobs',
      '/applicant/meetings',
      '/applicant/messages',
      '/applicant/applications',
      '/applicant/settings',
      '/admin-dashboard',
      '/admin/companies',
      '/admin/applicants',
      '/admin/jobs',
      '/admin/tests',
      '/admin/assignments',
      '/admin/account-managers',
      '/admin/payments',
      '/admin/audit-logs',
      '/admin/settings',
      '/services',
      '/services/customer-service',
      '/services/data-entry',
      '/services/virtual-assistants',
      '/services/business-operations',
      '/services/finance-accounting',
      '/services/code-development',
      '/services/design-graphics',
      '/services/digital-marketing',
      '/services/human-resources',
      '/services/lead-generation',
      '/services/ecommerce-support',
      '/services/e-commerce-support',
      '/about-us',
      '/our-team',
      '/careers',
      '/contact',
      '/how-it-works',
      '/case-studies',
      '/case-studies/:slug',
      '/testimonials',
      '/privacy',
      '/terms',
      '/cookies',
      '/gdpr',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/benefits',
      '/dashboard/settings/profile',
      '/dashboard/billing',
      '/dashboard/jobs/:id',
      '/dashboard/tests/:id',
    ];
    expect(routePatterns).toEqual(expect.arrayContaining(specRoutes));
  });

  it('has no pattern twice and a title for every page', () => {
    expect(new Set(routePatterns).size).toBe(routePatterns.length);
    for (const id of pageIds) expect(paths[id].title, id).not.toBe('');
  });

  it("gives the admin sidebar the spec's ten routes, Privacy Requests, Contact Messages, Disputes, Payouts and Agreements, and the staff their support inbox beside them", () => {
    // The inbox is reached from the header's Message button; Privacy Requests is the queue of GDPR
    // requests (decision 014), Contact Messages the public forms' messages, Disputes the fixed-price
    // milestones to settle (decision 035) and Payouts the talent's payout runs (decision 036), beyond the
    // spec's ten screens.
    const beyondSpec = [
      'adminMessages',
      'adminPrivacyRequests',
      'adminContactMessages',
      'adminDisputes',
      'adminPayouts',
      // Every agreement sent with an offer, signed and sealed (issue 57), and one of them.
      'adminAgreements',
      'adminAgreement',
    ];
    const adminPages = pageIds.filter((id) => paths[id].layout === 'admin');
    expect(adminPages.filter((id) => !beyondSpec.includes(id))).toHaveLength(10);
    expect(adminPages).toEqual(expect.arrayContaining(beyondSpec));
  });

  it('gives account managers a portal of their own under /manager', () => {
    const managerPages = pageIds.filter((id) => paths[id].layout === 'manager');
    expect(managerPages.map((id) => paths[id].path)).toEqual([
      '/manager',
      '/manager/companies/:id',
      '/manager/messages',
      '/manager/meetings',
      '/manager/settings',
    ]);
  });

  it('prerenders only public pages without parameters', () => {
    expect(prerenderedPaths).toContain('/');
    expect(prerenderedPaths).toContain('/services/finance-accounting');
    expect(prerenderedPaths).not.toContain('/case-studies/:slug');
    expect(prerenderedPaths).not.toContain('/company/jobs');
  });
});

describe('buildHref', () => {
  it('fills and encodes parameters', () => {
    expect(paths.caseStudy.getHref({ slug: 'saas-startup-growth' })).toBe('/case-studies/saas-startup-growth');
    expect(paths.companyJob.getHref({ id: 42 })).toBe('/company/jobs/42');
    expect(buildHref('/company/jobs/:id/edit', { id: 'a b' })).toBe('/company/jobs/a%20b/edit');
    expect(paths.home.getHref()).toBe('/');
  });
});

describe('redirects', () => {
  it('send old dashboard links to the company pages', () => {
    expect(redirects.benefits.to).toBe('/');
    expect(resolveRedirect('dashboardJob', { id: '7' })).toBe('/company/jobs/7');
    expect(resolveRedirect('dashboardTest', { id: 'abc' })).toBe('/company/tests/abc');
    expect(resolveRedirect('dashboardProfile', {})).toBe('/company/settings');
    expect(resolveRedirect('dashboardBilling', {})).toBe('/company/billing');
  });
});
