import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { calendarDayLabel, createActiveTest, createJob, findJobs, uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// The Create Job Posting form (docs/spec/portal-and-public-site.md §2, §5, §8, §9): publishing, drafts, the
// publish checks and their notifications, the field rules, and the same form editing a job.

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

async function expectNotification(page: Page, title: string, description?: string) {
  await expect(notifications(page).getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(notifications(page).getByText(description, { exact: true })).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('a company publishes an hourly job that requires one of its tests', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyCreateJob.getHref());
  const required = await createActiveTest(page);
  const title = uniqueName('Senior React Developer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Job Posting');

  await page.getByLabel('Job title').fill(title);
  await expect(page.getByText(`${title.length}/60`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Hourly' })).toBeChecked();
  await expect(page.getByLabel('Total budget (USD)')).toHaveCount(0);
  await page.getByLabel('Minimum hourly rate (USD)').fill('60');
  await page.getByLabel('Maximum hourly rate (USD)').fill('80');
  await expect(page.getByLabel('Weekly hours')).toHaveValue('20');
  await page.getByLabel('Weekly hours').fill('30');
  await expect(page.getByLabel('Timezone')).toHaveValue('UTC+00:00');
  await page.getByLabel('Timezone').selectOption('UTC+05:00');
  await expect(page.getByRole('radio', { name: 'Public' })).toBeChecked();
  await page.getByLabel('CC email').fill('Hiring@Example.test');

  // A start date two weeks ahead, from the calendar.
  const start = new Date();
  start.setDate(start.getDate() + 14);
  await page.getByLabel('Start date').click();
  const calendar = page.getByRole('dialog');
  if (start.getMonth() !== new Date().getMonth()) {
    await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await calendar.getByRole('button', { name: calendarDayLabel(start) }).click();
  await expect(calendar).toBeHidden();
  const startDay = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;

  // The Required Tests dialog lists the company's published tests with their type and pass rate.
  await page.getByRole('button', { name: 'Add Required Tests' }).click();
  const picker = page.getByRole('dialog', { name: 'Required Tests' });
  await picker.getByRole('searchbox', { name: 'Search tests' }).fill(required.name);
  const option = picker.getByRole('listitem').filter({ hasText: required.name });
  await expect(option).toContainText('Coding · Pass rate 75%');
  await option.getByRole('checkbox').check();
  await saveScreenshots(page, 'create-job-tests-dialog');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByText(required.name)).toBeVisible();

  await page.getByRole('checkbox', { name: 'AWS Solutions Architect' }).check();
  await page.getByRole('checkbox', { name: 'Scrum Master' }).check();
  await page.getByLabel('Required Skills').fill('React');
  await page.getByLabel('Required Skills').press('Enter');
  await page.getByLabel('Required Skills').fill('TypeScript');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Selected skills' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Job description').fill('Build our customer dashboard.\nShip small, ship often.');
  await saveScreenshots(page, 'create-job-filled');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Publish Job' }).click();
  await expectNotification(page, 'Job published!');
  await expect(page).toHaveURL(paths.companyJobs.getHref());

  const [job] = await findJobs(page.request, `q=${encodeURIComponent(title)}`);
  expect(job).toMatchObject({
    title,
    status: 'open',
    engagement_type: 'hourly',
    budget_min: 60,
    budget_max: 80,
    budget_total: null,
    weekly_hours: 30,
    start_date: startDay,
    timezone: 'UTC+05:00',
    visibility: 'public',
    cc_email: 'hiring@example.test',
    test_ids: [required.id],
    required_certs: ['AWS Solutions Architect', 'Scrum Master'],
    skill_tags: ['React', 'TypeScript'],
    description: 'Build our customer dashboard.\nShip small, ship often.',
  });
});

test('Save as Draft keeps an empty form as an untitled draft with the defaults', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyCreateJob.getHref());
  await expect(page.getByLabel('Job title')).toBeVisible();
  await saveScreenshots(page, 'create-job-empty');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectNotification(page, 'Draft saved');
  await expect(page).toHaveURL(paths.companyJobs.getHref());

  const drafts = await findJobs(page.request, 'status=draft');
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toMatchObject({
    title: 'Untitled Job',
    description: 'Job description to be added.',
    status: 'draft',
    engagement_type: 'hourly',
    weekly_hours: 20,
    timezone: 'UTC+00:00',
    visibility: 'public',
    start_date: null,
    test_ids: [],
  });
});

