import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test } from './support/test';

// The admin's content screens: an administrator posts a job for a company from Job
// Management and archives it; and bulk-archives tests from Tests & Content, then opens one read-only.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

test('an administrator creates a job for a company, then archives it', async ({ page, loginAs, createAccount }) => {
  const companyName = uniqueName('Harbor Logistics');
  const title = uniqueName('Freight Coordinator');
  await createAccount('company', { name: 'Ines Duarte', company_name: companyName });
  await loginAs('admin');
  await page.goto(paths.adminJobs.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Job Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Job' });
  // Publishing without a company or a budget is refused with the company's own messages.
  await dialog.getByRole('button', { name: 'Publish Job' }).click();
  await expect(dialog.getByText('Choose the company this job is for.')).toBeVisible();
  await dialog.getByLabel('Search companies').fill(companyName);
  const company = dialog.getByLabel('Company', { exact: true });
  await expect(company.locator('option', { hasText: companyName })).toHaveCount(1);
  await company.selectOption({ label: companyName });
  await dialog.getByLabel('Job title').fill(title);
  await dialog.getByLabel('Description').fill('Coordinate shipments between our warehouses and carriers.');
  await dialog.getByRole('button', { name: 'Publish Job' }).click();
  await expect(dialog.getByText('Please specify both minimum and maximum hourly rates.').first()).toBeVisible();
  await dialog.getByLabel('Minimum rate (USD/hour)').fill('25');
  await dialog.getByLabel('Maximum rate (USD/hour)').fill('35');
  await dialog.getByRole('button', { name: 'Publish Job' }).click();
  await expect(toasts(page).getByText('Job created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search jobs').fill(title);
  await expect(page).toHaveURL(/q=Freight/);
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(companyName);
  await expect(row).toContainText('Open');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(table);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-jobs');

  // Edit keeps the company's rules and the fields the dialog does not show.
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Job' });
  await expect(edit.getByLabel('Job title')).toHaveValue(title);
  await edit.getByLabel('Maximum rate (USD/hour)').fill('40');
  await edit.getByLabel('Openings').fill('3');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Job updated', { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('alertdialog', { name: 'Archive this job?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(toasts(page).getByText('Job archived', { exact: true })).toBeVisible();
  await expect(row).toContainText('Archived');
});

test('an administrator bulk-archives tests and opens one read-only', async ({ page, loginAs, createAccount }) => {
  const companyName = uniqueName('Quarry Labs');
  const prefix = uniqueName('Screening');
  await createAccount('company', { name: 'Tomas Berg', company_name: companyName });
  await loginAs('admin');
  const options = await page.request.get(`/api/admin/jobs/company-options?q=${encodeURIComponent(companyName)}`);
  const [owner] = ((await options.json()) as { items: { id: string }[] }).items;
  if (!owner) throw new Error('The company was not offered.');
  for (const [index, type] of (['coding', 'language'] as const).entries()) {
    const created = await page.request.post('/api/admin/tests', {
      headers: sameOrigin,
      data: {
        owner: owner.id,
        name: `${prefix} ${index + 1}`,
        type,
        time_limit: 45,
        is_active: true,
        questions: [
          {
            type: 'multiple-choice',
            question: `Which port does HTTPS use? (${index + 1})`,
            options: ['80', '443', '8080'],
            answer_key: '443',
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto(paths.adminTests.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Tests & Content Management' })).toBeVisible();
  await page.getByLabel('Search tests').fill(prefix);
  // The search has been applied (a selection belongs to one list, and a new search starts a new one).
  await expect(page).toHaveURL(/q=Screening/);
  const table = page.getByRole('table', { name: 'Tests' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row')).toHaveCount(3);
  const first = table.getByRole('row', { name: new RegExp(`${prefix} 1`) });
  await expect(first).toContainText('Technical');
  await expect(first).toContainText('45 min');
  await expect(first).toContainText(companyName);
  await expect(table.getByRole('row', { name: new RegExp(`${prefix} 2`) })).toContainText('Behavioral');

  // The bulk bar shows only while rows are selected.
  const bulkBar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulkBar).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select all tests on this page' }).check();
  await expect(bulkBar).toContainText('2 tests selected');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(table);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-tests');
  await bulkBar.getByRole('button', { name: 'Archive' }).click();
  await expect(toasts(page).getByText('2 selected tests were archived.')).toBeVisible();
  await expect(bulkBar).toBeHidden();
  await expect(first).toContainText('Archived');

  await first.getByRole('button', { name: `View ${prefix} 1` }).click();
  const view = page.getByRole('dialog', { name: 'Test details' });
  await expect(view.getByRole('heading', { name: `${prefix} 1` })).toBeVisible();
  await expect(view.getByText('Which port does HTTPS use? (1)')).toBeVisible();
  await expect(view.getByText('Archived')).toBeVisible();
  await expect(view.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-test-view');
});
