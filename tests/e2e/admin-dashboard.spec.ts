import type { Page } from '@playwright/test';
import {
  type AdminDashboard,
  adminDashboardTexts,
  formatCount,
  formatThousands,
} from '../../src/shared/admin-dashboard';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// The admin dashboard: an applicant reports a job with the Report button, the
// administrator sees the platform's figures (the same the API computes), opens the open reports from
// the Abuse Reports card and resolves it; a failed load shows the spec's error texts.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const card = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Platform figures' })
    .locator('div')
    .filter({
      has: page.getByRole('heading', { level: 2, name: label, exact: true }),
    });

test('an applicant reports a job, and the administrator sees the figures and resolves the report', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(90_000);
  const company = await createAccount('company', { company_name: uniqueName('Harbor Logistics') });
  const title = uniqueName('Warehouse Night Lead');
  const created = await request.post('/api/testing/jobs', { data: { company_email: company.email, title } });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()) as { id: string };

  await loginAs('applicant');
  await page.goto(paths.applicantJob.getHref({ id: job.id }));
  await page.getByRole('button', { name: `Report the job ${title}` }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this job' });
  await reportDialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(
    reportDialog.getByText('Please tell us what is wrong in a few words (at least 5 characters).'),
  ).toBeVisible();
  await reportDialog.getByLabel('Reason').fill('The post asks applicants to pay a training fee first.');
  await reportDialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toasts(page).getByText('Report Sent')).toBeVisible();
  await expect(reportDialog).toBeHidden();

  await loginAs('admin');
  await page.goto(paths.adminDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(card(page, 'Total Workers').last()).toBeVisible();
  // The cards show what the API computed from the records.
  const figures = (await (await page.request.get('/api/admin/dashboard')).json()) as AdminDashboard;
  await expect(card(page, 'Total Workers').last()).toContainText(formatCount(figures.total_workers.value));
  await expect(card(page, 'Total Companies').last()).toContainText(formatCount(figures.total_companies.value));
  await expect(card(page, 'Monthly Revenue').last()).toContainText(
    formatThousands(figures.monthly_revenue.total.value ?? 0, figures.monthly_revenue.reporting_currency),
  );
  await expect(card(page, 'New Sign-ups (7d)').last()).toContainText(figures.new_signups_7d.growth_label);
  await expect(card(page, 'Gross Margin').last()).toContainText(figures.gross_margin_percent.growth_label);
  await expect(card(page, 'Abuse Reports').last()).toContainText(formatCount(figures.open_abuse_reports.value));
  await expect(card(page, 'System Health').last()).toContainText(`${figures.system_health.percent}%`);
  // What is not set up (Redis, without REDIS_URL) is said beside the figure, which counts only the rest.
  const healthChecks = figures.system_health.checks;
  const notConfigured = healthChecks.filter((check) => check.status === 'not_configured').length;
  const passing = healthChecks.filter((check) => check.status === 'pass').length;
  await expect(card(page, 'System Health').last()).toContainText(
    `${passing} of ${healthChecks.length - notConfigured} checks passing${notConfigured > 0 ? `, ${notConfigured} not configured` : ''}`,
  );
  const checks = page.getByRole('list', { name: 'System health checks' });
  await expect(checks.getByRole('listitem')).toHaveCount(5);
  await expect(checks).toContainText('Database');
  // The e2e server shares Redis when the run has one (CI does), as every instance would.
  await expect(checks).toContainText(
    process.env.REDIS_URL ? 'Answered PING in' : 'Not configured (REDIS_URL is not set).',
  );
  await expect(page.getByRole('heading', { name: 'Recent Admin Actions' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-dashboard');

  await page.getByRole('button', { name: 'View Reports' }).click();
  const reports = page.getByRole('dialog', { name: 'Abuse Reports' });
  const item = reports.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('The post asks applicants to pay a training fee first.');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-dashboard-reports');
  await item.getByRole('button', { name: `Resolve the report about ${title}` }).click();
  // The open dialog hides the rest of the page from assistive technology, the toasts' region included.
  await expect(page.getByText('Report Resolved', { exact: true })).toBeVisible();
  await expect(reports.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // The resolution is the latest admin action.
  await reports.getByRole('button', { name: 'Close' }).click();
  await expect(reports).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recent admin actions' }).getByRole('listitem').first()).toContainText(
    'Abuse report resolved',
  );
});

test.describe('when the dashboard cannot load', () => {
  test.use({ expectedConsoleErrors: [/status of 503/] });

  test('it says so, inline and in a toast, and Try Again asks again', async ({ page, loginAs }) => {
    await loginAs('admin');
    let isFailing = true;
    await page.route('**/api/admin/dashboard', (route) =>
      isFailing
        ? route.fulfill({ status: 503, json: { error: 'Unavailable', code: 'unavailable' } })
        : route.continue(),
    );
    await page.goto(paths.adminDashboard.getHref());
    await expect(page.getByText(adminDashboardTexts.loadFailed)).toBeVisible();
    await expect(toasts(page).getByText(adminDashboardTexts.toastTitle)).toBeVisible();
    await expect(toasts(page).getByText(adminDashboardTexts.toastDescription)).toBeVisible();
    isFailing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Total Workers' })).toBeVisible();
  });
});