test('Publish Job names what is missing, in the spec order, and saves nothing', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyCreateJob.getHref());
  const publish = page.getByRole('button', { name: 'Publish Job' });

  await publish.click();
  await expectNotification(page, 'Missing information', 'Please provide a job title.');
  await expect(page.getByLabel('Job title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Job title')).toBeFocused();

  await page.getByLabel('Job title').fill('Data Entry Specialist');
  await page.getByLabel('Minimum hourly rate (USD)').fill('15');
  await publish.click();
  await expectNotification(page, 'Missing budget information', 'Please specify both minimum and maximum hourly rates.');
  await expect(page.getByLabel('Maximum hourly rate (USD)')).toHaveAttribute('aria-invalid', 'true');

  // Fixed price shows the total only.
  await page.getByRole('radio', { name: 'Fixed price' }).check();
  await expect(page.getByLabel('Minimum hourly rate (USD)')).toHaveCount(0);
  await expect(page.getByLabel('Maximum hourly rate (USD)')).toHaveCount(0);
  await publish.click();
  await expectNotification(
    page,
    'Missing budget information',
    'Please specify the total budget for this fixed-price job.',
  );

  await page.getByLabel('Total budget (USD)').fill('5000');
  await publish.click();
  await expectNotification(page, 'Missing information', 'Please provide a job description.');
  await expect(page.getByLabel('Job description')).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshots(page, 'create-job-errors');
  await expectNoSeriousViolations(page);

  // The other rules are told at their fields.
  await page.getByLabel('Job description').fill('Enter invoices into our ledger.');
  await page.getByLabel('Weekly hours').fill('61');
  await page.getByLabel('Total budget (USD)').fill('0');
  await publish.click();
  await expect(page.getByText('Weekly hours must be between 1 and 60.')).toBeVisible();
  await expect(page.getByText('The total budget must be at least $1.')).toBeVisible();

  await page.getByRole('radio', { name: 'Hourly' }).check();
  await page.getByLabel('Weekly hours').fill('40');
  await page.getByLabel('Minimum hourly rate (USD)').fill('0');
  await page.getByLabel('Maximum hourly rate (USD)').fill('10');
  await publish.click();
  await expect(page.getByText('Rates must be at least $1.')).toBeVisible();
  await page.getByLabel('Minimum hourly rate (USD)').fill('20');
  await publish.click();
  await expect(page.getByText('The minimum rate cannot be higher than the maximum rate.')).toBeVisible();

  await expect(page).toHaveURL(paths.companyCreateJob.getHref());
  expect(await findJobs(page.request, 'status=draft,open')).toHaveLength(0);
});

