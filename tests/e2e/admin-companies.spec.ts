import type { Page } from '@playwright/test';
import { signedOutTexts } from '../../src/shared/auth';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Company and Applicant Management: an administrator assigns a company its account
// manager, looks at its details and suspends it (its people are signed out at once, and a tab left open
// says why); verifies an applicant's ID and suspends them.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

// Searches a list and waits for its answer (the list dims its previous rows while it waits).
async function searchList(page: Page, label: string, table: string, text: string) {
  await page.getByLabel(label).fill(text);
  const list = page.getByRole('table', { name: table });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  await expect(list.getByRole('row')).toHaveCount(2);
  return list.getByRole('row', { name: new RegExp(text) });
}

test('an administrator assigns an account manager, views a company and suspends it', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  const manager = await createAccount('account_manager', { name: uniqueName('Morgan Reyes') });
  const companyName = uniqueName('Harbor Freight');
  const owner = await createAccount('company', { name: 'Noor Saleh', company_name: companyName });
  // The owner is signed in elsewhere: suspension must end that session at once.
  const session = await request.post('/api/testing/sessions', { data: { email: owner.email } });
  const { token } = (await session.json()) as { token: string };
  const ownerRequest = () => request.get('/api/company', { headers: { cookie: `tandem_session=${token}` } });
  expect((await ownerRequest()).status()).toBe(200);
  // And has the portal open in another browser: that tab must say why it was signed out.
  const ownerTab = await openSecondBrowser({ browser, request, baseURL, email: owner.email });
  await ownerTab.page.goto(paths.companyDashboard.getHref());
  await expect(ownerTab.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await loginAs('admin');
  await page.goto(paths.adminCompanies.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Company Management' })).toBeVisible();
  const row = await searchList(page, 'Search companies', 'Companies', companyName);
  await expect(row).toContainText('Active');

  await row.getByLabel(`Account manager for ${companyName}`).selectOption({ label: manager.name });
  await expect(toasts(page).getByText('Account Manager Assigned', { exact: true })).toBeVisible();
  await expect(row.getByLabel(`Account manager for ${companyName}`)).toHaveValue(manager.id);

  await row.getByRole('button', { name: `View details of ${companyName}` }).click();
  const drawer = page.getByRole('dialog', { name: companyName });
  await expect(drawer.getByRole('definition').filter({ hasText: owner.email })).toBeVisible();
  await expect(drawer.getByText(manager.name)).toBeVisible();
  // Its team, each member with their role.
  const team = drawer.getByRole('region', { name: 'Members (1)' });
  await expect(team.getByRole('listitem').filter({ hasText: owner.email })).toContainText('Owner');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row.getByRole('checkbox', { name: `Select ${companyName}` }).check();
  const bulkBar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulkBar).toContainText('1 selected');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(page.getByRole('table', { name: 'Companies' }));
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-companies');

  await bulkBar.getByRole('button', { name: 'Suspend' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Suspend 1 company?' });
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(toasts(page).getByText('Companies Suspended', { exact: true })).toBeVisible();
  await expect(row).toContainText('Suspended');
  await expect(bulkBar).toBeHidden();
  const refused = await ownerRequest();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('account_suspended');
  // The open tab is told at once (no request of its own needed) and lands on sign-in saying why.
  await expect(ownerTab.page).toHaveURL(/\/login\?redirect=/);
  await expect(ownerTab.page.getByText(signedOutTexts.company_suspended)).toBeVisible();
  await saveScreenshots(ownerTab.page, 'signed-out-suspended');
  expect(ownerTab.errors).toEqual([]);
  await ownerTab.context.close();
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: owner.email, password: owner.password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(signIn.status()).toBe(403);
});

test('an administrator verifies an applicant’s ID, then suspends them', async ({ page, loginAs, createAccount }) => {
  const applicant = await createAccount('applicant', { name: uniqueName('Amara Okafor') });
  await loginAs('admin');
  await page.goto(paths.adminApplicants.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Applicant Management' })).toBeVisible();
  const row = await searchList(page, 'Search applicants', 'Applicants', applicant.name);
  await expect(row).toContainText('Active');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(page.getByRole('table', { name: 'Applicants' }));

  await row.getByRole('button', { name: `View details of ${applicant.name}` }).click();
  const drawer = page.getByRole('dialog', { name: applicant.name });
  await expect(drawer.getByText(applicant.email)).toBeVisible();
  const idVerified = drawer.getByRole('switch', { name: 'ID Verified' });
  const backgroundCheck = drawer.getByRole('switch', { name: 'Background Check' });
  await expect(idVerified).not.toBeChecked();
  await idVerified.click();
  // The toast shows over the drawer (the open drawer hides the rest of the page from the accessibility
  // tree, so the drawer announces the outcome itself).
  await expect(page.getByText('Verification Updated', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('status')).toHaveText(`${applicant.name} now shows the ID Verified badge.`);
  await expect(idVerified).toBeChecked();
  await expect(backgroundCheck).not.toBeChecked();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-applicant-verification');
  await page.keyboard.press('Escape');
  // Saved on the server: the drawer opened again after a reload still shows it.
  await page.reload();
  const again = await searchList(page, 'Search applicants', 'Applicants', applicant.name);
  await again.getByRole('button', { name: `View details of ${applicant.name}` }).click();
  await expect(
    page.getByRole('dialog', { name: applicant.name }).getByRole('switch', { name: 'ID Verified' }),
  ).toBeChecked();
  await page.keyboard.press('Escape');

  await row.getByRole('checkbox', { name: `Select ${applicant.name}` }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Suspend' }).click();
  await page
    .getByRole('alertdialog', { name: 'Suspend 1 applicant?' })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expect(toasts(page).getByText('Applicants Suspended', { exact: true })).toBeVisible();
  await expect(row).toContainText('Suspended');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-applicants');
});
