import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, type TestAccount, test } from './support/test';

// A company is a team (docs/decisions/032): each member sees the portal their role may use. A Billing member
// has no pipeline and can pay; a Hiring Manager has the pipeline and no Billing; a Viewer reads a job but
// changes nothing; an account no longer in a company sees one page saying so; the account manager sees the
// team with roles.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Company Portal navigation' }).first();
const notAvailable = (page: Page, title: string) =>
  page.getByRole('region', { name: `The ${title} page is not available for your role` });

// A job of the owner's company with one application, made through the test endpoints.
async function jobWithApplicant(request: APIRequestContext, owner: TestAccount, applicantName: string) {
  const response = await request.post('/api/testing/jobs', {
    data: {
      company_email: owner.email,
      title: uniqueName('Support Lead'),
      applications: [{ applicant_name: applicantName, proposal_rate: 40 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

test('a Billing member has no pipeline and opens Billing', async ({ page, createAccount, signIn }) => {
  const owner = await createAccount('company', { company_name: uniqueName('Northwind') });
  const billing = await createAccount('company', {
    name: 'Grace Kim',
    colleague_of: owner.email,
    company_role: 'billing',
  });
  await signIn(billing);

  await page.goto(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByRole('link')).toHaveText(['Dashboard', 'Messages', 'Billing', 'Settings']);
  // The dashboard the server sent a Billing member: billing figures, no pipeline.
  await expect(page.getByRole('region', { name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Job Pipeline' })).toHaveCount(0);

  // The pipeline by its address: the state says so, by role, with the way back.
  await page.goto(paths.companyApplications.getHref());
  const state = notAvailable(page, 'Applications');
  await expect(state).toContainText('Your role in');
  await expect(state).toContainText('is Billing, and this page is for other roles.');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'company-role-not-available');

  await sidebar(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing & Invoices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
});

test('a Hiring Manager cannot open Billing and works the pipeline', async ({
  page,
  request,
  createAccount,
  signIn,
}) => {
  const owner = await createAccount('company', { company_name: uniqueName('Harbor') });
  const job = await jobWithApplicant(request, owner, 'Ada Lovelace');
  const hiring = await createAccount('company', {
    name: 'Leo Martins',
    colleague_of: owner.email,
    company_role: 'hiring_manager',
  });
  await signIn(hiring);

  await page.goto(paths.companyBilling.getHref());
  await expect(notAvailable(page, 'Billing & Invoices')).toContainText('is Hiring Manager');
  await expect(sidebar(page).getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await notAvailable(page, 'Billing & Invoices').getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(paths.companyDashboard.getHref());

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  await expect(page.getByRole('tablist', { name: 'Stages' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await row.getByRole('button', { name: 'Ada Lovelace' }).click();
  const drawer = page.getByRole('dialog', { name: 'Application from Ada Lovelace' });
  await drawer.getByRole('button', { name: 'Shortlist' }).click();
  await expect(drawer.getByRole('status').getByText('Shortlisted')).toBeVisible();
});

test('a Viewer reads a job and its applications but has no control that changes them', async ({
  page,
  request,
  createAccount,
  signIn,
}) => {
  const owner = await createAccount('company', { company_name: uniqueName('Contoso') });
  const job = await jobWithApplicant(request, owner, 'Grace Hopper');
  const viewer = await createAccount('company', { colleague_of: owner.email, company_role: 'viewer' });
  await signIn(viewer);

  await page.goto(paths.companyJobs.getHref());
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Post Job' })).toHaveCount(0);

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { name: job.title })).toBeVisible();
  for (const control of ['Pause', 'Close', 'Duplicate', 'Archive']) {
    await expect(page.getByRole('button', { name: control, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByRole('row').filter({ hasText: 'Grace Hopper' })).toBeVisible();
  // Rows are picked to compare them, which reading allows; none of the moves comes with the selection.
  await table.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);
  for (const move of ['Shortlist', 'Move to Interviewing', 'Reject']) {
    await expect(page.getByRole('button', { name: move, exact: true })).toHaveCount(0);
  }
  await table.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByRole('checkbox').uncheck();

  await table.getByRole('button', { name: 'Grace Hopper' }).click();
  const drawer = page.getByRole('dialog', { name: 'Application from Grace Hopper' });
  await expect(drawer.getByRole('heading', { name: 'Cover letter' })).toBeVisible();
  for (const control of [
    'Shortlist',
    'Move to Interviewing',
    'Make Offer',
    'Reject',
    'Message',
    'Send a message',
    'Add Note',
  ]) {
    await expect(drawer.getByRole('button', { name: control, exact: true })).toHaveCount(0);
  }
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'company-role-viewer-application');
});

test('an account no longer in a company sees one page with its own account and Sign Out', async ({ page, loginAs }) => {
  await loginAs('company', { name: 'Rowan Removed', without_company: true });
  await page.goto(paths.companyJobs.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'You are no longer a member of a company' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Company Portal navigation' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Privacy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'company-no-company');

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(paths.login.getHref());
});

test('the account manager sees the company’s members with role and last active', async ({
  page,
  request,
  createAccount,
  signIn,
}) => {
  const manager = await createAccount('account_manager', { name: uniqueName('Priya Sharma') });
  const owner = await createAccount('company', { name: 'Maya Chen', company_name: uniqueName('Team Outfitters') });
  await createAccount('company', { name: 'Leo Martins', colleague_of: owner.email, company_role: 'hiring_manager' });
  await createAccount('company', { name: 'Grace Kim', colleague_of: owner.email, company_role: 'billing' });
  const assigned = await request.post('/api/testing/account-manager-assignments', {
    data: { company_email: owner.email, manager_email: manager.email },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const { company_id: companyId } = (await assigned.json()) as { company_id: string };
  await signIn(manager);

  await page.goto(paths.managerCompany.getHref({ id: companyId }));
  const members = page.getByRole('table', { name: 'Company members' });
  await expect(members.getByRole('columnheader')).toHaveText(['Member', 'Role', 'Last active']);
  await expect(members.getByRole('row').filter({ hasText: 'Maya Chen' })).toContainText('Owner');
  await expect(members.getByRole('row').filter({ hasText: 'Leo Martins' })).toContainText('Hiring Manager');
  await expect(members.getByRole('row').filter({ hasText: 'Grace Kim' })).toContainText('Billing');
  await expect(members.getByRole('row').filter({ hasText: 'Grace Kim' })).toContainText('Never signed in');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'manager-company-members');
});
