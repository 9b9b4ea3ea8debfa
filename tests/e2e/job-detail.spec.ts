import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Job } from '../../src/shared/jobs';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createActiveTest, createJob, findJobs } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// The job detail page: the post as written, the moves its status allows done for real (docs/design.md §5)
// with the spec's notifications, and its applications.

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const post = (page: Page) => page.getByRole('main');
const statusBadge = (page: Page, status: string) => post(page).getByText(status, { exact: true });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('shows the post as written and an honest empty list of applications', async ({ page, loginAs }) => {
  await loginAs('company', { company_name: 'Widgets Inc' });
  const required = await createActiveTest(page);
  const job = await createJob(page, {
    test_ids: [required.id],
    weekly_hours: 30,
    timezone: 'UTC-05:00',
    cc_email: 'hiring@example.test',
  });

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Details');
  await expect(page).toHaveTitle(`${job.title} · Job Details · Tandem`);
  await expect(page.getByRole('heading', { level: 2, name: job.title })).toBeVisible();
  await expect(statusBadge(page, 'Open')).toBeVisible();
  await expect(page.getByText('Widgets Inc')).toBeVisible();
  await expect(page.getByText('$60–80/hr')).toBeVisible();
  await expect(page.getByText('Hourly', { exact: true })).toBeVisible();
  await expect(page.getByText('30 hours')).toBeVisible();
  await expect(page.getByText('UTC-05:00')).toBeVisible();
  await expect(page.getByText('hiring@example.test')).toBeVisible();
  await expect(page.getByText('AWS Solutions Architect')).toBeVisible();
  await expect(page.getByText('TypeScript', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: required.name })).toHaveAttribute(
    'href',
    paths.companyTest.getHref({ id: required.id }),
  );
  // Line breaks of the description are kept.
  const description = page.getByText('Build our customer dashboard.');
  await expect(description).toHaveText('Build our customer dashboard.\nShip small, ship often.');
  expect(await description.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-line');

  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.getByText('Applications appear here once talent applies to this job.')).toBeVisible();
  await saveScreenshots(page, 'job-detail');
  await expectNoSeriousViolations(page);
});

test('compares two candidates side by side from the list', async ({ page, request, loginAs }) => {
  await loginAs('company');
  const job = await createJob(page);
  const added = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: {
      applications: [
        { applicant_name: 'Ada Lovelace', status: 'submitted', proposal_rate: 72.5 },
        { applicant_name: 'Grace Hopper', status: 'interviewing', proposal_rate: 64, days_ago: 1 },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const table = page.getByRole('table', { name: 'Applications' });
  for (const name of ['Ada Lovelace', 'Grace Hopper']) {
    await table.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Compare (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare 2 candidates' });
  const proposals = dialog.getByRole('row').filter({ hasText: 'Proposal' });
  await expect(proposals).toContainText('$72.50/hr');
  await expect(proposals).toContainText('$64/hr');
  await expect(dialog.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();
  await saveScreenshots(page, 'job-detail-compare');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('dialog', { name: /Ada Lovelace/ })).toBeVisible();
});

test('lists its applications, marks the new ones once and resets the badge', async ({ page, request, loginAs }) => {
  await loginAs('company');
  const job = await createJob(page);
  const added = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: {
      applications: [
        { applicant_name: 'Ada Lovelace', status: 'submitted', proposal_rate: 72.5 },
        { applicant_name: 'Grace Hopper', status: 'interviewing', days_ago: 1 },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const ada = table.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await expect(ada).toContainText('Submitted');
  await expect(ada).toContainText('$72.50/hr');
  await expect(ada.getByText('New', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('Interviewing');
  await saveScreenshots(page, 'job-detail-applications');
  await expectNoSeriousViolations(page);

  // Seen once: the jobs list's "new" count is back to zero, and a second visit marks nothing new.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${job.id}`)).json()) as Job).new_applications_count)
    .toBe(0);
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('New', { exact: true })).toHaveCount(0);
});

test('pause, resume, close, reopen and archive change the job for real', async ({ page, loginAs }) => {
  await loginAs('company');
  const job = await createJob(page);
  await page.goto(paths.companyJob.getHref({ id: job.id }));
  // An open job offers no Delete (only drafts can be deleted) and no Publish.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(notifications(page).getByText("Job paused; applicants won't see it")).toBeVisible();
  await expect(statusBadge(page, 'Paused')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Paused')).toBeVisible();

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(notifications(page).getByText('Job resumed and visible to applicants')).toBeVisible();
  await expect(statusBadge(page, 'Open')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Open')).toBeVisible();

  await page.getByRole('button', { name: 'Close' }).click();
  const confirmClose = page.getByRole('alertdialog', { name: 'Close this job?' });
  await confirmClose.getByRole('button', { name: 'Close Job' }).click();
  await expect(notifications(page).getByText('Close Job', { exact: true })).toBeVisible();
  await expect(statusBadge(page, 'Closed')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Closed')).toBeVisible();

  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(statusBadge(page, 'Open')).toBeVisible();

  await page.getByRole('button', { name: 'Archive' }).click();
  await page
    .getByRole('alertdialog', { name: 'Archive this job?' })
    .getByRole('button', { name: 'Archive Job' })
    .click();
  await expect(statusBadge(page, 'Archived')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Archived')).toBeVisible();
  // Archived is final: it can only be copied.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  const [archived] = await findJobs(page.request, `status=archived&q=${encodeURIComponent(job.title)}`);
  expect(archived?.id).toBe(job.id);
});

test('duplicate makes a draft copy, and a draft can be deleted after confirming', async ({ page, loginAs }) => {
  await loginAs('company');
  const job = await createJob(page);
  await page.goto(paths.companyJob.getHref({ id: job.id }));

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(notifications(page).getByText('Duplicate Job', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(paths.companyJob.getHref({ id: job.id }));
  const copyId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(statusBadge(page, 'Draft')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Draft')).toBeVisible();
  const drafts = await findJobs(page.request, 'status=draft');
  expect(drafts.map((draft) => draft.id)).toEqual([copyId]);

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this draft?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await findJobs(page.request, 'status=draft')).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Job' }).click();
  await expect(notifications(page).getByText('Delete Job', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(paths.companyJobs.getHref());
  expect(await findJobs(page.request, 'status=draft')).toHaveLength(0);
  // The original is untouched.
  expect((await page.request.get(`/api/jobs/${job.id}`)).status()).toBe(200);
});

test('a draft is published from its page', async ({ page, loginAs }) => {
  await loginAs('company');
  const draft = await createJob(page, { status: 'draft', engagement_type: 'fixed', budget_total: 5000 });
  await page.goto(paths.companyJob.getHref({ id: draft.id }));
  await expect(statusBadge(page, 'Draft')).toBeVisible();
  await expect(page.getByText('$5,000')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(notifications(page).getByText('Job published!')).toBeVisible();
  await expect(statusBadge(page, 'Open')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Open')).toBeVisible();
});

test('an address that is not a job says so without asking the server', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyJob.getHref({ id: 'not-a-job' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Details');
  await expect(page.getByText('This job does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Jobs & Applications' }).click();
  await expect(page).toHaveURL(paths.companyJobs.getHref());
});

test.describe('a job that is not the company’s', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('is not found, on its page and its edit page', async ({ page, loginAs }) => {
    await loginAs('company');
    for (const href of [
      paths.companyJob.getHref({ id: randomUUID() }),
      paths.companyJobEdit.getHref({ id: randomUUID() }),
    ]) {
      await page.goto(href);
      await expect(page.getByText('This job does not exist.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Jobs & Applications' })).toBeVisible();
    }
  });
});