test('the title stops at 60 characters, the calendar refuses past days, skills refuse blanks and repeats', async ({
  page,
  loginAs,
}) => {
  await loginAs('company');
  await page.goto(paths.companyCreateJob.getHref());

  const title = page.getByLabel('Job title');
  await expect(page.getByText('0/60')).toBeVisible();
  await title.fill('A'.repeat(60));
  await expect(page.getByText('60/60')).toBeVisible();
  await title.press('End');
  await title.pressSequentially('BCD');
  await expect(title).toHaveValue('A'.repeat(60));
  await expect(page.getByText('60/60')).toBeVisible();

  // Weeks start on Sunday; yesterday cannot be chosen, today can.
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  await page.getByLabel('Start date').click();
  const calendar = page.getByRole('dialog');
  // The second week of a month is a full one: it starts on its Sunday.
  const secondWeek = calendar
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .nth(1);
  await expect(secondWeek.getByRole('gridcell').first()).toHaveAccessibleName(/^(Today, )?Sunday, /);
  if (yesterday.getMonth() !== today.getMonth()) {
    await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
    await expect(calendar.getByRole('button', { name: calendarDayLabel(yesterday) })).toBeDisabled();
    await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
  } else {
    await expect(calendar.getByRole('button', { name: calendarDayLabel(yesterday) })).toBeDisabled();
  }
  await calendar.getByRole('button', { name: `Today, ${calendarDayLabel(today)}` }).click();
  await expect(page.getByRole('button', { name: 'Clear start date' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear start date' }).click();
  await expect(page.getByLabel('Start date')).toHaveText('Pick a date');

  const skills = page.getByLabel('Required Skills');
  const chips = page.getByRole('list', { name: 'Selected skills' }).getByRole('listitem');
  await skills.fill('   ');
  await skills.press('Enter');
  await expect(page.getByText('Type a skill to add it.')).toBeVisible();
  await expect(chips).toHaveCount(0);
  await skills.fill('Python');
  await skills.press('Enter');
  await skills.fill('python');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Python is already in the list.')).toBeVisible();
  await expect(chips).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove Python' }).click();
  await expect(chips).toHaveCount(0);

  // Cancel on a changed form asks first, then leaves without saving.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard Changes' })
    .click();
  await expect(page).toHaveURL(paths.companyJobs.getHref());
  expect(await findJobs(page.request, 'status=draft,open')).toHaveLength(0);
});

test('the Required Tests dialog has an empty state and leads to the test builder', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyCreateJob.getHref());
  await page.getByRole('button', { name: 'Add Required Tests' }).click();
  const picker = page.getByRole('dialog', { name: 'Required Tests' });
  await expect(picker.getByText('No published tests yet')).toBeVisible();
  await picker.getByRole('button', { name: 'Create New Test' }).click();
  const builder = page.getByRole('dialog', { name: 'Create New Test' });
  await expect(builder).toBeVisible();
  await builder.getByRole('button', { name: 'Go to Test Builder' }).click();
  await expect(page).toHaveURL(paths.companyCreateTest.getHref());
});

test('editing a job fills the form and saves the change', async ({ page, loginAs }) => {
  await loginAs('company');
  const job = await createJob(page, { weekly_hours: 25 });

  await page.goto(paths.companyJob.getHref({ id: job.id }));
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(paths.companyJobEdit.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Job Posting');
  await expect(page.getByLabel('Job title')).toHaveValue(job.title);
  await expect(page.getByLabel('Weekly hours')).toHaveValue('25');
  await expect(page.getByLabel('Minimum hourly rate (USD)')).toHaveValue('60');
  await expect(page.getByRole('list', { name: 'Selected skills' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: 'AWS Solutions Architect' })).toBeChecked();
  // A published job has no Publish button: it is published.
  await expect(page.getByRole('button', { name: 'Publish Job' })).toHaveCount(0);
  await saveScreenshots(page, 'edit-job');

  const newTitle = uniqueName('Lead React Developer');
  await page.getByLabel('Job title').fill(newTitle);
  await page.getByLabel('Weekly hours').fill('35');
  // A published job must keep its description.
  await page.getByLabel('Job description').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotification(page, 'Missing information', 'Please provide a job description.');
  await page.getByLabel('Job description').fill('Lead the dashboard team.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotification(page, 'Changes saved');
  await expect(page).toHaveURL(paths.companyJob.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { level: 2, name: newTitle })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: newTitle })).toBeVisible();
  await expect(page.getByText('35 hours')).toBeVisible();
});

