import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { Test } from '../../src/shared/assessments';
import type { Job } from '../../src/shared/jobs';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshot, saveScreenshots, type TestAccount, test, viewports } from './support/test';

// Find Jobs, a job's page, applying, and the public job page (docs/spec/portal-and-public-site.md §2
// "Applicant Find Jobs", §3 Application, §5, §8): an applicant searches, filters, saves a job, reads it and
// applies; a visitor reads a public job, with its JobPosting data, and comes back through sign-in to the apply
// dialog.

const notifications = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Notifications (F8)' });

// A word no other test's jobs contain, so the search finds this test's jobs only (tests run in parallel).
const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

// The company side, in its own session: it posts the jobs the applicant then finds.
async function companySession(
  baseURL: string | undefined,
  createAccount: (role: 'company') => Promise<TestAccount>,
  request: APIRequestContext,
) {
  const company = await createAccount('company');
  const session = await request.post('/api/testing/sessions', { data: { email: company.email } });
  const { token } = (await session.json()) as { token: string };
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `tandem_session=${token}`, 'sec-fetch-site': 'same-origin' },
  });
  return {
    context,
    async createTest(name: string): Promise<Test> {
      const response = await context.post('/api/tests', {
        data: {
          name,
          type: 'coding',
          time_limit: 45,
          pass_rate: 70,
          is_active: true,
          questions: [{ type: 'paragraph', question: 'Describe a component you are proud of.' }],
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Test;
    },
    async createJob(data: Record<string, unknown>): Promise<Job> {
      const response = await context.post('/api/jobs', {
        data: {
          description: 'Build our customer dashboard.\nShip small, ship often.',
          engagement_type: 'hourly',
          budget_min: 60,
          budget_max: 80,
          weekly_hours: 30,
          skill_tags: ['React', 'TypeScript'],
          status: 'open',
          ...data,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Job;
    },
  };
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

// Two jobs only this test's search finds (its own word), one of them with a required test.
async function postSearchableJobs(
  baseURL: string | undefined,
  createAccount: (role: 'company') => Promise<TestAccount>,
  request: APIRequestContext,
) {
  const word = uniqueWord();
  const company = await companySession(baseURL, createAccount, request);
  const requiredTest = await company.createTest(uniqueName('React Coding Test'));
  const react = await company.createJob({
    title: uniqueName('Senior React Developer'),
    description: `Build our customer dashboard with a small remote team. ${word}\nShip small, ship often.`,
    skill_tags: ['React', 'TypeScript', 'GraphQL'],
    timezone: 'UTC+05:00',
    test_ids: [requiredTest.id],
    required_certs: ['AWS Solutions Architect'],
  });
  const design = await company.createJob({
    title: uniqueName('Logo Designer'),
    description: `A new logo and a small brand guide. ${word}`,
    engagement_type: 'fixed',
    budget_total: 800,
    skill_tags: ['Figma'],
  });
  await company.context.dispose();
  return { word, requiredTest, react, design };
}

test('an applicant searches Find Jobs and filters it, on a desktop and a phone', async ({
  page,
  loginAs,
  createAccount,
  request,
  baseURL,
}) => {
  const { word, react, design } = await postSearchableJobs(baseURL, createAccount, request);

  await loginAs('applicant');
  await page.goto(paths.applicantJobs.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Jobs');

  // The search asks the server once the typing pauses.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  await expect(page.getByText('2 jobs found')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const reactCard = page.getByRole('article', { name: react.title });
  await expect(reactCard).toContainText('$60–80/hr');
  await expect(reactCard).toContainText('30 hrs/week');
  await expect(reactCard).toContainText('Posted Today');
  await expect(page.getByRole('article', { name: design.title })).toContainText('$800 fixed price');
  await saveScreenshots(page, 'find-jobs');
  await expectNoSeriousViolations(page);

  // On a phone the filters fold away behind a button.
  await page.setViewportSize(viewports.mobile);
  await expect(page.getByLabel('Engagement type')).toBeHidden();
  await page.getByRole('button', { name: 'Show Filters' }).click();
  await expect(page.getByLabel('Engagement type')).toBeVisible();
  await saveScreenshot(page, 'find-jobs-filters-mobile', { fullPage: true });
  await page.setViewportSize(viewports.desktop);

  // Filters: hourly only, then a skill, then the time zone.
  await page.getByLabel('Engagement type').selectOption('hourly');
  await expect(page.getByText('1 job found')).toBeVisible();
  await expect(page.getByRole('article', { name: design.title })).toHaveCount(0);
  await page.getByLabel('Engagement type').selectOption('');
  await expect(page.getByText('2 jobs found')).toBeVisible();
  await page.getByRole('button', { name: 'React', exact: true }).click();
  await expect(page.getByText('1 job found')).toBeVisible();
  await page.getByLabel('Time zone').selectOption('UTC+05:00');
  await expect(page).toHaveURL(/timezone=UTC%2B05%3A00/);
  await expect(page.getByRole('article', { name: react.title })).toBeVisible();
  await page.getByLabel('Minimum').fill('90');
  await page.getByLabel('Minimum').press('Enter');
  await expect(page.getByText('No jobs match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  await expect(page.getByText('2 jobs found')).toBeVisible();
});

test('an applicant saves a job, reads it and applies with a rate', async ({
  page,
  loginAs,
  createAccount,
  request,
  baseURL,
}) => {
  const { word, requiredTest, react } = await postSearchableJobs(baseURL, createAccount, request);
  await loginAs('applicant');
  await page.goto(paths.applicantJobs.getHref());
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  await expect(page.getByText('2 jobs found')).toBeVisible();
  const reactCard = page.getByRole('article', { name: react.title });

  // The heart persists.
  const heart = reactCard.getByRole('button', { name: `Save ${react.title}` });
  await heart.click();
  await expect(notifications(page).getByText('Saved job', { exact: true })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${react.title}` })).toHaveAttribute('aria-pressed', 'true');

  // The job's page: the whole post and its required test.
  await page.getByRole('link', { name: react.title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Details');
  await expect(page.getByRole('heading', { level: 2, name: react.title })).toBeVisible();
  await expect(page.getByText('Ship small, ship often.')).toBeVisible();
  const tests = page.getByRole('list', { name: 'Required tests' });
  await expect(tests).toContainText(requiredTest.name);
  await expect(tests).toContainText('Coding');
  await expect(tests).toContainText('45 min');
  await expect(page.getByText('AWS Solutions Architect')).toBeVisible();
  await saveScreenshots(page, 'job-details');
  await expectNoSeriousViolations(page);

  // Back to the list, and apply from the card.
  await page.getByRole('link', { name: 'Find Jobs' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Jobs');
  const card = page.getByRole('article', { name: react.title });
  await card.getByRole('button', { name: `Apply Now: ${react.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${react.title}` });
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByText('Please provide a cover letter.')).toBeVisible();
  await dialog.getByLabel('Cover letter').fill('I have built React dashboards for remote teams for six years.');
  await dialog.getByLabel('Proposal rate (USD per hour, optional)').fill('72.50');
  await saveScreenshots(page, 'apply-dialog');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(notifications(page).getByText('Application submitted!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const applied = card.getByRole('button', { name: `Applied to ${react.title}` });
  await expect(applied).toBeVisible();
  await expect(applied).toBeDisabled();
  // The server has it, and keeps it after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: `Applied to ${react.title}` })).toBeDisabled();
});

test('a visitor reads a public job, sees its JobPosting data, and signs in to the apply dialog', async ({
  page,
  createAccount,
  request,
  baseURL,
}) => {
  const company = await companySession(baseURL, createAccount, request);
  const job = await company.createJob({
    title: uniqueName('Customer Support Lead'),
    description: 'Lead a team of five support agents.\nWeekly reports to the founders.',
    budget_min: 25,
    budget_max: 35,
    weekly_hours: 40,
    skill_tags: ['Zendesk', 'Leadership'],
  });
  await company.context.dispose();
  const applicant = await createAccount('applicant');

  // Crawlers read the data from the HTML the server sends, without running any script, and find the
  // page in the sitemap.
  const html = await (await request.get(paths.jobPost.getHref({ id: job.id }))).text();
  expect(html).toContain('<script type="application/ld+json" id="job-posting-data">');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/jobs/${job.id}</loc>`);

  await page.goto(paths.jobPost.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(page).toHaveTitle(`${job.title} at ${job.company_name} · Tandem`);
  // The title and link card the server wrote for crawlers gave way to the page's own: one of each.
  await expect(page.locator('head > title')).toHaveCount(1);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
  await expect(page.getByText('Lead a team of five support agents.')).toBeVisible();
  await expect(page.getByText('$25–35/hr')).toBeVisible();
  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]#job-posting-data').textContent()) ?? '',
  );
  expect(data).toMatchObject({
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.published_at,
    employmentType: ['CONTRACTOR', 'FULL_TIME'],
    hiringOrganization: { name: job.company_name },
    baseSalary: { currency: 'USD', value: { minValue: 25, maxValue: 35, unitText: 'HOUR' } },
  });
  // Its own closing date, to the end of that day (decision 058).
  expect(data.validThrough).toBe(`${job.closes_on}T23:59:59Z`);
  await saveScreenshots(page, 'public-job');
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Apply Now' }).first().click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(applicant.email);
  await form.getByLabel('Password').fill(applicant.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`${paths.applicantJob.getHref({ id: job.id })}\\?apply=1$`));
  const dialog = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Cover letter').fill('I have led support teams at two SaaS companies.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(notifications(page).getByText('Application submitted!', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Applied to ${job.title}` })).toBeDisabled();
  // Closing the dialog took ?apply=1 away: a reload does not open it again.
  await expect(page).toHaveURL(new RegExp(`${paths.applicantJob.getHref({ id: job.id })}$`));
});

test.describe('a job that is not open and public', () => {
  // The page asks the API, which answers 404; the browser logs that answer.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('has no public page, no JobPosting data and no sitemap entry', async ({
    page,
    createAccount,
    request,
    baseURL,
  }) => {
    const company = await companySession(baseURL, createAccount, request);
    const hidden = await company.createJob({ title: uniqueName('Private role'), visibility: 'private' });
    await company.context.dispose();
    // Crawlers read the status: no such page.
    const answer = await request.get(paths.jobPost.getHref({ id: hidden.id }));
    expect(answer.status()).toBe(404);
    const html = await answer.text();
    expect(html).not.toContain('application/ld+json');
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(hidden.id);

    await page.goto(paths.jobPost.getHref({ id: hidden.id }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This job is not available');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText(hidden.title)).toHaveCount(0);
  });
});
