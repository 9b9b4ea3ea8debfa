import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, type TestAccount, test } from './support/test';

// My Applications: an applicant's applications at every stage, the stage filter,
// withdrawing, answering an offer, and the saved jobs.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

interface SeededApplication {
  status: string;
  offer_rate?: number;
  offer_weekly_hours?: number;
  offer_start_date?: string;
  rejection_reason?: string;
  days_ago?: number;
}

// One job of `company` with `applicant`'s application to it at a stage.
async function seedApplication(
  request: APIRequestContext,
  company: TestAccount,
  applicant: TestAccount,
  title: string,
  application: SeededApplication,
) {
  const response = await request.post('/api/testing/jobs', {
    data: {
      company_email: company.email,
      title,
      skill_tags: ['Customer Service'],
      applications: [{ applicant_email: applicant.email, ...application }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

const rowOf = (page: Page, title: string) =>
  page.getByRole('table', { name: 'My applications' }).getByRole('row').filter({ hasText: title });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an applicant follows their applications, filters by stage, withdraws one and accepts an offer', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  const applicant = await loginAs('applicant');
  const company = await createAccount('company', { company_name: uniqueName('Northwind') });
  const support = await seedApplication(request, company, applicant, uniqueName('Support Engineer'), {
    status: 'interviewing',
    days_ago: 3,
  });
  const dataEntry = await seedApplication(request, company, applicant, uniqueName('Data Entry Clerk'), {
    status: 'offered',
    offer_rate: 45.5,
    offer_weekly_hours: 30,
    offer_start_date: '2031-03-03',
    days_ago: 2,
  });
  const bookkeeper = await seedApplication(request, company, applicant, uniqueName('Bookkeeper'), {
    status: 'rejected',
    rejection_reason: 'We chose someone in our own time zone.',
    days_ago: 1,
  });

  await page.goto(paths.applicantApplications.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Applications');
  await expect(rowOf(page, support.title)).toContainText('Interviewing');
  await expect(rowOf(page, dataEntry.title)).toContainText('$45.50/hr · 30 hrs/week · Starts Mar 3, 2031');
  await expect(rowOf(page, bookkeeper.title)).toContainText('Not selected');
  await expect(rowOf(page, bookkeeper.title)).toContainText('We chose someone in our own time zone.');
  await expect(rowOf(page, bookkeeper.title).getByRole('button')).toHaveCount(0);
  await rowOf(page, support.title)
    .getByText(/Stage history/)
    .click();
  await expect(rowOf(page, support.title).getByRole('listitem')).toHaveCount(3);
  await saveScreenshots(page, 'my-applications');
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingClipped(page.getByRole('table', { name: 'My applications' }));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Filter by stage: the URL keeps it.
  await page.getByLabel('Stage').selectOption('offered');
  await expect(page).toHaveURL(/status=offered/);
  await expect(page.getByRole('table', { name: 'My applications' }).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, dataEntry.title)).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(rowOf(page, support.title)).toBeVisible();

  // Withdraw, after the confirm dialog.
  await page.getByRole('button', { name: `Withdraw: ${support.title}` }).click();
  const withdraw = page.getByRole('alertdialog', { name: 'Withdraw this application?' });
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(notifications(page).getByText('Application withdrawn', { exact: true })).toBeVisible();
  await expect(rowOf(page, support.title)).toContainText('Withdrawn');
  await expect(rowOf(page, support.title).getByRole('button')).toHaveCount(0);

  // Accept the offer: hired, with the assignment on the offer's terms.
  await page.getByRole('button', { name: `Accept Offer: ${dataEntry.title}` }).click();
  const accept = page.getByRole('alertdialog', { name: 'Accept this offer?' });
  await expect(accept).toContainText('$45.50/hr · 30 hrs/week · Starts Mar 3, 2031');
  await accept.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(notifications(page).getByText('Offer accepted', { exact: true })).toBeVisible();
  await expect(rowOf(page, dataEntry.title)).toContainText('Hired');
  await expect(rowOf(page, dataEntry.title).getByRole('button')).toHaveCount(0);

  const hired = await page.request.get('/api/applicant/applications?status=hired');
  const body = (await hired.json()) as { items: Array<{ job_title: string; assignment: unknown }> };
  expect(body.items).toHaveLength(1);
  expect(body.items[0]).toMatchObject({
    job_title: dataEntry.title,
    assignment: { rate: 45.5, weekly_hours: 30, start_date: '2031-03-03', status: 'pending' },
  });

  // After a reload the page still says so: the server changed, not the screen.
  await page.reload();
  await expect(rowOf(page, dataEntry.title)).toContainText('Hired');
  await expect(rowOf(page, support.title)).toContainText('Withdrawn');
});

test('declining an offer asks first and leaves the application withdrawn', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  const applicant = await loginAs('applicant');
  const company = await createAccount('company');
  const job = await seedApplication(request, company, applicant, uniqueName('Virtual Assistant'), {
    status: 'offered',
  });
  await page.goto(paths.applicantApplications.getHref());
  await page.getByRole('button', { name: `Decline: ${job.title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Decline this offer?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, job.title)).toContainText('Offer');

  await page.getByRole('button', { name: `Decline: ${job.title}` }).click();
  await dialog.getByRole('button', { name: 'Decline Offer' }).click();
  await expect(notifications(page).getByText('Offer declined', { exact: true })).toBeVisible();
  await expect(rowOf(page, job.title)).toContainText('Withdrawn');
  await rowOf(page, job.title)
    .getByText(/Stage history/)
    .click();
  await expect(rowOf(page, job.title)).toContainText('Declined the offer');
});

test('a new applicant is sent to Find Jobs, and saved jobs have their own tab', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  await loginAs('applicant');
  await page.goto(paths.applicantApplications.getHref());
  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Find Jobs' })).toHaveAttribute(
    'href',
    paths.applicantJobs.getHref(),
  );

  const company = await createAccount('company');
  const seeded = await request.post('/api/testing/jobs', {
    data: { company_email: company.email, title: uniqueName('Saved Role'), budget_min: 30, budget_max: 45 },
  });
  const job = (await seeded.json()) as { id: string; title: string };
  const saved = await page.request.put(`/api/applicant/saved-jobs/${job.id}`, { headers: sameOrigin });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.getByRole('tab', { name: 'Saved Jobs' }).click();
  await expect(page).toHaveURL(/tab=saved/);
  const table = page.getByRole('table', { name: 'Saved jobs' });
  await expect(table.getByRole('row').filter({ hasText: job.title })).toContainText('$30–45/hr');
  await saveScreenshots(page, 'my-applications-saved');
  await expectNoSeriousViolations(page);
  await table.getByRole('button', { name: `Remove ${job.title} from saved jobs` }).click();
  await expect(notifications(page).getByText('Removed from saved', { exact: true })).toBeVisible();
  await expect(page.getByText('No saved jobs yet')).toBeVisible();
});