test('a test added to a job goes to the applicants it is still deciding on', async ({
  page,
  request,
  loginAs,
  createAccount,
  signIn,
}) => {
  const company = await loginAs('company');
  const applicant = await createAccount('applicant');
  const required = await createActiveTest(page);
  const seeded = await request.post('/api/testing/jobs', {
    data: {
      company_email: company.email,
      title: uniqueName('Support Lead'),
      applications: [{ applicant_email: applicant.email, status: 'shortlisted' }, { status: 'rejected' }],
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const job = (await seeded.json()) as { id: string; title: string };

  await page.goto(paths.companyJobEdit.getHref({ id: job.id }));
  await page.getByRole('button', { name: 'Add Required Tests' }).click();
  const picker = page.getByRole('dialog', { name: 'Required Tests' });
  await picker.getByRole('searchbox', { name: 'Search tests' }).fill(required.name);
  await picker.getByRole('listitem').filter({ hasText: required.name }).getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // The shortlisted applicant is sent it; the rejected one is not.
  await expectNotification(
    page,
    'Changes saved',
    `“${job.title}” has been updated. Its new tests were sent to 1 applicant.`,
  );

  await signIn(applicant);
  await page.goto(paths.applicantJob.getHref({ id: job.id }));
  const waiting = page.getByRole('region', { name: 'A skills test is waiting' });
  await expect(waiting.getByRole('link', { name: `Take the test: ${required.name}` })).toBeVisible();
});

test('a draft is finished and published from the edit form', async ({ page, loginAs }) => {
  await loginAs('company');
  const draft = await createJob(page, { status: 'draft', description: '', budget_min: null, budget_max: null });

  await page.goto(paths.companyJobEdit.getHref({ id: draft.id }));
  await expect(page.getByLabel('Job title')).toHaveValue(draft.title);
  await page.getByRole('button', { name: 'Publish Job' }).click();
  await expectNotification(page, 'Missing budget information', 'Please specify both minimum and maximum hourly rates.');
  await page.getByLabel('Minimum hourly rate (USD)').fill('40');
  await page.getByLabel('Maximum hourly rate (USD)').fill('55');
  await page.getByLabel('Job description').fill('Answer customer emails.');
  await page.getByRole('button', { name: 'Publish Job' }).click();
  await expectNotification(page, 'Job published!');
  await expect(page).toHaveURL(paths.companyJob.getHref({ id: draft.id }));
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText('$40–55/hr')).toBeVisible();
});

test.describe('when the server refuses', () => {
  test.use({ expectedConsoleErrors: [/status of (400|403|500)/] });

  test('the tests list failing shows the spec notification and a way to try again', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.route('**/api/tests?*', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.', code: 'internal' } }),
    );
    await page.goto(paths.companyCreateJob.getHref());
    await page.getByRole('button', { name: 'Add Required Tests' }).click();
    // A server error is asked again twice, with backoff (lib/query-client.ts), before the page gives up.
    // The open dialog hides the rest of the page from assistive technology, the notification area
    // included, so the notification is found by its text; the dialog says it again in an alert.
    await expect(page.getByText('Error loading tests', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Failed to load available tests. Please try again.')).toHaveCount(2);
    await expect(
      page.getByRole('dialog', { name: 'Required Tests' }).getByRole('button', { name: 'Try Again' }),
    ).toBeVisible();
  });

  test('publishing before confirming the email says why, and a draft can still be saved', async ({ page, loginAs }) => {
    const account = await loginAs('company', { email_verified: false });
    await page.goto(paths.companyCreateJob.getHref());
    await page.getByLabel('Job title').fill('Virtual Assistant');
    await page.getByLabel('Minimum hourly rate (USD)').fill('12');
    await page.getByLabel('Maximum hourly rate (USD)').fill('18');
    await page.getByLabel('Job description').fill('Keep our calendar in order.');
    await page.getByRole('button', { name: 'Publish Job' }).click();
    // The server's reason, not the generic failure: the person can act on it.
    const reason = `Confirm your email address to publish jobs. Open the link we sent to ${account.email}, or ask for a new one.`;
    await expectNotification(page, 'Error publishing job', reason);
    await expect(notifications(page).getByText('Failed to publish your job posting. Please try again.')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: account.email })).toHaveText(reason);
    await expect(page).toHaveURL(paths.companyCreateJob.getHref());

    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expectNotification(page, 'Draft saved');
    await expect(page).toHaveURL(paths.companyJobs.getHref());
  });

  test('a field the server refuses is named at the field', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyCreateJob.getHref());
    const required = await createActiveTest(page);
    await page.getByRole('button', { name: 'Add Required Tests' }).click();
    const picker = page.getByRole('dialog', { name: 'Required Tests' });
    await picker.getByRole('listitem').filter({ hasText: required.name }).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Done' }).click();
    // Archived meanwhile (in another tab, say): no job can require it any more.
    const archived = await page.request.post(`/api/tests/${required.id}/archive`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(archived.ok(), await archived.text()).toBe(true);

    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(page.getByRole('group', { name: 'Required Tests' })).toContainText('This test does not exist.');
    await expect(notifications(page).getByText('Error saving draft')).toHaveCount(0);
    await expect(page).toHaveURL(paths.companyCreateJob.getHref());
  });
});
