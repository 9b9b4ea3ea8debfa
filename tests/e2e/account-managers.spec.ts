import { accountManagerTexts } from '../../src/shared/account-managers';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, uniqueEmail } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// Account managers: an administrator adds one and edits their specialties in the
// view/edit/add dialog; an account manager signs in to a portal of their own and sees only the company
// assigned to them, with its people.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test.describe('Account Manager Management', () => {
  // Adding an address already in use is answered 409, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('an administrator adds an account manager and edits their specialties', async ({ page, loginAs }) => {
    const name = uniqueName('Priya Natarajan');
    const email = uniqueEmail('priya-manager');
    await loginAs('admin');
    await page.goto(paths.adminAccountManagers.getHref());
    await expect(page.getByRole('heading', { level: 1, name: 'Account Manager Management' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Account manager summary' });
    for (const card of ['Total Managers', 'Total Companies', 'Total Employees', 'Monthly Revenue']) {
      await expect(cards.getByRole('heading', { name: card })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add Manager' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Manager' });
    await addDialog.getByLabel('Name').fill(name);
    await addDialog.getByLabel('Email').fill(email);
    await addDialog.getByLabel('Specialties').fill('Retail, Logistics');
    await addDialog.getByLabel('Bio').fill('Looks after retail brands.');
    await addDialog.getByRole('button', { name: 'Add Manager' }).click();
    // The toast shows over the dialog, which keeps the page behind it (and the toast region) out of reach.
    await expect(page.getByText(accountManagerTexts.added, { exact: true })).toBeVisible();

    // The dialog now shows the new manager; Edit turns it into the form, Save back into the view.
    const dialog = page.getByRole('dialog', { name: name });
    await expect(dialog.getByText('Invitation sent; no password chosen yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Manager' });
    await editDialog.getByLabel('Specialties').fill('Retail, Logistics, Healthcare, Fintech');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(accountManagerTexts.saved, { exact: true })).toBeVisible();
    await expect(page.getByText(accountManagerTexts.savedDescription, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(dialog.getByText('Healthcare')).toBeVisible();
    // Cancel leaves the form without saving and goes back to the view.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await editDialog.getByLabel('Specialties').fill('Nothing saved');
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByText('Fintech')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Search answers on the Search button; the row shows two specialties and +2.
    await page.getByLabel('Search account managers').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Account managers' });
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Retail');
    await expect(row).toContainText('Logistics');
    await expect(row).toContainText('+2');
    await expect(row).not.toContainText('Healthcare');
    // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
    await expectNothingClipped(table);
    await expectNoSeriousViolations(page);
    await saveScreenshots(page, 'admin-account-managers');

    // The same address again is refused next to the field.
    await page.getByRole('button', { name: 'Add Manager' }).click();
    await addDialog.getByLabel('Name').fill('Someone Else');
    await addDialog.getByLabel('Email').fill(email);
    await addDialog.getByRole('button', { name: 'Add Manager' }).click();
    await expect(addDialog.getByText(accountManagerTexts.emailTaken)).toBeVisible();
    await expect(addDialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('an account manager signs in and sees only the company assigned to them', async ({
  page,
  request,
  createAccount,
}) => {
  const manager = await createAccount('account_manager', { name: uniqueName('Omar Haddad') });
  const companyName = uniqueName('Harbor Goods');
  const mine = await createAccount('company', { name: 'Lena Vogel', company_name: companyName });
  const theirs = await createAccount('company', { company_name: uniqueName('Elsewhere Ltd') });
  const talent = await createAccount('applicant', { name: uniqueName('Ravi Kumar') });
  const assigned = await request.post('/api/testing/account-manager-assignments', {
    data: { company_email: mine.email, manager_email: manager.email },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const placed = await request.post('/api/testing/assignments', {
    data: { company_email: mine.email, applicant_email: talent.email, role: 'Support Specialist', rate: 28 },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto(paths.login.getHref());
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(manager.email);
  await form.getByLabel('Password').fill(manager.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(paths.managerDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'My Companies' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Manager Portal navigation' }).first();
  await expect(navigation.getByRole('link')).toHaveText(['My Companies', 'Messages', 'Meetings', 'Settings']);

  const table = page.getByRole('table', { name: 'Your companies' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(companyName);
  await expect(table).not.toContainText(theirs.email);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'manager-companies');

  await row.getByRole('link', { name: /^View / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company Details' })).toBeVisible();
  const team = page.getByRole('table', { name: 'Team at work' });
  await expect(team).toContainText(talent.name);
  await expect(team).toContainText('Support Specialist');
  await expect(team).toContainText('$28.00/hr');
  await expect(page.getByRole('table', { name: 'Company members' })).toContainText('Lena Vogel');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'manager-company');
  // On a phone the rate moves under the role: the table fits without scrolling sideways.
  await page.setViewportSize(viewports.mobile);
  await expect(team.locator('p', { hasText: '$28.00/hr' })).toBeVisible();
  expect(await team.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
  await page.setViewportSize(viewports.desktop);

  await page.getByRole('button', { name: 'Message Company' }).click();
  await expect(page).toHaveURL(/\/manager\/messages\?conversation=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
});
