import { randomBytes } from 'node:crypto';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNoMidWordBreaks, expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// Audit Logs: an administrator finds a change by its target, filters by action type and
// date range, and opens the entry with its values before and after; a company reads its own audit log
// in its settings.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an administrator filters the audit log and views an entry with its before and after values', async ({
  page,
  loginAs,
  createAccount,
}) => {
  const companyName = uniqueName('Harbor Analytics');
  await createAccount('company', { name: 'Ines Duarte', company_name: companyName });
  const admin = await loginAs('admin');
  // A change worth a trail: the administrator suspends the company (company.suspended, status before/after).
  const listed = await page.request.get(`/api/admin/companies?q=${encodeURIComponent(companyName)}`);
  const [company] = ((await listed.json()) as { items: { id: string }[] }).items;
  if (!company) throw new Error('The company was not listed.');
  const suspended = await page.request.post('/api/admin/companies/bulk', {
    headers: sameOrigin,
    data: { action: 'suspend', ids: [company.id] },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);

  await page.goto(paths.adminAuditLogs.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // System actions only: the URL keeps the filter; no signed-in user in those rows.
  await page.getByLabel('Action type').selectOption({ label: 'System actions' });
  await expect(page).toHaveURL(/type=system/);
  await page.getByLabel('Date range').selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/range=30d/);
  // The administrator's suspension is a user action: not among the system's rows (if there are any).
  await expect(page.getByText('Company suspended')).toHaveCount(0);
  await page.getByLabel('Action type').selectOption({ label: 'User actions' });

  await page.getByLabel('Search audit log').fill(company.id);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const row = table.getByRole('row', { name: /Company suspended/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText(`company ${company.id}`);
  await expect(row).toContainText('status: active → suspended');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(table);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-audit-logs');

  await row.getByRole('button', { name: /^View Company suspended/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Company suspended' });
  await expect(dialog.getByRole('heading', { name: 'Before' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'After' })).toBeVisible();
  await expect(dialog).toContainText('"status": "active"');
  await expect(dialog).toContainText('"status": "suspended"');
  await expect(dialog.getByRole('heading', { name: 'Other Details' })).toBeVisible();
  await expect(dialog).toContainText(companyName);
  await expect(dialog).toContainText(admin.email);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-audit-log-entry');
});

test('a company reads its own audit log in settings', async ({ page, loginAs }) => {
  const companyName = uniqueName('Juniper Works');
  // A long address wraps where a reader expects (after a dot, before the @), never mid-word.
  const email = `maren.holt.procurement.${randomBytes(4).toString('hex')}@juniperworksconsulting.example`;
  const owner = await loginAs('company', { name: 'Maren Holt', company_name: companyName, email });
  const saved = await page.request.put('/api/company', {
    headers: sameOrigin,
    data: { name: `${companyName} Ltd`, contact_email: owner.email, website: 'https://juniper.example' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`${paths.companySettings.getHref()}?tab=audit-log`);
  const section = page.getByRole('region', { name: 'Audit log' });
  await section.scrollIntoViewIfNeeded();
  const row = section.getByRole('row', { name: /Company profile updated/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(owner.email);
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    await page.setViewportSize(viewport);
    await expectNoMidWordBreaks(row.getByRole('cell').nth(1), `the action at ${viewport.width}px`);
    await expectNoMidWordBreaks(row.getByRole('cell').nth(2), `the email at ${viewport.width}px`);
  }
  await page.setViewportSize(viewports.desktop);
  // Only its own people's rows: no administrator or system entries.
  await expect(section.getByText('System', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: /^View Company profile updated/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Company profile updated' });
  await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(dialog).toContainText(`${companyName} Ltd`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'company-audit-log');
});
