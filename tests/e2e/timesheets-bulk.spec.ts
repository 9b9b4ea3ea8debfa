import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// Weeks waiting for approval are approved together (issue 52): three submitted weeks of one talent, selected
// at once in Billing's Timesheets tab and approved after a confirm; they leave the list of weeks to approve.

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// The Sunday (UTC) that starts the last full week, and the weeks before it.
const weekStart = (weeksBack: number) => {
  const today = new Date();
  return isoDay(new Date(today.getTime() - (today.getUTCDay() + 7 * weeksBack) * DAY_MS));
};
const mondayOf = (week: string) => isoDay(new Date(new Date(`${week}T00:00:00Z`).getTime() + DAY_MS));

test('a company approves three submitted weeks at once from Billing', async ({
  page,
  context,
  baseURL,
  request,
  createAccount,
  signIn,
}) => {
  await chooseEssentialCookies(context, baseURL);
  const company = await createAccount('company', { name: 'Bea Bulk' });
  const talent = await createAccount('applicant', { name: 'Theo Threeweeks' });
  const weeks = [1, 2, 3].map(weekStart);
  const placed = await request.post('/api/testing/assignments', {
    data: {
      company_email: company.email,
      applicant_email: talent.email,
      role: 'Support Specialist',
      rate: 40,
      weekly_hours: 40,
      start_date: weekStart(4),
      timesheets: weeks.map((week) => ({ week_start: week, status: 'submitted', minutes: { [mondayOf(week)]: 480 } })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await signIn(company);
  await page.goto('/company/billing?tab=timesheets');
  const table = page.getByRole('table', { name: 'Timesheets' });
  await expect(table.getByRole('row').filter({ hasText: 'Theo Threeweeks' })).toHaveCount(3);
  await table.getByRole('checkbox', { name: 'Select all timesheets on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'timesheets-bulk-selected');
  await bar.getByRole('button', { name: 'Approve selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve 3 weeks?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByText('3 weeks approved: each is locked, and the talent’s pay for it fixed.').first(),
  ).toBeVisible();
  await expect(page.getByText('No timesheets awaiting approval')).toBeVisible();
  const approved = await page.request.get('/api/company/timesheets?status=approved');
  expect(((await approved.json()) as { items: unknown[] }).items).toHaveLength(3);
});
