import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { Job } from '../../src/shared/jobs';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, readEmailLink, uniqueEmail, uniquePassword } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, type TestAccount, test } from './support/test';

// The public job board (issue 33 item 4): a signed-out visitor finds a job on /jobs by searching, reads it
// with its company's profile, signs up from it and applies; and what a crawler or a link preview reads of
// /jobs and /jobs/:id without running any script.

// A word no other test's jobs contain, so the search finds this test's jobs only (tests run in parallel).
const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

// A company with a public profile, in its own session, posting open public jobs.
async function hiringCompany(
  baseURL: string | undefined,
  createAccount: (role: 'company') => Promise<TestAccount>,
  request: APIRequestContext,
) {
  const account = await createAccount('company');
  const session = await request.post('/api/testing/sessions', { data: { email: account.email } });
  const { token } = (await session.json()) as { token: string };
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `tandem_session=${token}`, 'sec-fetch-site': 'same-origin' },
  });
  const profile = await context.put('/api/company', {
    data: {
      name: uniqueName('Northwind Outfitters'),
      contact_email: account.email,
      website: 'https://northwind.example',
      about: 'We sell outdoor gear online and answer every customer within an hour.',
      size: '11-50',
      location: 'Portland, Oregon',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { name } = (await profile.json()) as { name: string };
  return {
    name,
    async createJob(data: Record<string, unknown>): Promise<Job> {
      const response = await context.post('/api/jobs', {
        data: {
          description: 'A remote role with a small team.',
          engagement_type: 'hourly',
          budget_min: 25,
          budget_max: 35,
          weekly_hours: 40,
          skill_tags: ['Zendesk'],
          status: 'open',
          ...data,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Job;
    },
    async close(jobId: string) {
      const response = await context.post(`/api/jobs/${jobId}/close`);
      expect(response.status(), await response.text()).toBe(200);
    },
    dispose: () => context.dispose(),
  };
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('a signed-out visitor finds a job on /jobs, signs up from it and applies', async ({
  page,
  context,
  createAccount,
  request,
  baseURL,
}) => {
  const word = uniqueWord();
  const company = await hiringCompany(baseURL, createAccount, request);
  const job = await company.createJob({
    title: uniqueName('Customer Support Lead'),
    description: `Lead a team of five support agents. ${word}\nWeekly reports to the founders.`,
    skill_tags: ['Zendesk', 'Leadership'],
    timezone: 'UTC-05:00',
  });
  await company.createJob({
    title: uniqueName('Logo Designer'),
    description: `A new logo and a small brand guide. ${word}`,
    engagement_type: 'fixed',
    budget_total: 800,
    skill_tags: ['Figma'],
  });
  await company.dispose();

  // The public site leads to the board.
  await page.goto(paths.home.getHref());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Find Jobs' }).click();
  await expect(page).toHaveURL(paths.jobBoard.getHref());
  // A public page links to the board with a page load (decision 005): React hydrates the board's HTML, and
  // typing into its search before that would be lost.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remote Jobs');
  await expect(page).toHaveTitle('Remote Jobs · Tandem');
  // The tags the server wrote gave way to the page's own: one of each.
  await expect(page.locator('head > title')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

  // Searching asks the server; the filters narrow it further.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  await expect(page.getByText('2 jobs found')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const card = page.getByRole('article', { name: job.title });
  await expect(card).toContainText(company.name);
  await expect(card).toContainText('$25–35/hr');
  await expect(card).toContainText('UTC-05:00');
  await page.getByLabel('Engagement type').selectOption('fixed');
  await expect(page.getByText('1 job found')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/engagement_type=fixed/);
  await page.getByLabel('Engagement type').selectOption('');
  await expect(page.getByText('2 jobs found')).toBeVisible();
  await saveScreenshots(page, 'job-board');
  await expectNoSeriousViolations(page);

  // The job, with its company's public profile.
  await card.getByRole('link', { name: job.title, exact: true }).click();
  await expect(page).toHaveURL(paths.jobPost.getHref({ id: job.id }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  const about = page.getByRole('region', { name: `About ${company.name}` });
  await expect(about).toContainText('We sell outdoor gear online');
  await expect(about).toContainText('11-50 employees');
  await expect(about).toContainText('Portland, Oregon');
  await expect(about).toContainText('Payment not verified yet');
  await expect(about.getByText('Jobs posted').locator('..')).toContainText('2');
  await saveScreenshots(page, 'job-board-job');
  await expectNoSeriousViolations(page);

  // Signing up from the job: as someone looking for work (no company to name), then back to the apply dialog.
  await page.getByRole('link', { name: 'create a free account' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await expect(form.getByRole('radio', { name: "I'm looking for work" })).toBeChecked();
  await expect(form.getByLabel('Company name')).toHaveCount(0);
  await form.getByLabel('Full name').fill('Riley Remote');
  const email = uniqueEmail('board-applicant');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.applicantJob.getHref({ id: job.id })}\\?apply=1$`));
  const dialog = page.getByRole('dialog', { name: `Apply to ${job.title}` });
  await expect(dialog).toBeVisible();

  // An application waits for a confirmed address: the new applicant confirms it from the email, in a tab.
  const mailTab = await context.newPage();
  await mailTab.goto(await readEmailLink(request, email, paths.verifyEmail.getHref()));
  await expect(mailTab.getByRole('status')).toHaveText('Thank you: your email address is confirmed.');
  // The email's link remembers the job too.
  await expect(mailTab.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
    'href',
    `${paths.applicantJob.getHref({ id: job.id })}?apply=1`,
  );
  await mailTab.close();

  await dialog.getByLabel('Cover letter').fill('I have led support teams at two outdoor brands.');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('button', { name: `Applied to ${job.title}` })).toBeDisabled();

  // Back on the public page, the applicant sees they applied.
  await page.goto(paths.jobPost.getHref({ id: job.id }));
  await expect(page.getByText('You applied to this job')).toBeVisible();
});

test('a crawler or a link preview reads the board and its jobs without running any script', async ({
  createAccount,
  request,
  baseURL,
  browser,
}) => {
  const word = uniqueWord();
  const company = await hiringCompany(baseURL, createAccount, request);
  const job = await company.createJob({
    title: uniqueName('Bookkeeper'),
    description: `Keep our books in order, ${word}, and close each month on time.`,
    skill_tags: ['Xero'],
  });
  const ended = await company.createJob({ title: uniqueName('Ended role') });
  await company.close(ended.id);
  await company.dispose();

  const page = await request.get(paths.jobPost.getHref({ id: job.id }));
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<title data-server-head="">${job.title} at ${company.name} · Tandem</title>`);
  expect(html).toContain(`rel="canonical" href="${baseURL}${paths.jobPost.getHref({ id: job.id })}"`);
  expect(html).toContain(`property="og:title" content="${job.title} at ${company.name} · Tandem"`);
  expect(html).toContain('name="twitter:card" content="summary_large_image"');
  expect(html).not.toContain('Loading Tandem');
  // The rendered page itself, with its company.
  expect(html).toMatch(new RegExp(`<h1[^>]*>${job.title}</h1>`));
  expect(html).toContain('Keep our books in order');
  expect(html).toContain('We sell outdoor gear online');
  const posting = JSON.parse(
    html.match(/<script type="application\/ld\+json" id="job-posting-data">(.*?)<\/script>/)?.[1] ?? '{}',
  );
  expect(posting).toMatchObject({
    '@type': 'JobPosting',
    jobLocationType: 'TELECOMMUTE',
    directApply: true,
    hiringOrganization: { name: company.name, sameAs: 'https://northwind.example' },
    // Its closing date (the default validity from publishing), to the end of that day (decision 058).
    validThrough: `${job.closes_on}T23:59:59Z`,
  });
  // Real countries, not an area called "Worldwide": a job naming none is open to every country.
  expect(JSON.stringify(posting.applicantLocationRequirements)).toContain('{"@type":"Country","name":"Germany"}');

  const board = await request.get(`${paths.jobBoard.getHref()}?q=${word}`);
  expect(board.status()).toBe(200);
  const boardHtml = await board.text();
  expect(boardHtml).toContain('<title data-server-head="">Remote Jobs · Tandem</title>');
  expect(boardHtml).toContain(job.title);
  expect(boardHtml).toContain('1 job found');

  // A browser without JavaScript sees the same page.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto(paths.jobPost.getHref({ id: job.id }));
  await expect(staticPage.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(staticPage.getByRole('link', { name: 'Find Jobs' }).first()).toBeVisible();
  await noScript.close();

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${baseURL}${paths.jobBoard.getHref()}</loc>`);
  expect(sitemap).toContain(`/jobs/${job.id}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Allow: /api/public/');

  // A job that has ended is gone for good, and out of the board.
  expect((await request.get(paths.jobPost.getHref({ id: ended.id }))).status()).toBe(410);
  expect(sitemap).not.toContain(ended.id);
  expect(boardHtml).not.toContain(ended.title);
});
