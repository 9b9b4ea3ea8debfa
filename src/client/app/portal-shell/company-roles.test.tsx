import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer, type FakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { companiesContract } from '~/shared/contracts/companies';
import { privacyContract } from '~/shared/contracts/privacy';
import type { CompanyRole } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import { noCompanyTexts } from './no-company-page';
import { notAvailableTitle } from './page-access';

// The company portal per role (docs/decisions/032): the sidebar offers only the pages a member's role may
// use, a page it may not use says so (and reads nothing), and an account no longer in a company sees one
// page with its own account and Sign Out.

const memberOf = (role: CompanyRole): CurrentUser =>
  companyUser({ name: 'Bea Member', company: { id: crypto.randomUUID(), name: 'Acme', role, currency: 'USD' } });

const sidebarItems = () =>
  within(screen.getByRole('navigation', { name: 'Company Portal navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

// The reads a page of the company made (everything but who is signed in and the header's own).
const companyReads = (server: FakeServer) =>
  server.requests
    .map((request) => request.path)
    .filter((path) => !/^\/api\/(auth\/|notifications|conversations\/unread-count)/.test(path));

describe('the company portal per role', () => {
  it('offers a Billing member only the pages their role uses', async () => {
    const server = createFakeServer();
    fakeBillingApi(server);
    await renderRoute(paths.companyBilling.getHref(), { user: memberOf('billing'), server });
    await screen.findByRole('heading', { name: 'Billing & Invoices', level: 1 });
    expect(sidebarItems()).toEqual(['Dashboard', 'Messages', 'Billing', 'Settings']);
    // No Post Job in the header for a role that may not create jobs.
    expect(screen.queryByRole('link', { name: 'Post Job' })).not.toBeInTheDocument();
  });

  it('offers a Hiring Manager the hiring pages and no Billing', async () => {
    const server = createFakeServer();
    const { events } = await renderRoute(paths.companyBilling.getHref(), { user: memberOf('hiring_manager'), server });
    await screen.findByRole('heading', { name: notAvailableTitle('Billing & Invoices') });
    expect(sidebarItems()).toEqual([
      'Dashboard',
      'Jobs & Applications',
      'Applications',
      'Talent Search',
      'Messages',
      'Meetings',
      'Agreements',
      'Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Post Job' })).toBeInTheDocument();
    // The account menu has no Billing either.
    await events.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Billing & Plans' })).not.toBeInTheDocument();
  });

  it('shows a page the role may not use as not available, names the role, and reads nothing of it', async () => {
    const server = createFakeServer();
    const { router } = await renderRoute(paths.companyApplications.getHref(), {
      user: memberOf('billing'),
      server,
    });
    const state = await screen.findByRole('region', { name: notAvailableTitle('Applications') });
    expect(state).toHaveTextContent('Your role in Acme is Billing, and this page is for other roles.');
    const home = within(state).getByRole('link', { name: 'Go to Dashboard' });
    expect(home).toHaveAttribute('href', paths.companyDashboard.getHref());
    expect(companyReads(server)).toEqual([]);
    expect(router.state.location.pathname).toBe(paths.companyApplications.getHref());
  });

  it('gives a Billing member Settings without working hours or the audit log, and the company profile to read', async () => {
    const server = createFakeServer();
    server.on(accountContract.sessions, () => ({ items: [] }));
    server.on(privacyContract.myRequests, () => ({ items: [], pending_erasure: null, has_password: true }));
    server.on(apiTokensContract.list, () => ({ tokens: [], api_access: true }));
    server.on(companiesContract.profile, () => ({
      id: crypto.randomUUID(),
      name: 'Acme',
      contact_email: 'hello@acme.test',
      website: '',
      about: '',
      size: null,
      location: '',
    }));
    await renderRoute(paths.companySettings.getHref(), { user: memberOf('billing'), server });

    const profile = await screen.findByRole('region', { name: 'Company profile' });
    expect(await within(profile).findByLabelText('Company name')).toBeDisabled();
    expect(within(profile).queryByRole('button', { name: 'Save Company Profile' })).not.toBeInTheDocument();
    expect(profile).toHaveTextContent('Your company’s owner or an admin can change it.');
    expect(screen.queryByRole('region', { name: 'Availability' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audit log' })).not.toBeInTheDocument();
    const reads = server.requests.map((request) => request.path);
    expect(reads.filter((path) => /availability|audit-logs/.test(path))).toEqual([]);
  });

  it('gives a company account without a company one page: its own account, its data and Sign Out', async () => {
    const server = createFakeServer();
    server.on(accountContract.sessions, () => ({ items: [] }));
    server.on(privacyContract.myRequests, () => ({ items: [], pending_erasure: null, has_password: true }));
    await renderRoute(paths.companyJobs.getHref(), { user: companyUser({ company: null }), server });

    expect(await screen.findByRole('heading', { name: noCompanyTexts.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Privacy' })).toBeInTheDocument();
    // No sidebar, and nothing of a company is read.
    expect(screen.queryByRole('navigation', { name: 'Company Portal navigation' })).not.toBeInTheDocument();
    const reads = new Set(server.requests.map((request) => request.path));
    expect([...reads].sort()).toEqual(['/api/account/privacy-requests', '/api/account/sessions', '/api/auth/me']);
  });
});
